import { z } from 'zod';

/** `GET /api/health/live`: the process answers. */
export const liveResponseSchema = z.object({ status: z.literal('ok') });

/** Mail waiting in the job queue: failures show up here before anyone misses a mail. */
export const mailQueueHealthSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  pending: z.number().int().describe('Mails queued or waiting for a retry'),
  failed: z.number().int().describe('Mails that used up their attempts'),
  oldest_pending_seconds: z.number().nullable().describe('Age of the oldest mail still waiting'),
});

/** `GET /api/health`: 200 when the database and file storage work, else 503 `degraded`. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  storage: z.object({ kind: z.enum(['local', 's3']), ok: z.boolean() }),
  mail: mailQueueHealthSchema.nullable().describe('null when the database cannot be read'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type MailQueueHealth = z.infer<typeof mailQueueHealthSchema>;
