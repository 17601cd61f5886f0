// @ts-check
// Seeds the bench data: an owner (registered through the API, verified in SQL), forms, and
// N submissions loaded with COPY.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { api } from './server.mjs';

export const BENCH_FIELDS = [
  {
    label: 'Full name',
    field_type: 'text',
    type: 'text',
    is_required: true,
    position: 0,
    validation_rules: { maxLength: 100 },
  },
  {
    label: 'Email',
    field_type: 'email',
    type: 'email',
    is_required: true,
    position: 1,
    validation_rules: {},
  },
  {
    label: 'Plan',
    field_type: 'select',
    type: 'select',
    is_required: false,
    position: 2,
    validation_rules: {},
    options: ['Basic', 'Pro', 'Team'].map((l, i) => ({ id: `o${i}`, label: l, value: l.toLowerCase() })),
  },
  {
    label: 'Rating',
    field_type: 'number',
    type: 'number',
    is_required: false,
    position: 3,
    validation_rules: { min: 1, max: 10 },
  },
];

/**
 * Registers and logs in a verified owner: on PostgreSQL the address is marked verified in SQL,
 * otherwise through the link mailed to `mailbox` (see mailbox.mjs).
 * @param {string} base
 * @param {string | undefined} databaseUrl
 * @param {{ verificationToken: (to: string) => Promise<string | undefined> }} [mailbox]
 * @returns {Promise<{ email: string, token: string }>}
 */
export async function createOwner(base, databaseUrl, mailbox) {
  const email = `bench-${randomUUID()}@example.com`;
  const password = 'bench-password-123';
  await api(base, 'POST', '/auth/register', {
    body: { name: 'Bench Owner', email, password, confirmPassword: password, acceptTerms: true },
  });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('update users set email_verified_at = now() where lower(email) = lower($1)', [email]);
    await client.end();
  } else {
    // Without a database URL the caller gives the mailbox the server mails to.
    const token = await /** @type {NonNullable<typeof mailbox>} */ (mailbox).verificationToken(email);
    await api(base, 'GET', `/auth/verify/${token}`);
  }
  const login = await api(base, 'POST', '/auth/login', { body: { email, password } });
  return { email, token: login.token };
}

/** @typedef {{ id: number, fields: { id: string }[] }} BenchForm */

/**
 * @param {string} base
 * @param {string} token
 * @param {string} title
 * @returns {Promise<BenchForm>}
 */
export async function createPublishedForm(base, token, title) {
  const created = await api(base, 'POST', '/forms', {
    token,
    body: { title, description: 'Bench form', fields: BENCH_FIELDS },
  });
  const form = created.form ?? created;
  await api(base, 'POST', `/forms/${form.id}/publish`, { token });
  // The bench measures intake, not mail delivery: an owner of a form taking hundreds of
  // submissions a second would not ask for a mail each (the notification job is tested elsewhere).
  await api(base, 'PUT', `/form-submissions/forms/${form.id}/settings`, {
    token,
    body: { email_notifications: false },
  });
  const full = await api(base, 'GET', `/forms/${form.id}`, { token });
  return full.form ?? full;
}

/**
 * A valid answer for the bench form, keyed by the server's field ids.
 * @param {BenchForm} form
 * @param {number} i
 */
export function answerFor(form, i) {
  // The bench form has these four fields (BENCH_FIELDS).
  const [name, email, plan, rating] =
    /** @type {[{ id: string }, { id: string }, { id: string }, { id: string }]} */ (form.fields);
  return {
    [name.id]: `Respondent ${i}`,
    [email.id]: `r${i}@example.com`,
    [plan.id]: ['basic', 'pro', 'team'][i % 3],
    [rating.id]: String((i % 10) + 1),
  };
}

/** @param {string} text */
function escapeCopy(text) {
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * COPYs `rows` submissions spread over the last 365 days into the form; returns the seconds it took.
 * @param {string} databaseUrl
 * @param {BenchForm} form
 * @param {number} rows
 */
export async function copySubmissions(databaseUrl, form, rows) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = Date.now();
  const now = Date.now();
  const span = 365 * 24 * 3600 * 1000;
  function* lines() {
    let batch = '';
    for (let i = 0; i < rows; i++) {
      const data = JSON.stringify(answerFor(form, i));
      const metadata = JSON.stringify({ analytics: { totalTimeSpent: 20 + (i % 60), completed: true } });
      const createdAt = new Date(now - Math.floor((i / rows) * span)).toISOString();
      batch += `${form.id}\t${escapeCopy(data)}\t${escapeCopy(metadata)}\tt\t${createdAt}\n`;
      if (batch.length > 1 << 20) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  const copy = client.query(
    copyStreams.from('COPY submissions (form_id, data, metadata, completed, created_at) FROM STDIN'),
  );
  await pipeline(Readable.from(lines()), copy);
  // The form's submission counter (sharded; shard 0 here), as the submit path would have kept it.
  await client.query(
    `insert into form_submission_counts (form_id, shard, count) values ($2, 0, $1)
     on conflict (form_id, shard) do update set count = form_submission_counts.count + $1`,
    [rows, form.id],
  );
  await client.end();
  return (Date.now() - t0) / 1000;
}

/**
 * What autovacuum does soon after a bulk load (and the key command's re-seal of every row) in
 * production: statistics, and the visibility map that lets deep list pages count their offset in
 * an index-only scan.
 * @param {string} databaseUrl
 */
export async function vacuumSubmissions(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum (analyze) submissions');
  await client.end();
}
