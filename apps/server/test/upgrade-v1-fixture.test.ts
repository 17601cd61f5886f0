import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { fieldSchema } from '@formsmith/core/forms/field';
import { normalizeConditionalLogic } from '@formsmith/core/forms/read-field';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { endingFromMessage } from '@formsmith/core/logic/endings';
import { foldFieldConditions } from '@formsmith/core/logic/field-rules';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resealAll } from '../src/admin/encryption-key.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { dataMigrations, forms, formVersions, submissions } from '../src/db/schema.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { countUnsealedAnswers } from '../src/modules/submissions/index.ts';
import expectedJson from './fixtures/v1/expected.json' with { type: 'json' };
import { FIXTURE_READS, type FixtureExpectations, readKey } from './fixtures/v1/reads.ts';
import { dbKind, TEST_ENCRYPTION_KEY } from './helpers/app.ts';
import { newPostgresDatabase } from './helpers/own-database.ts';

const expected = expectedJson as FixtureExpectations;
const dump = readFileSync(new URL('./fixtures/v1/v1.sql', import.meta.url), 'utf8');

/** A database holding the fixture, on the kind of database the suite runs on. */
async function openFixtureDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = new PGlite();
    await client.exec(dump);
    const { drizzle } = await import('drizzle-orm/pglite');
    const schema = await import('../src/db/schema.ts');
    const db = drizzle({ client, schema }) as unknown as Database['db'];
    const database: Database = {
      db,
      kind: 'pglite',
      pool: undefined,
      pglite: client,
      close: () => client.close(),
    };
    return { database, drop: () => client.close() };
  }
  // The shared test database already holds the current schema: the fixture gets a database of its own.
  const own = await newPostgresDatabase('fixture');
  const loader = new pg.Client({ connectionString: own.url });
  await loader.connect();
  await loader.query(dump);
  await loader.end();
  const database = await openDatabase({ databaseUrl: own.url, dataDir: 'memory://' });
  return {
    database,
    drop: async () => {
      await database.close();
      await own.drop();
    },
  };
}

// The owner's form list now carries each form's field count instead of its fields (the fields
// can be large); what the release answered is compared in that shape.
function withFieldCounts(body: { forms: Array<Record<string, unknown>> }) {
  return {
    forms: body.forms.map(({ fields, ...form }) =>
      Array.isArray(fields) ? { ...form, field_count: fields.length } : form,
    ),
  };
}

// Keys later releases added to forms (draft revision, published version) and submissions (the
// version answered): older clients ignore them, so they are left out of the comparison.
const ADDED_KEYS = new Set([
  'version',
  'published_version',
  'has_unpublished_changes',
  'form_version',
  'number',
]);
// Keys later releases added with a value every upgraded form must have: left out only when the
// form has exactly that value
// (no logic, the classic layout, no answers saved as respondents go, no progress record).
const ADDED_DEFAULTS: Record<string, unknown> = {
  logic: EMPTY_LOGIC,
  display: 'classic',
  save_partials: false,
  progress: null,
  // Forms written before languages are in English with no translations; so are their submissions.
  language: 'en',
  translations: {},
  // Submission lists gained a cursor to their next page; each of the fixture's fits on one page.
  next_cursor: null,
  // Submissions gained a team's triage; nobody has touched v1's.
  triage: { status: 'new', assignee: null, comment_count: 0 },
  // Forms gained folders and slug-only sharing; none of v1's is filed or kept to its slug.
  folder_id: null,
  slug_only: false,
  // Public views gained the page's look; a form of v1 has no theme, no footer and the default badge.
  look: { theme: null, show_powered_by: true, footer_text: null, privacy_url: null, custom_css: null },
};

/**
 * CSV exports gained a Reference column (first) and a Status and a Language column (after the
 * time); every submission of v1 is complete, and in English. The migration numbered each form's
 * submissions in the order they came, and the export lists them in that order: #1, #2, …
 * A file answer became a signed link to the file where v1 wrote its name; the fixture's one file
 * is cv.txt, uploaded to form 2.
 */
function withoutAddedColumns(csv: string): string {
  const bom = csv.startsWith('\uFEFF') ? '\uFEFF' : '';
  if (!csv.slice(bom.length).startsWith('Reference,Submission ID,Submitted At,Status,Language')) return csv;
  const lines = csv.slice(bom.length).split('\r\n');
  return (
    bom +
    lines
      .map((line, i) => {
        if (i === 0) return line.replace('Reference,', '').replace(',Status,Language,', ',');
        if (line === '') return line;
        const reference = `#${i},`;
        expect(line.startsWith(reference), `line ${i} starts with ${reference}`).toBe(true);
        return line
          .slice(reference.length)
          .replace(/^([^,]*,[^,]*),complete,en,/, '$1,')
          .replace(
            /,https?:\/\/[^,/]+\/api\/file-links\/2\/[\w-]+\/[\w-]+\?expires=\d+&key=[\w-]+&sig=[\w-]+,/,
            ',cv.txt,',
          );
      })
      .join('\r\n')
  );
}

