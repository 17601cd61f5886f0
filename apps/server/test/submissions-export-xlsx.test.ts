import { normalizeFields } from '@formsmith/core/forms/read-field';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const options = (...labels: string[]) => labels.map((label) => ({ label, value: label.toLowerCase() }));

/** A form with a field of each kind whose cell has a type of its own, and the text ones around them. */
const FIELDS = normalizeFields([
  { id: 'name', label: 'Name', type: 'text', is_required: true },
  { id: 'age', label: 'Age', type: 'number' },
  { id: 'born', label: 'Born', type: 'date' },
  { id: 'ok', label: 'Agree?', type: 'yes_no' },
  { id: 'size', label: 'Size', type: 'radio', options: options('Small', 'Large') },
  { id: 'tags', label: 'Tags', type: 'checkbox', options: options('Red', 'Blue') },
  { id: 'stars', label: 'Stars', type: 'rating', stars: 5 },
  { id: 'score', label: 'Recommend', type: 'nps' },
  {
    id: 'grid',
    label: 'Rate',
    type: 'matrix',
    rows: options('Room', 'Food'),
    columns: options('Bad', 'Good'),
  },
  { id: 'home', label: 'Home', type: 'address', parts: ['line1', 'city', 'country'] },
  { id: 'trip', label: 'Trip', type: 'date_range' },
]);

/** The numbers, dates and yes/no the typed columns should hold, read from the JSON export. */
const TYPED: Record<string, (data: Record<string, unknown>) => unknown> = {
  Age: (d) => d.age,
  Born: (d) => new Date(`${d.born}T00:00:00.000Z`),
  'Agree?': (d) => d.ok === 'yes',
  Stars: (d) => d.stars,
  Recommend: (d) => d.score,
  'Trip [Start]': (d) => new Date(`${(d.trip as { start: string }).start}T00:00:00.000Z`),
  'Trip [End]': (d) => new Date(`${(d.trip as { end: string }).end}T00:00:00.000Z`),
};

type JsonSubmission = { id: string; created_at: string; data: Record<string, unknown> };

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's cells by row, '' for an empty one. */
function cellsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: unknown[] = [];
    for (let c = 1; c <= width; c++) cells.push(row.getCell(c).value ?? '');
    rows.push(cells);
  });
  return rows;
}

