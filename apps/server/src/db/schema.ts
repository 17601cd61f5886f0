import type { Envelope, FormKey } from '@formsmith/core/crypto/formats';
import type { FormField } from '@formsmith/core/forms/field';
import type { FormHistoryActor, FormHistoryKind } from '@formsmith/core/forms/versions';
import type { Translations } from '@formsmith/core/i18n/texts';
import { EMPTY_LOGIC, type FormDisplay, type FormLogic } from '@formsmith/core/logic/definition';
import type { TriageStatus } from '@formsmith/core/submissions/triage';
import type { Theme } from '@formsmith/core/themes/theme';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema-users.ts';

/** Raw bytes (sealed values); drizzle reads and writes them as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    authMethod: text('auth_method').notNull().default('password'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The sign-in, or the last password, code or passkey confirmed since: changes to how the
     * account signs in, its API keys, alerts and forms' end-to-end encryption need it recent.
     */
    provedAt: timestamp('proved_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * For a session opened through a workspace's identity provider: the provider's issuer and its
     * session id (the ID token's `sid`), so the provider's back-channel logout can end it.
     */
    ssoIssuer: text('sso_issuer'),
    ssoSid: text('sso_sid'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_sso_sid_idx').on(t.ssoIssuer, t.ssoSid).where(sql`${t.ssoSid} is not null`),
  ],
);

/** Single-use, expiring tokens mailed to users: verify, magic_link, email_change. Stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Where forms, themes, folders and API keys live. Every account has a personal one (`personalOf`,
 * made when it is first needed, and for existing accounts by the upgrade); teams make more.
 */
export const workspaces = pgTable('workspaces', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The account whose personal workspace this is (one each); null for a team's workspace. */
  personalOf: uuid('personal_of')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The workspace a member, form, folder, theme or key belongs to (deleting the workspace deletes it). */
const workspaceId = () =>
  integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/** Who belongs to a workspace, with their role (core workspaces/roles). */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: workspaceId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    /**
     * The member's mail choices in this workspace; null until they choose (core
     * workspaces/notifications says what null means). New submissions: all, mine (forms they
     * created), none.
     */
    notifySubmissions: text('notify_submissions'),
    /** Mail when someone mentions them in a comment. */
    notifyMentions: boolean('notify_mentions'),
    /** Mail when a submission is assigned to them. */
    notifyAssigned: boolean('notify_assigned'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'workspace_members_notify_submissions_check',
      sql`${t.notifySubmissions} is null or ${t.notifySubmissions} in ('all', 'mine', 'none')`,
    ),
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

/**
 * Invitations to a workspace, mailed as a single-use link (the token is stored only hashed). One
 * pending invitation per address and workspace: sending again replaces its token and expiry.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    /** The address invited, lower-cased; the account accepting must have it. */
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('workspace_invitations_email_idx').on(t.workspaceId, t.email),
  ],
);

/**
 * What happened in a workspace, who did it, when, from where and through what: the audit log.
 * Written in the transaction of the change it records; the app never updates an entry (a trigger
 * refuses), and deletes only those older than the retention time.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: workspaceId(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The account that acted (null once it is deleted, or for the server itself). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and address as they were, so the entry reads the same later. */
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    /** session, api_key or system. */
    via: text('via').notNull(),
    apiKeyId: uuid('api_key_id'),
    ip: text('ip'),
    action: text('action').notNull(),
    /** What it was done to: form, member, invitation, api_key, webhook, workspace. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_workspace_at_idx').on(t.workspaceId, t.at),
    index('audit_events_at_idx').on(t.at),
  ],
);

/**
 * A workspace's OpenID Connect provider (one each). The client secret is sealed under the data
 * key (SSO_SECRET_COLUMNS in modules/sso); the rest is what the owner chose.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The workspace whose owner connected it; null for the instance's own provider, set by an admin. */
    workspaceId: integer('workspace_id')
      .unique()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    /** What the login page and the messages call the provider; null: the issuer's host. */
    displayName: text('display_name'),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** The role of someone who joins by signing in with the provider (never owner). */
    defaultRole: text('default_role').$type<WorkspaceRole>().notNull(),
    /** Members other than owners may sign in only through the provider. */
    enforced: boolean('enforced').notNull().default(false),
    /** The longest a session opened through the provider lasts; null when the owner chose none. */
    sessionMaxAgeSeconds: integer('session_max_age_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // At most one instance-wide provider.
  (t) => [uniqueIndex('sso_connections_instance_idx').on(sql`(true)`).where(sql`${t.workspaceId} is null`)],
);

