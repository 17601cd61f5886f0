import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { submissions } from '../src/db/schema.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

type Listed = { id: string; number: number };

describe(`submission references (#142) (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const base = (formId: number) => `/api/form-submissions/forms/${formId}`;
  const submit = (formId: number, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `${base(formId)}/submit`,
      payload: { data: validData(extra), metadata: {} },
    });
  const list = async (formId: number, query = '', user = owner) => {
    const res = await app.inject({
      method: 'GET',
      url: `${base(formId)}/submissions?limit=100${query}`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { items: Listed[]; total: number };
  };

  it('gives concurrent submits to one form distinct numbers 1…n, and each form its own', async () => {
    const formId = await createPublishedForm(app, owner);
    const other = await createPublishedForm(app, owner);
    const n = 30;
    const results = await Promise.all(Array.from({ length: n }, () => submit(formId)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    const numbers = (await list(formId)).items.map((s) => s.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // Another form starts at #1: the numbers are per form.
    expect((await submit(other)).statusCode).toBe(201);
    expect((await list(other)).items.map((s) => s.number)).toEqual([1]);
  });

  it('never gives a deleted submission’s number again: deletes leave gaps', async () => {
    const formId = await createPublishedForm(app, owner);
    for (let i = 0; i < 3; i++) expect((await submit(formId)).statusCode).toBe(201);
    const third = (await list(formId)).items.find((s) => s.number === 3)!;
    const removed = await app.inject({
      method: 'DELETE',
      url: `${base(formId)}/submissions/${third.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await submit(formId)).statusCode).toBe(201);
    expect((await list(formId)).items.map((s) => s.number).sort()).toEqual([1, 2, 4]);
  });

  it('finds a submission by #number alone, and by a bare number also in the answers', async () => {
    const formId = await createPublishedForm(app, owner);
    for (let i = 0; i < 12; i++) {
      const extra = i === 0 ? { code: 'XYZ', name: 'Agent 7 of twelve' } : {};
      expect((await submit(formId, extra)).statusCode).toBe(201);
    }
    const exact = await list(formId, `&search=${encodeURIComponent('#7')}`);
    expect(exact.items.map((s) => s.number)).toEqual([7]);
    expect(exact.total).toBe(1);
    // "7" is #7, and the first submission, whose name holds a 7.
    const bare = await list(formId, '&search=7');
    expect(bare.items.map((s) => s.number).sort()).toEqual([1, 7]);
    expect((await list(formId, `&search=${encodeURIComponent('#99')}`)).items).toEqual([]);
    // The start of an id copied from a link may be all digits: a long bare number matches ids too.
    const digitsId = `${String(formId).padStart(8, '9').slice(-8)}-0000-4000-8000-000000000013`;
    await app.db
      .insert(submissions)
      .values({ id: digitsId, formId, data: {}, metadata: {}, completed: true });
    const byId = await list(formId, `&search=${digitsId.slice(0, 8)}`);
    expect(byId.items.map((s) => s.id)).toContain(digitsId);
  });

  it('shows the number in the detail and the exports start with a Reference column', async () => {
    const formId = await createPublishedForm(app, owner);
    for (let i = 0; i < 2; i++) expect((await submit(formId)).statusCode).toBe(201);
    const [newest] = (await list(formId)).items;
    const detail = await app.inject({
      method: 'GET',
      url: `${base(formId)}/submissions/${newest!.id}`,
      headers: owner.auth,
    });
    expect(detail.json().number).toBe(2);
    const csv = await app.inject({
      method: 'GET',
      url: `${base(formId)}/export?format=csv`,
      headers: owner.auth,
    });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.startsWith('Reference,Submission ID,Submitted At,Status,Language,')).toBe(true);
    expect(lines[1]!.startsWith('#1,')).toBe(true);
    expect(lines[2]!.startsWith(`#2,${newest!.id},`)).toBe(true);
    const json = await app.inject({
      method: 'GET',
      url: `${base(formId)}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.json().map((s: Listed) => s.number)).toEqual([1, 2]);
  });

  it('keeps a stranger out of a form’s references', async () => {
    const formId = await createPublishedForm(app, owner);
    expect((await submit(formId)).statusCode).toBe(201);
    const stranger = await createTestUser(app);
    const res = await app.inject({
      method: 'GET',
      url: `${base(formId)}/submissions?search=${encodeURIComponent('#1')}`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('numbers a form made after the migration from its own sequence, gone with the form', async () => {
    const formId = await createPublishedForm(app, owner);
    const name = `submission_numbers_${formId}`;
    const exists = async () =>
      (await queryRows<{ t: string | null }>(app.db, sql`select to_regclass(${name})::text as t`))[0]!.t;
    expect(await exists()).toBe(name);
    await queryRows(app.db, sql`delete from forms where id = ${formId}`);
    expect(await exists()).toBeNull();
  });
});