function isAddedKey(key: string, value: unknown): boolean {
  if (ADDED_KEYS.has(key)) return true;
  // The password gate's refusal names the form's title since the first release.
  if (key === 'fields' && isDeepStrictEqual(Object.keys(value ?? {}), ['form_title'])) return true;
  return key in ADDED_DEFAULTS && isDeepStrictEqual(value, ADDED_DEFAULTS[key]);
}

/**
 * A form's success message became its plain ending (a data migration): a form of the release,
 * which had no logic, now has exactly that one ending, its message the success message it shows.
 */
function isFoldedSuccessMessage(form: Record<string, unknown>): boolean {
  if (typeof form.success_message !== 'string') return false;
  return isDeepStrictEqual(form.logic, {
    ...EMPTY_LOGIC,
    endings: [endingFromMessage(form.success_message, [])],
  });
}

function withoutAddedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAddedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const folded = isFoldedSuccessMessage(value as Record<string, unknown>);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => !isAddedKey(k, v) && !(folded && k === 'logic'))
      .map(([k, v]) => [k, withoutAddedKeys(v)]),
  );
}

/**
 * Questions' own conditions became rules of the form's logic (a data migration, core
 * logic/field-rules.ts). Both sides are set aside under one key to compare: the release's
 * conditions as the rules they convert to, and the rules the form now answers with.
 */
const CONDITION_RULES = 'condition_rules';
function withConditionsAsRules(value: unknown, side: 'release' | 'now'): unknown {
  if (Array.isArray(value)) return value.map((v) => withConditionsAsRules(v, side));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, withConditionsAsRules(v, side)] as const);
  const object: Record<string, unknown> = Object.fromEntries(entries);
  if (side === 'release' && Array.isArray(object.fields)) {
    const fields = object.fields as Array<Record<string, unknown>>;
    const own = fields.map((field) => ({
      id: String(field.id),
      conditionalLogic: normalizeConditionalLogic(field.conditional_logic),
    }));
    const rules = foldFieldConditions(own, EMPTY_LOGIC).logic.rules;
    if (rules.length > 0) {
      object.fields = fields.map(({ conditional_logic: _c, ...field }) => field);
      object[CONDITION_RULES] = rules;
    }
  }
  const logic = object.logic as { rules?: unknown[] } | undefined;
  if (side === 'now' && logic?.rules && logic.rules.length > 0) {
    object[CONDITION_RULES] = logic.rules;
    object.logic = { ...logic, rules: [] };
  }
  return object;
}

// The analytics period runs to today, so only what the fixture's rows decide is compared.
function comparable(key: string, raw: unknown, side: 'release' | 'now'): unknown {
  if (typeof raw === 'string') return withoutAddedColumns(raw);
  const body = key.includes('/api/analytics/') ? raw : withoutAddedKeys(withConditionsAsRules(raw, side));
  if (key.endsWith(' /api/forms') && typeof body === 'object' && body !== null && 'forms' in body) {
    return withFieldCounts(body as { forms: Array<Record<string, unknown>> });
  }
  if (!key.includes('/api/analytics/') || typeof body !== 'object' || body === null) return body;
  // The funnel and the paths came later; v1 kept no answers as respondents went, so nobody
  // started, and had no pages or endings, so no path is counted.
  const { period_end: _end, metrics: _metrics, funnel, paths, ...rest } = body as Record<string, unknown>;
  if (funnel !== undefined) expect(funnel).toMatchObject({ started: 0, steps: [], completed: 0 });
  if (paths !== undefined) expect(paths).toEqual({ pages: [], endings: [] });
  // The per-type figures came later too (v1 had none): what v1 answered must read the same; the
  // new keys are left out here (dates and files count the answers recorded since, or all of them
  // once `analytics:rebuild` has run, as the upgrade guide says).
  if (Array.isArray(rest.field_analytics)) {
    rest.field_analytics = rest.field_analytics.map((field: Record<string, unknown>) => {
      const { summary: _s, histogram: _h, nps: _n, split: _y, timeline: _t, files: _f, ...v1 } = field;
      return v1;
    });
  }
  return rest;
}