/**
 * A host name a workspace serves its forms on (`forms.example.org`). Requests for any other
 * host than the instance's own get a 404. `formId` set: the host's `/` opens that form.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    /** Lower-case host name without port. */
    host: text('host').primaryKey(),
    workspaceId: workspaceId(),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('custom_domains_workspace_idx').on(t.workspaceId)],
);

/**
 * A form a workspace's editors saved to start others from: its shelf in the template gallery.
 * `form` has the gallery template's form shape (core templates/template), checked when saved.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    /** The member who saved it; null once their account is gone. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('form_templates_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** An email domain the instance admin gave a workspace: its addresses sign in with its provider. */
export const workspaceDomains = pgTable('workspace_domains', {
  domain: text('domain').primaryKey(),
  workspaceId: workspaceId(),
  createdAt: createdAt(),
});

/** An account's identity at a provider: the issuer and its subject, found before any address. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    /** The account that made the form (its creator; the workspace decides who may open it). */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceId(),
    title: text('title').notNull().default('Untitled Form'),
    description: text('description').notNull().default(''),
    /** Canonical fields only: the door (save body, AI output) and the data migrations write them. */
    fields: jsonb('fields').$type<FormField[]>().notNull().default([]),
    logoUrl: text('logo_url'),
    themeConfig: jsonb('theme_config')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({ theme: 'default' }),
    submitButtonText: text('submit_button_text').notNull().default('Submit'),
    successMessage: text('success_message').notNull().default('Thank you for your submission!'),
    /** Rules, variables, endings and quiz settings (core logic/definition.ts), checked when saved. */
    logic: jsonb('logic').$type<FormLogic>().notNull().default(EMPTY_LOGIC),
    display: text('display').$type<FormDisplay>().notNull().default('classic'),
    /** The default language (BCP 47): the language of the texts above. */
    language: text('language').notNull().default('en'),
    /** Texts in the other languages, by tag then text key (core i18n/texts). */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    slug: text('slug'),
    /** Opened only by its custom slug: the numbered address answers like a missing form. */
    slugOnly: boolean('slug_only').notNull().default(false),
    /** The owner's folder the form is filed in (form_folders, same owner); null when unfiled. */
    folderId: integer('folder_id').references(() => formFolders.id, { onDelete: 'set null' }),
    accessRestriction: text('access_restriction').notNull().default('public'),
    accessCodeHash: text('access_code_hash'),
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    shareCount: integer('share_count').notNull().default(0),
    /** Per-form submission email; null means follow the owner's notification setting. */
    notifyOnSubmission: boolean('notify_on_submission'),
    /** The notification mail carries the response as a PDF (made when the mail is sent). */
    notifyAttachPdf: boolean('notify_attach_pdf').notNull().default(false),
    /** Whether the workspace's viewers read this form's answers (true) or only its counts. */
    viewerAnswers: boolean('viewer_answers').notNull().default(true),
    /** Days to keep submissions; null keeps them forever. */
    retentionDays: integer('retention_days'),
    /** The draft's revision, bumped by every content save (the ETag of the owner's GET). */
    version: integer('version').notNull().default(1),
    /** The form_versions number respondents get; null until the first publish. */
    publishedVersion: integer('published_version'),
    /** Set when the owner deletes the form: it sits in the Trash until restored or purged. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Close after this many submissions; null means no limit. */
    responseLimit: integer('response_limit'),
    /** Submissions taken against responseLimit, raised in the statement that stores each one. */
    responsesTaken: integer('responses_taken').notNull().default(0),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** The owner's IANA time zone the open/close times were entered in (shown back in it). */
    scheduleTimeZone: text('schedule_time_zone'),
    closedMessage: text('closed_message'),
    oneResponsePerBrowser: boolean('one_response_per_browser').notNull().default(false),
    /** Whether the respondent's browser solves a small puzzle before sending (a setting: applies at once). */
    spamChallenge: boolean('spam_challenge').notNull().default(false),
    /** Respondent confirmation mail settings (core forms/settings confirmationSchema); null when off. */
    confirmation: jsonb('confirmation').$type<Record<string, unknown>>(),
    /** Respondents' answers are kept as they go (incomplete submissions) and can be resumed. */
    savePartials: boolean('save_partials').notNull().default(false),
    /** Days an incomplete submission is kept after its last change. */
    partialRetentionDays: integer('partial_retention_days').notNull().default(30),
    /** 'enhanced': respondents' browsers encrypt answers to encryptionKey; 'standard' otherwise. */
    encryptionLevel: text('encryption_level').$type<'standard' | 'enhanced'>().notNull().default('standard'),
    /** The public key and the wrapped private key of an Enhanced form (never a passphrase); kept when turned off. */
    encryptionKey: jsonb('encryption_key').$type<FormKey>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('forms_slug_idx').on(t.slug),
    index('forms_owner_idx').on(t.ownerId, t.updatedAt),
    index('forms_trash_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('forms_folder_idx').on(t.folderId).where(sql`${t.folderId} is not null`),
  ],
);

