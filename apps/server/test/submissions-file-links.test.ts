import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.ts';
import { makeKeyring, newKey } from '../src/lib/encryption/index.ts';
import {
  FILE_LINK_EXPIRED,
  FILE_LINK_GONE,
  FILE_LINK_INVALID,
  FILE_LINK_TTL_DAYS,
  fileLinker,
} from '../src/modules/submissions/file-links.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';
import { insertSubmissions } from './submissions-fixtures.ts';
import { DOC_FIELDS, submitDoc } from './upload-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`signed file links in exports (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let formId: number;
  let strangerFormId: number;
  let first: Awaited<ReturnType<typeof submitDoc>> & { submissionId: string };
  let second: Awaited<ReturnType<typeof submitDoc>> & { submissionId: string };
  let theirs: Awaited<ReturnType<typeof submitDoc>> & { submissionId: string };

  /** The path and query of a link (the tests speak to the app, not to PUBLIC_URL's host). */
  const pathOf = (link: string) => {
    expect(link.startsWith(`${app.config.publicUrl}/api/file-links/`)).toBe(true);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  /** A link fetched without any session. */
  const open = (link: string) => app.inject({ method: 'GET', url: pathOf(link) });
  const submit = async (form: number, text: string) => {
    const sent = await submitDoc(app, form, Buffer.from(text));
    return { ...sent, submissionId: sent.row.submissionId! };
  };
  const exportOf = (format: string) =>
    app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=${format}`,
      headers: owner.auth,
    });

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    formId = await createPublishedForm(app, owner, { fields: DOC_FIELDS });
    strangerFormId = await createPublishedForm(app, stranger, { fields: DOC_FIELDS });
    first = await submit(formId, 'first file');
    second = await submit(formId, 'second file');
    theirs = await submit(strangerFormId, "the stranger's own file");
  });
  afterAll(() => app.close());

  it('the CSV writes each file as a link that downloads it without a session', async () => {
    const res = await exportOf('csv');
    expect(res.statusCode).toBe(200);
    const rows: string[][] = parse(res.body, { bom: true });
    const at = rows[0]!.indexOf('Document');
    const byId = new Map(rows.slice(1).map((r) => [r[1], r[at]!]));
    const link = byId.get(first.submissionId)!;
    expect(link).toContain(`/api/file-links/${formId}/${first.submissionId}/${first.row.id}?expires=`);
    const got = await open(link);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.toString()).toBe('first file');
    expect(got.headers['content-disposition']).toContain('attachment;');
    expect(got.headers['cache-control']).toBe('private, no-store');
    // Each link opens its own file only.
    expect((await open(byId.get(second.submissionId)!)).rawPayload.toString()).toBe('second file');
  });

  it(`a link expires ${FILE_LINK_TTL_DAYS} days after the export`, async () => {
    const now = Date.now();
    const link = fileLinker(app, formId, now)(first.submissionId, first.row.id);
    const expires = Number(new URL(link).searchParams.get('expires'));
    expect(expires * 1000).toBe(Math.floor(now / 1000) * 1000 + FILE_LINK_TTL_DAYS * DAY_MS);
    const old = fileLinker(
      app,
      formId,
      now - FILE_LINK_TTL_DAYS * DAY_MS - 1000,
    )(first.submissionId, first.row.id);
    const res = await open(old);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(FILE_LINK_EXPIRED);
  });

  const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

  it('a changed link is refused with 404 and the reason, never a 500', async () => {
    const link = fileLinker(app, formId)(first.submissionId, first.row.id);
    const url = new URL(link);
    const sig = url.searchParams.get('sig')!;
    const variants = [
      // Another signature.
      link.replace(`sig=${sig}`, `sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`),
      // The same bytes spelt otherwise: the last character's unused bit flipped.
      link.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${B64URL[B64URL.indexOf(sig.at(-1)!) ^ 1]}`),
      // A later expiry.
      link.replace(/expires=\d+/, `expires=${Number(url.searchParams.get('expires')) + 1}`),
      // The same signature on another file of the form.
      link.replace(first.row.id, second.row.id),
      link.replace(`/${first.submissionId}/`, `/${second.submissionId}/`),
      // The same signature on the stranger's form and file.
      link.replace(`/file-links/${formId}/`, `/file-links/${strangerFormId}/`),
      // A key the instance does not have, no signature, and nonsense in every part.
      link.replace(/key=[0-9a-f]+/, `key=${'0'.repeat(16)}`),
      link.replace(/&sig=.*$/, ''),
      `${app.config.publicUrl}/api/file-links/abc/not-a-uuid/x?expires=soon&key=k&sig=nope`,
    ];
    for (const variant of variants) {
      const res = await open(variant);
      expect(res.statusCode, variant).toBe(404);
      expect(res.json().error).toBe(FILE_LINK_INVALID);
    }
  });

  it("a stranger's signed link never opens the owner's files", async () => {
    const link = fileLinker(app, strangerFormId)(theirs.submissionId, theirs.row.id);
    expect((await open(link)).rawPayload.toString()).toBe("the stranger's own file");
    const aimed = link
      .replace(`/file-links/${strangerFormId}/`, `/file-links/${formId}/`)
      .replace(theirs.submissionId, first.submissionId)
      .replace(theirs.row.id, first.row.id);
    const res = await open(aimed);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(FILE_LINK_INVALID);
    // A link signed for a file of another form than the one it names finds nothing either.
    const crossed = fileLinker(app, formId)(theirs.submissionId, theirs.row.id);
    expect((await open(crossed)).statusCode).toBe(404);
    expect((await open(crossed)).json().error).toBe(FILE_LINK_GONE);
  });

  it('a link made before a key rotation works while the old key is kept', async () => {
    const link = fileLinker(app, formId)(first.submissionId, first.row.id);
    // Swapped in place, as the key file watcher does on a rotation.
    const before = { ...app.keyring };
    const older = before.keys.map((k) => k.key);
    Object.assign(app.keyring, makeKeyring([newKey(), ...older], 'env'));
    try {
      expect((await open(link)).statusCode).toBe(200);
      Object.assign(app.keyring, makeKeyring([newKey()], 'env'));
      expect((await open(link)).json().error).toBe(FILE_LINK_INVALID);
    } finally {
      Object.assign(app.keyring, before);
    }
  });

  it('the JSON export gives each file its link beside its name; Excel makes it a link to click', async () => {
    const json = (await exportOf('json')).json() as {
      id: string;
      answers: { field_id: string; value: { name: string; upload_id: string; url: string } }[];
    }[];
    const item = json.find((s) => s.id === first.submissionId)!;
    const value = item.answers.find((a) => a.field_id === 'doc')!.value;
    expect(value.name).toBe('notes.txt');
    expect(value.upload_id).toBe(first.row.id);
    expect((await open(value.url)).rawPayload.toString()).toBe('first file');

    const res = await exportOf('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Responses')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Document') + 1;
    const links: string[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const cell = row.getCell(column).value as { text: string; hyperlink: string };
      expect(cell.text).toBe(cell.hyperlink);
      links.push(cell.hyperlink);
    });
    expect(links).toHaveLength(2);
    const bodies = await Promise.all(links.map(async (l) => (await open(l)).rawPayload.toString()));
    expect(bodies.sort()).toEqual(['first file', 'second file']);
  });

  it('a file answer naming no stored file keeps its name, neutralised like every cell', async () => {
    const [sid] = await insertSubmissions(app, formId, [
      { data: { doc: { name: '=HYPERLINK("http://evil.example").txt', size: 3, type: 'text/plain' } } },
    ]);
    const rows: string[][] = parse((await exportOf('csv')).body, { bom: true });
    const at = rows[0]!.indexOf('Document');
    const row = rows.find((r) => r[1] === sid)!;
    expect(row[at]).toBe('\'=HYPERLINK("http://evil.example").txt');
  });

  it('a link stops working once its submission is deleted or its form is in the trash', async () => {
    const extra = await submit(formId, 'deleted soon');
    const link = fileLinker(app, formId)(extra.submissionId, extra.row.id);
    expect((await open(link)).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/form-submissions/forms/${formId}/submissions/${extra.submissionId}`,
      headers: owner.auth,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const gone = await open(link);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(FILE_LINK_GONE);

    const kept = fileLinker(app, formId)(second.submissionId, second.row.id);
    expect((await open(kept)).statusCode).toBe(200);
    await app.db.update(forms).set({ deletedAt: new Date() }).where(eq(forms.id, formId));
    try {
      expect((await open(kept)).statusCode).toBe(404);
      expect((await open(kept)).json().error).toBe(FILE_LINK_GONE);
    } finally {
      await app.db.update(forms).set({ deletedAt: null }).where(eq(forms.id, formId));
    }
  });
});