describe(`a database written by release v1 (${dbKind})`, () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const auth: Record<string, { authorization: string }> = {};

  beforeAll(async () => {
    const fixture = await openFixtureDatabase();
    drop = fixture.drop;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-fixture-'));
    const config = loadConfig({
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_FACTOR: '1000',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    config.runJobs = false;
    app = await buildApp(config, { database: fixture.database });
    await app.ready();
    for (const [who, userId] of Object.entries(expected.users)) {
      const { token } = await createSession(app.db, { userId, ttlSeconds: 3600, authMethod: 'password' });
      auth[who] = { authorization: `Bearer ${token}` };
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it.each(FIXTURE_READS(expected).map((read) => [readKey(read), read] as const))(
    'answers %s as the release that wrote it did',
    async (key, read) => {
      const res = await app.inject({ method: 'GET', url: read.url, headers: read.as ? auth[read.as] : {} });
      const json = res.headers['content-type']?.toString().startsWith('application/json');
      const before = expected.reads[key]!;
      expect(res.statusCode).toBe(before.status);
      expect(comparable(key, json ? res.json() : res.body, 'now')).toEqual(
        comparable(key, before.body, 'release'),
      );
    },
  );

  it("numbers each form's submissions in the order they came, and a new one after them", async () => {
    const rows = await queryRows<{ form_id: number; number: number; rank: number }>(
      app.db,
      sql`select form_id, number, row_number() over (partition by form_id order by created_at, id)::int as rank
        from submissions`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.number).toBe(row.rank);
    const every = expected.forms.every;
    const [last] = await queryRows<{ n: number }>(
      app.db,
      sql`select max(number)::int as n from submissions where form_id = ${every}`,
    );
    await queryRows(
      app.db,
      sql`insert into submissions (form_id, data, metadata) values (${every}, '{}'::jsonb, '{}'::jsonb)`,
    );
    const [next] = await queryRows<{ n: number }>(
      app.db,
      sql`select max(number)::int as n from submissions where form_id = ${every}`,
    );
    expect(next!.n).toBe(last!.n + 1);
    await queryRows(app.db, sql`delete from submissions where form_id = ${every} and number = ${next!.n}`);
  });

  it('keeps every answer and file of every submission', async () => {
    const every = expected.forms.every;
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${every}/submissions`,
      headers: auth.owner,
    });
    const ada = res
      .json()
      .items.find((item: { data: { name?: string } }) => item.data.name === 'Ada Lovelace');
    expect(ada.data.cv).toMatchObject({ name: 'cv.txt', upload_id: expect.any(String) });
    expect(ada.data.topics).toEqual(['design', 'code']);
  });

  it('puts every account in a personal workspace of its own, as its owner, holding its forms', async () => {
    const accounts = await queryRows<{ id: string; workspace: number | null; role: string | null }>(
      app.db,
      sql`select u.id, w.id as workspace, m.role from users u
        left join workspaces w on w.personal_of = u.id
        left join workspace_members m on m.workspace_id = w.id and m.user_id = u.id`,
    );
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts)
      expect(account).toMatchObject({ workspace: expect.any(Number), role: 'owner' });
    const misplaced = await queryRows<{ id: number }>(
      app.db,
      sql`select f.id from forms f join workspaces w on w.id = f.workspace_id where w.personal_of <> f.owner_id`,
    );
    expect(misplaced).toEqual([]);
    const forms = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from forms`);
    expect(forms[0]!.n).toBeGreaterThan(0);
    // The owner's reads of the upgraded forms are unchanged (the tests above and below).
    const listed = await app.inject({ method: 'GET', url: '/api/workspaces', headers: auth.owner });
    expect(listed.json().workspaces).toEqual([
      { id: expect.any(Number), name: expect.any(String), personal: true, role: 'owner' },
    ]);
  });

  it('stores the fields of every form in the canonical shape, once', async () => {
    const rows = await app.db.select({ fields: forms.fields }).from(forms);
    for (const row of rows) for (const field of row.fields) expect(fieldSchema.parse(field)).toEqual(field);
    const versions = await app.db.select({ fields: formVersions.fields }).from(formVersions);
    expect(versions.length).toBeGreaterThan(0);
    for (const row of versions)
      for (const field of row.fields) expect(fieldSchema.parse(field)).toEqual(field);
    // Their own conditions are rules of the logic now, in drafts and published versions alike.
    for (const row of [...rows, ...versions])
      for (const field of row.fields) expect(field.conditionalLogic).toBeUndefined();
    const applied = await app.db.select().from(dataMigrations);
    expect(applied.map((m) => m.name)).toEqual([
      'canonical-fields',
      'canonical-version-fields',
      'success-message-endings',
      'success-message-version-endings',
      'field-condition-rules',
      'field-condition-version-rules',
    ]);
  });

  it('ends each form with its success message, now its first ending, on the page and in the editor', async () => {
    const rows = await app.db
      .select({ id: forms.id, logic: forms.logic, successMessage: forms.successMessage })
      .from(forms);
    for (const row of rows) {
      expect(row.logic.endings[0], `form ${row.id}`).toMatchObject({ message: row.successMessage });
    }
    const versions = await app.db
      .select({ logic: formVersions.logic, successMessage: formVersions.successMessage })
      .from(formVersions);
    for (const row of versions) expect(row.logic.endings[0]).toMatchObject({ message: row.successMessage });
    // Publishing again finds nothing changed: the draft and its version were folded alike.
    const owned = await app.inject({
      method: 'GET',
      url: `/api/forms/${expected.forms.every}`,
      headers: auth.owner,
    });
    expect(owned.json().has_unpublished_changes).toBe(false);
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${expected.forms.legacy}/submit`,
      payload: { data: { q1: 'ending@example.com', q2_2: 'Blue' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const legacy = rows.find((r) => r.id === expected.forms.legacy)!;
    expect(res.json().ending).toMatchObject({ id: 'ending_default', message: legacy.successMessage });
  });

  it("keeps and drops the same answers as the questions' own conditions did, on every form", async () => {
    // What the release kept of each submission (its own evaluator decided by these conditions):
    // 'Why France?' only when the country is France; 'Allergies' reads a question that does not
    // exist, so it is never shown. The legacy row has no conditions: everything sent is kept.
    // The draft is not published, so nobody can answer it.
    const ask = async (formId: number, data: Record<string, unknown>, extra: object = {}) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        payload: { data, ...extra },
      });
      expect(res.statusCode, res.body).toBe(201);
      const list = await app.inject({
        method: 'GET',
        url: `/api/form-submissions/forms/${formId}/submissions`,
        headers: formId === expected.forms.legacy ? auth.other : auth.owner,
      });
      const items = list.json().items as Array<{ id: string; data: Record<string, unknown> }>;
      return items.find((item) => String(item.id) === String(res.json().submission_id))!.data;
    };
    const { every, camel, legacy } = expected.forms;
    const person = { name: 'Di', size: 's', email: 'di@example.com' };
    expect(await ask(every, { ...person, country: 'fr', why: 'Food' })).toMatchObject({ why: 'Food' });
    expect(await ask(every, { ...person, country: 'es', why: 'Food' })).not.toHaveProperty('why');
    expect(await ask(every, { ...person, why: 'Food' })).not.toHaveProperty('why');

    const owned = await app.inject({ method: 'GET', url: `/api/forms/${camel}`, headers: auth.owner });
    const idOf = (label: string) =>
      (owned.json().fields as Array<{ id: string; label: string }>).find((f) => f.label === label)!.id;
    const signUp = { [idOf('Name')]: 'Ed', [idOf('Diet')]: ['Vegan'], [idOf('Allergies')]: 'Nuts' };
    const kept = await ask(camel, signUp, { access_code: 'letmein' });
    expect(kept).toMatchObject({ [idOf('Name')]: 'Ed', [idOf('Diet')]: ['Vegan'] });
    expect(kept).not.toHaveProperty(idOf('Allergies'));

    expect(await ask(legacy, { q1: 'kept@example.com', q2: 'Hi', q2_2: 'Red' })).toMatchObject({
      q1: 'kept@example.com',
      q2: 'Hi',
      q2_2: 'Red',
    });
  });

  it('accepts new submissions to the upgraded forms', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${expected.forms.legacy}/submit`,
      payload: { data: { q1: 'new@example.com', q2_2: 'Blue' } },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('seals the release’s clear answers with the key command, and they still read the same', async () => {
    expect((await countUnsealedAnswers(app.db, app.keyring)).get('clear')).toBeGreaterThan(0);
    const url = `/api/form-submissions/forms/${expected.forms.every}/submissions`;
    const before = (await app.inject({ method: 'GET', url, headers: auth.owner })).json();
    expect(
      await resealAll({ db: app.db, keyring: app.keyring, config: app.config }, () => {}),
    ).toBeGreaterThan(0);
    expect((await countUnsealedAnswers(app.db, app.keyring)).size).toBe(0);
    const clear = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(sql`${submissions.data} <> '{}'::jsonb or ${submissions.sealedData} is null`);
    expect(clear[0]!.n).toBe(0);
    expect((await app.inject({ method: 'GET', url, headers: auth.owner })).json()).toEqual(before);
  });
});