/** A workspace's folders for sorting its forms; a name is used once per workspace, whatever its case. */
export const formFolders = pgTable(
  'form_folders',
  {
    id: serial('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('form_folders_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`)],
);

/**
 * An owner's saved themes. A form names one in its theme_config (`saved:<id>`) and is drawn with
 * whatever the theme holds when the page is served, so a change reaches every form using it.
 */
export const formThemes = pgTable(
  'form_themes',
  {
    id: serial('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    /** A core `Theme`, checked for contrast before every write. */
    theme: jsonb('theme').$type<Theme>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('form_themes_owner_idx').on(t.ownerId)],
);

/** The theme an owner's new forms start with (`builtin:<id>` or `saved:<id>`); none: the product's. */
export const themeDefaults = pgTable('theme_defaults', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  themeRef: text('theme_ref').notNull(),
});

/**
 * Every published state of a form's content, numbered from 1. Respondents get the one named by
 * forms.published_version while the owner edits the draft in forms; submissions name the version
 * they answered, so their answers keep the labels the respondent saw.
 */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Canonical fields, as the draft held them when published. */
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    logoUrl: text('logo_url'),
    themeConfig: jsonb('theme_config').$type<Record<string, unknown>>().notNull(),
    submitButtonText: text('submit_button_text').notNull(),
    successMessage: text('success_message').notNull(),
    /** The logic and layout respondents of this version get (versions kept before logic existed have none). */
    logic: jsonb('logic').$type<FormLogic>().notNull().default(EMPTY_LOGIC),
    display: text('display').$type<FormDisplay>().notNull().default('classic'),
    language: text('language').notNull().default('en'),
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.number] })],
);

/**
 * Changes to how a form protects its answers (end-to-end encryption on, off, another key), shown
 * in its history beside the published versions: a switch back to Standard must not go unseen.
 */
export const formHistory = pgTable(
  'form_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FormHistoryKind>().notNull(),
    /** 'session' or 'api_key': how the change was made. */
    actor: text('actor').$type<FormHistoryActor>().notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('form_history_form_idx').on(t.formId, t.createdAt)],
);

/** Who has a form's editor open: each open editor marks itself every few seconds (forms/presence.ts). */
export const formPresence = pgTable(
  'form_presence',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.userId] })],
);

export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** Clear answers: only rows stored before encryption at rest, until the key command seals them; else {}. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The answers sealed under the server's data key (submissions/answers.ts), context 'submission.data:<id>'. */
    sealedData: bytea('sealed_data'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    completed: boolean('completed').notNull().default(true),
    idempotencyKey: text('idempotency_key'),
    /** The form_versions number the respondent answered. */
    formVersion: integer('form_version').notNull().default(1),
    /** The language the respondent filled the form in (one of the form's; older rows were in English). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    /**
     * The transaction that stored the row: the sync listing pages by it and stops below the oldest
     * transaction still running, so a row can never appear behind a cursor already handed out.
     */
    txid: bigint('txid', { mode: 'number' }).notNull().default(sql`pg_current_xact_id()::text::bigint`),
    /** SHA-256 of the resume token of a submission saved as the respondent goes (never the token). */
    resumeTokenHash: text('resume_token_hash'),
    /** How far the respondent got (core submissions/progress progressRecordSchema); null for a one-shot submit. */
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    /** The answers encrypted in the respondent's browser (Enhanced forms); data is then empty. */
    envelope: jsonb('envelope').$type<Envelope>(),
    updatedAt: updatedAt(),
    /** The member the team gave it to (submissions/triage.ts); null when nobody has it. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** in_progress or done; null is new, so an untouched submission stores nothing. */
    triageStatus: text('triage_status').$type<Exclude<TriageStatus, 'new'>>(),
    /**
     * The short reference people use (#142), distinct within the form and never reused. A trigger
     * takes it from the form's own sequence (submission_numbers_<form id>) as the row is inserted:
     * nextval never waits on another transaction, unlike a counter row every submit would update.
     * The trigger replaces whatever an insert gives, so a Drizzle insert may leave it out (0).
     */
    number: integer('number')
      .notNull()
      .$defaultFn(() => 0),
  },
  (t) => [
    uniqueIndex('submissions_form_number_idx').on(t.formId, t.number),
    index('submissions_form_created_idx').on(t.formId, t.createdAt, t.id),
    index('submissions_form_txid_idx').on(t.formId, t.txid, t.id),
    // Partial: most submissions have neither an idempotency key nor a resume token, and an index
    // entry per row for a null would cost every submit a write for nothing.
    uniqueIndex('submissions_idempotency_idx')
      .on(t.formId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('submissions_resume_token_idx')
      .on(t.resumeTokenHash)
      .where(sql`${t.resumeTokenHash} is not null`),
    index('submissions_partial_idx').on(t.formId, t.updatedAt).where(sql`${t.completed} = false`),
    // Partial: most submissions are never assigned; deleting an account finds its assignments here.
    index('submissions_assignee_idx').on(t.assigneeId).where(sql`${t.assigneeId} is not null`),
    check('submissions_triage_status_check', sql`${t.triageStatus} in ('in_progress', 'done')`),
  ],
);

/** Members' comments on a submission; the members a comment mentions were mailed it. */
export const submissionComments = pgTable(
  'submission_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted; the comment stays with the team. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The user ids the comment mentions. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('submission_comments_submission_idx').on(t.submissionId, t.createdAt)],
);

/**
 * A saved view of a form's review table: which columns, filters and sort. Private to its maker
 * unless `shared`, when every member who can read the answers sees it.
 */
export const submissionViews = pgTable(
  'submission_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** Null once the maker's account is gone (a shared view stays with the team). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Columns, filters and sort, in core's review-view shape, checked when saved. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('submission_views_form_idx').on(t.formId, t.createdAt)],
);

/** Single-use links mailed to a respondent to resume an incomplete submission on another device. */
export const resumeLinks = pgTable(
  'resume_links',
  {
    /** SHA-256 of the link's token. */
    tokenHash: text('token_hash').primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('resume_links_submission_idx').on(t.submissionId)],
);

/** Files uploaded by respondents; never listed publicly, served only to the form's owner. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    fieldId: text('field_id').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_form_idx').on(t.formId), index('uploads_submission_idx').on(t.submissionId)],
);

/**
 * Aggregates kept up to date on write are spread over STATS_SHARDS rows per key (the `shard`
 * column, chosen per database connection): concurrent submits to one form then update different
 * rows instead of queueing on one row lock until commit. Readers SUM over the shards.
 */
export const STATS_SHARDS = 16;

/** How many submissions each form holds: SUM(count) over its shards (a shard may be negative). */
export const formSubmissionCounts = pgTable(
  'form_submission_counts',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.shard] })],
);

/** Per form and UTC day (and shard): views, submissions and completion time, kept up to date on write. */
export const formDailyStats = pgTable(
  'form_daily_stats',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull().default(0),
    views: integer('views').notNull().default(0),
    submissions: integer('submissions').notNull().default(0),
    completionTimeTotal: integer('completion_time_total').notNull().default(0),
    completionTimeCount: integer('completion_time_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.day, t.shard] })],
);

/**
 * The drop-off funnel of forms that save answers as respondents go, per form, step (page or
 * question, with its position) and shard: how many respondents reached it and a histogram of the
 * seconds they spent on it (buckets of powers of two, see analytics/funnel.ts). Two pseudo-steps
 * count the respondents who started and those who completed.
 */
export const formFunnelStats = pgTable(
  'form_funnel_stats',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    step: text('step').notNull(),
    shard: smallint('shard').notNull().default(0),
    reached: integer('reached').notNull().default(0),
    secondsHistogram: integer('seconds_histogram').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.stepIndex, t.step, t.shard] })],
);

/** Per form, field and UTC day (and shard): responses, skips and time spent. */
export const fieldDailyStats = pgTable(
  'field_daily_stats',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    fieldId: text('field_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull().default(0),
    responseCount: integer('response_count').notNull().default(0),
    skipCount: integer('skip_count').notNull().default(0),
    timeSpentTotal: integer('time_spent_total').notNull().default(0),
    timeSpentCount: integer('time_spent_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.fieldId, t.day, t.shard] })],
);

/** Per form, field, UTC day and answer (and shard): how often the answer was given. */
export const answerDailyCounts = pgTable(
  'answer_daily_counts',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    fieldId: text('field_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    answer: text('answer').notNull(),
    shard: smallint('shard').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.fieldId, t.day, t.answer, t.shard] })],
);

export const securitySettings = pgTable('security_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  securityNotifications: boolean('security_notifications').notNull().default(true),
  dataRetentionPeriod: integer('data_retention_period').notNull().default(30),
  gdprEnabled: boolean('gdpr_enabled').notNull().default(false),
  encryptionLevel: text('encryption_level').notNull().default('standard'),
  updatedAt: updatedAt(),
});

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  formSubmissions: boolean('form_submissions').notNull().default(true),
  securityAlerts: boolean('security_alerts').notNull().default(true),
  marketingEmails: boolean('marketing_emails').notNull().default(false),
  weeklyDigest: boolean('weekly_digest').notNull().default(true),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const dataProtectionRequests = pgTable(
  'data_protection_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestType: text('request_type').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    completionDate: timestamp('completion_date', { withTimezone: true }),
  },
  (t) => [index('dpr_user_idx').on(t.userId)],
);

/** Durable background jobs (mail, retention, digest); workers claim with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The account the job is about (its mail, its links); deleting the account deletes them. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`),
    index('jobs_user_idx').on(t.userId),
  ],
);

