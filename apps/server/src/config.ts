import path from 'node:path';
import { REAUTH_WINDOW_SECONDS } from '@formsmith/core/auth/reauth';
import { type HomePage, parseHomePage } from '@formsmith/core/instance/api';
import { AUDIT_RETENTION_DEFAULT_DAYS } from '@formsmith/core/workspaces/audit';
import { hostWithoutPort } from '@formsmith/core/workspaces/domains';
import { z } from 'zod';
import { MAIL_ATTACHMENT_MAX_BYTES } from './mail/attachments.ts';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalString.pipe(
      z.url({ message: 'must be a URL such as https://forms.example.com' }).optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(1).default('Formsmith <no-reply@localhost>'),
    AI_BASE_URL: optionalString.pipe(z.url().optional()),
    AI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
    AI_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
    SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(604800),
    SESSION_MAX_AGE_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int({ message: 'must be a whole number of seconds' })
      .min(300, { message: 'must be at least 300 seconds' })
      .default(30 * 24 * 3600),
    REAUTH_WINDOW_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int({ message: 'must be a whole number of seconds' })
      .min(1, { message: 'must be at least 1 second' })
      .max(3600, { message: 'must be at most 3600 seconds (an hour)' })
      .default(REAUTH_WINDOW_SECONDS),
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ message: 'must be a number of days' })
      .int({ message: 'must be a whole number of days' })
      .min(30, { message: 'must be at least 30 days' })
      .default(AUDIT_RETENTION_DEFAULT_DAYS),
    MAIL_ATTACHMENT_MAX_BYTES: z.coerce
      .number({ message: 'must be a number of bytes' })
      .int({ message: 'must be a whole number of bytes' })
      .min(1, { message: 'must be at least 1 byte' })
      .default(MAIL_ATTACHMENT_MAX_BYTES),
    RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
    TRUST_PROXY: optionalString,
    ALLOWED_HOSTS: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    WEB_DIST: optionalString,
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(
      z.url({ message: 'must be a URL such as https://s3.example.com' }).optional(),
    ),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
    ),
    ENCRYPTION_KEY: optionalString,
    HOME_PAGE: optionalString.transform((value, ctx) => {
      const home = parseHomePage(value ?? 'landing');
      if (home) return home;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be landing, signin or redirect:<address> (an http(s) URL or a path such as /form/contact)',
      });
      return z.NEVER;
    }),
    SUPPORT_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://example.com/support' })
        .optional(),
    ),
    // Not trimmed: a passphrase's spaces are part of it.
    BACKUP_PASSPHRASE: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    SHOW_POWERED_BY: z
      .enum(['true', 'false', ''], { message: 'must be true or false' })
      .optional()
      .transform((v) => v !== 'false'),
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['true', 'false', ''], { message: 'must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
  })
  .superRefine((e, ctx) => {
    if (!e.S3_BUCKET) return;
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when S3_BUCKET is set' });
  });

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The most bytes of attachments one mail carries (MAIL_ATTACHMENT_MAX_BYTES); above, it links to the app instead. */
  mailAttachmentMaxBytes: number;
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
    /** Further attempts after an unreachable server, HTTP 429/5xx or an unusable answer. */
    retries: number;
  };
  sessionTtlSeconds: number;
  /** Days an audit log entry is kept (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /** How long after signing in a session ends, however often it is refreshed. */
  sessionMaxAgeSeconds: number;
  /**
   * How long a sign-in, or a password, code or passkey confirmed since, lets a session change
   * sign-in methods, API keys, alerts and end-to-end encryption without asking again.
   */
  reauthWindowSeconds: number;
  rateLimitFactor: number;
  trustProxy: string | undefined;
  /**
   * Host names served as the instance's own besides PUBLIC_URL's and loopback (ALLOWED_HOSTS), or
   * 'any' to serve every host that is not a custom domain as the instance's own.
   */
  allowedHosts: string[] | 'any';
  logLevel: string;
  /** S3-compatible storage for respondents' files; unset keeps them under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Folder of the built web app; the server serves it when it exists. */
  webDist: string;
  /** Let webhooks reach loopback, private and link-local addresses (a LAN install, tests). */
  webhookAllowPrivate: boolean;
  /** What `/` opens: the landing page (the default), the sign-in page, or another address. */
  homePage: HomePage;
  /** Where the landing page's support tiers lead; unset hides them. */
  supportUrl: string | undefined;
  /** Public pages say "Powered by Formsmith" (a form can still turn it off); false hides it on every form. */
  showPoweredBy: boolean;
  /** Bearer token that `GET /metrics` asks for; unset means no metrics endpoint. */
  metricsToken: string | undefined;
  /** Run background jobs (mail, retention, digest) in this process. */
  runJobs: boolean;
  /** How often the job worker looks for due jobs; a job this process queues runs at once anyway. */
  jobPollMs: number;
  /**
   * The data keys for encryption at rest (base64 or hex, comma-separated, current first); unset
   * keeps them in DATA_DIR/encryption.key, created on first start.
   */
  encryptionKey: string | undefined;
  /**
   * The passphrase `npm run backup -- --with-key` seals the data keys with, and `npm run restore`
   * opens them with; unset, both ask at the terminal. Only the admin commands read it.
   */
  backupPassphrase: string | undefined;
};

export type S3Config = {
  bucket: string;
  /** Base URL of the service; objects are addressed path-style as <endpoint>/<bucket>/<key>. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; throws ConfigError with every problem listed. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailAttachmentMaxBytes: e.MAIL_ATTACHMENT_MAX_BYTES,
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      retries: e.AI_RETRIES,
    },
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    reauthWindowSeconds: e.REAUTH_WINDOW_SECONDS,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustProxy: e.TRUST_PROXY,
    allowedHosts:
      e.ALLOWED_HOSTS === '*'
        ? 'any'
        : (e.ALLOWED_HOSTS ?? '')
            .split(',')
            .map((h) => hostWithoutPort(h))
            .filter((h) => h !== ''),
    logLevel: e.LOG_LEVEL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    homePage: e.HOME_PAGE,
    supportUrl: e.SUPPORT_URL,
    showPoweredBy: e.SHOW_POWERED_BY,
    metricsToken: e.METRICS_TOKEN,
    runJobs: true,
    jobPollMs: 1000,
    encryptionKey: e.ENCRYPTION_KEY,
    backupPassphrase: e.BACKUP_PASSPHRASE,
  };
}