describe(`submissions export as Excel (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let formId: number;
  let ids: string[];
  const exportUrl = (format: string) => `/api/form-submissions/forms/${formId}/export?format=${format}`;
  const get = (url: string, user: TestUser = owner) => app.inject({ method: 'GET', url, headers: user.auth });

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    formId = await createTestForm(app, owner.id, { fields: FIELDS });
    const t0 = Date.UTC(2025, 4, 6, 7, 8, 9, 120);
    ids = await insertSubmissions(app, formId, [
      {
        data: {
          name: 'Ada',
          age: 36,
          born: '1989-12-10',
          ok: 'yes',
          size: 'large',
          tags: ['red', 'blue'],
          stars: 4,
          score: 9,
          grid: { room: 'good', food: 'bad' },
          home: { line1: '1 Main St', city: 'Leeds', country: 'GB' },
          trip: { start: '2025-06-01', end: '2025-06-04' },
        },
        createdAt: new Date(t0),
        sealed: true,
      },
      {
        data: {
          name: '=HYPERLINK("http://evil.example","click")',
          age: 0,
          born: '2000-02-29',
          ok: 'no',
          size: 'small',
          tags: [],
          stars: 1,
          score: 0,
          grid: { room: 'bad' },
          home: { line1: '+44 street', city: '@city', country: 'FR' },
          trip: { start: '2024-01-01', end: '2024-12-31' },
        },
        createdAt: new Date(t0 + 60_000),
        completed: false,
      },
      // An old answer to a field deleted since (stored clear, before encryption at rest): its own
      // column, as in the CSV.
      { data: { name: 'Old', removed: '-2+3' }, createdAt: new Date(t0 + 120_000) },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('has the CSV columns, typed cells matching the JSON export, a frozen header and a filter', async () => {
    const res = await get(exportUrl('xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="form_${formId}_submissions.xlsx"`);
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Responses', 'Questions']);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows = cellsOf(sheet);

    const csv: string[][] = parse((await get(exportUrl('csv'))).body, { bom: true });
    const json: JsonSubmission[] = (await get(exportUrl('json'))).json();
    expect(rows[0]).toEqual(csv[0]);
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(csv[0]!.length).letter}${csv.length}`);
    expect(rows).toHaveLength(csv.length);
    expect(json.map((s) => s.id)).toEqual(ids);
    for (let r = 1; r < rows.length; r++) {
      const submission = json[r - 1]!;
      csv[0]!.forEach((label, c) => {
        const cell = rows[r]![c];
        const text = csv[r]![c]!;
        if (label === 'Submitted At') expect(cell).toEqual(new Date(submission.created_at));
        else if (TYPED[label] && text !== '') expect(cell, label).toEqual(TYPED[label](submission.data));
        else expect(cell, label).toBe(text);
      });
    }
    // Spot checks of what that comparison covers.
    const header = rows[0]!;
    const at = (label: string) => header.indexOf(label);
    expect(rows[1]![at('Age')]).toBe(36);
    expect(rows[2]![at('Age')]).toBe(0);
    expect(rows[1]![at('Agree?')]).toBe(true);
    expect(rows[2]![at('Agree?')]).toBe(false);
    expect(rows[1]![at('Born')]).toEqual(new Date(Date.UTC(1989, 11, 10)));
    expect(rows[1]![at('Tags')]).toBe('Red, Blue');
    expect(rows[1]![at('Rate [Room]')]).toBe('Good');
    expect(rows[1]![at('Home — City')]).toBe('Leeds');
    expect(rows[2]![at('Status')]).toBe('incomplete');
    expect(rows[3]![at('removed')]).toBe("'-2+3");
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getRow(2).getCell(at('Born') + 1).numFmt).toBe('yyyy-mm-dd');
  });

  it('writes formula-looking answers as neutralised text, never as formulas', async () => {
    const workbook = await readWorkbook((await get(exportUrl('xlsx'))).rawPayload);
    const sheet = workbook.getWorksheet('Responses')!;
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) formulas++;
      }),
    );
    expect(formulas).toBe(0);
    const row = sheet.getRow(3);
    expect(row.getCell(6).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(6).value).toBe(`'=HYPERLINK("http://evil.example","click")`);
    const values = row.values as unknown[];
    expect(values).toContain("'+44 street");
    expect(values).toContain("'@city");
  });

  it('lists the questions on a sheet of their own', async () => {
    const workbook = await readWorkbook((await get(exportUrl('xlsx'))).rawPayload);
    const rows = cellsOf(workbook.getWorksheet('Questions')!);
    expect(rows[0]).toEqual(['Column', 'Key', 'Question', 'Type', 'Required', 'Options', 'In the live form']);
    expect(rows[1]).toEqual(['Name', 'name', 'Name', 'text', true, '', true]);
    expect(rows).toContainEqual(['Size', 'size', 'Size', 'radio', false, 'Small, Large', true]);
    expect(rows).toContainEqual(['Rate [Food]', 'grid', 'Rate', 'matrix', false, '', true]);
    expect(rows.at(-1)).toEqual(['removed', 'removed', '', '', '', '', false]);
  });

  it('exports one submission as Excel', async () => {
    const url = `/api/form-submissions/forms/${formId}/submissions/${ids[0]}/export?format=xlsx`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="form_${formId}_submission_${ids[0]}.xlsx"`,
    );
    const rows = cellsOf((await readWorkbook(res.rawPayload)).getWorksheet('Responses')!);
    const csv: string[][] = parse((await get(url.replace('xlsx', 'csv'))).body, { bom: true });
    expect(rows[0]).toEqual(csv[0]);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe('#1');
    expect(rows[1]![1]).toBe(ids[0]);
    expect(rows[1]![csv[0]!.indexOf('Age')]).toBe(36);
    expect((await get(url, stranger)).statusCode).toBe(404);
  });

  it('gives a stranger 404, as for CSV', async () => {
    expect((await get(exportUrl('csv'), stranger)).statusCode).toBe(404);
    const res = await get(exportUrl('xlsx'), stranger);
    expect(res.statusCode).toBe(404);
  });

  it('keeps a file readable when an answer holds characters XML cannot carry', async () => {
    const id = await createTestForm(app, owner.id, { fields: FIELDS });
    // A bell and a form feed (pasted from another program), and an emoji.
    await insertSubmissions(app, id, [{ data: { name: 'Ring\u0007 the\u000C bell now 🔔 & <go>' } }]);
    const res = await get(`/api/form-submissions/forms/${id}/export?format=xlsx`);
    expect(res.statusCode).toBe(200);
    const rows = cellsOf((await readWorkbook(res.rawPayload)).getWorksheet('Responses')!);
    expect(rows[1]![5]).toBe('Ring the bell now 🔔 & <go>');
  });

  it('exports a form without submissions as the header row only', async () => {
    const id = await createTestForm(app, owner.id, { fields: FIELDS });
    const res = await get(`/api/form-submissions/forms/${id}/export?format=xlsx`);
    expect(res.statusCode).toBe(200);
    const rows = cellsOf((await readWorkbook(res.rawPayload)).getWorksheet('Responses')!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 6)).toEqual([
      'Reference',
      'Submission ID',
      'Submitted At',
      'Status',
      'Language',
      'Name',
    ]);
  });

  it('streams more rows than one batch, oldest first, each once', async () => {
    const id = await createTestForm(app, owner.id, { fields: FIELDS });
    const t0 = Date.UTC(2024, 0, 1);
    const many = await insertSubmissions(
      app,
      id,
      Array.from({ length: 1234 }, (_, i) => ({
        data: { name: `n${i}`, age: i },
        createdAt: new Date(t0 + i * 1000),
        sealed: i % 2 === 0,
      })),
    );
    const res = await get(`/api/form-submissions/forms/${id}/export?format=xlsx`);
    const rows = cellsOf((await readWorkbook(res.rawPayload)).getWorksheet('Responses')!);
    expect(rows.slice(1).map((r) => r[1])).toEqual(many);
    expect(rows.slice(1).map((r) => r[0])).toEqual(many.map((_, i) => `#${i + 1}`));
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('Age')])).toEqual(many.map((_, i) => i));
  });
});