/**
 * Rate-limit windows shared by every instance on this database (the security limits: sign-in,
 * sign-up, mailed links, access codes). One row per limit and key; a row past reset_at starts a
 * new window on its next hit and is swept away otherwise.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)],
);

/** A form's webhook endpoints. The secret signs deliveries; the previous one also, until it expires. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The form it listens to, or null for a workspace webhook (workspace events such as member.*). */
    formId: integer('form_id').references(() => forms.id, { onDelete: 'cascade' }),
    workspaceId: workspaceId(),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    format: text('format').notNull().default('json'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** First failure of the current run of failures; cleared by any success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_form_idx').on(t.formId), index('webhooks_workspace_idx').on(t.workspaceId)],
);

/**
 * A form's scheduled report: its new responses mailed as CSV or Excel daily, weekly or monthly at a
 * wall-clock time in `time_zone` (core reports/scheduled). Each run is one job queued for
 * `next_run_at`; the run that sends moves `next_run_at` on in the transaction that queues the
 * mail, so a rerun of the same job finds it moved and sends nothing.
 */
export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** Null once the maker's account is gone (the report stays with the form). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** csv or xlsx: the responses since the last report; pdf: the form's summary. */
    format: text('format').notNull(),
    frequency: text('frequency').notNull(),
    /** ISO weekday (1 = Monday) of a weekly report. */
    weekday: integer('weekday'),
    /** Day of the month of a monthly report; a shorter month sends on its last day. */
    monthDay: integer('month_day'),
    /** Wall-clock HH:MM in time_zone. */
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Addresses of verified accounts of the form's workspace, checked when saved and when sent. */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    /** The end of the last report's window: the next one lists the responses after it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_reports_form_idx').on(t.formId, t.createdAt),
    check('scheduled_reports_format_check', sql`${t.format} in ('csv', 'xlsx', 'pdf')`),
    check('scheduled_reports_frequency_check', sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
  ],
);

/** One event for one webhook; its id is the `webhook-id` every attempt of it carries. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    submissionId: uuid('submission_id'),
    /** The body, fixed at the first attempt so every retry sends the same bytes. */
    body: text('body'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/** Personal API keys: stored as a SHA-256 hash; `prefix` is the part shown in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

/** Data migrations (rewrites of stored rows that SQL alone cannot express) already applied here. */
/**
 * Every data key (by its fingerprint, never the key) that has sealed something in this database:
 * a server that lacks one of them refuses to start instead of failing on every read.
 */
export const encryptionKeys = pgTable('encryption_keys', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
  /** When the key command found nothing sealed under it any more (it may then leave the key file). */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './schema-two-factor.ts';
export * from './schema-users.ts';
