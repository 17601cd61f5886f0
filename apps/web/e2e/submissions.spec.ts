import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { waitForMailLink } from './support/mail.ts';

type Owner = { email: string; token: string };
type SeededForm = { id: number; ids: string[]; fieldIds: Record<string, string> };

async function registerOwner(request: APIRequestContext): Promise<Owner> {
  const email = `subs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  const reg = await request.post('/api/auth/register', {
    data: { name: 'Sam Owner', email, password, confirmPassword: password, acceptTerms: true },
  });
  expect(reg.ok()).toBe(true);
  const link = await waitForMailLink(email, `${E2E_BASE_URL}/verify-email?token=`);
  const token = new URL(link).searchParams.get('token');
  expect((await request.get(`/api/auth/verify/${token}`)).ok()).toBe(true);
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return { email, token: (await login.json()).token };
}

/** A published form with 12 responses sent through the public submit call. */
async function seedForm(request: APIRequestContext, owner: Owner): Promise<SeededForm> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await request.post('/api/forms', {
    headers,
    data: {
      title: 'Customer Survey',
      description: 'How did we do?',
      fields: [
        {
          label: 'Full name',
          field_type: 'text',
          type: 'text',
          is_required: true,
          position: 0,
          help_text: 'As on your ID',
        },
        {
          label: 'Favourite fruit',
          field_type: 'checkbox',
          type: 'checkbox',
          position: 1,
          options: [
            { label: 'Apples', value: 'apples' },
            { label: 'Pears', value: 'pears' },
          ],
        },
        { label: 'Comments', field_type: 'textarea', type: 'textarea', position: 2 },
        { label: 'Visit date', field_type: 'date', type: 'date', position: 3 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const form = await created.json();
  const fieldIds = Object.fromEntries(form.fields.map((f: { id: string; label: string }) => [f.label, f.id]));
  // Respondent 03 stops half way: the form keeps answers as respondents go.
  const partials = { save_partials: true, partial_retention_days: 30 };
  expect((await request.put(`/api/forms/${form.id}/partials`, { headers, data: partials })).ok()).toBe(true);
  expect((await request.post(`/api/forms/${form.id}/publish`, { headers })).ok()).toBe(true);
  const ids: string[] = [];
  for (let i = 1; i <= 12; i++) {
    const name = i === 5 ? 'Zebra Unique' : `Respondent ${String(i).padStart(2, '0')}`;
    const res = await request.post(
      `/api/form-submissions/forms/${form.id}/${i === 3 ? 'progress' : 'submit'}`,
      {
        headers: { 'idempotency-key': `seed-${form.id}-${i}` },
        data: {
          data: {
            [fieldIds['Full name']!]: name,
            [fieldIds['Favourite fruit']!]: i % 2 === 0 ? ['apples', 'pears'] : ['pears'],
            [fieldIds.Comments!]:
              i === 5 ? 'First line\nSecond line with a much longer text than thirty chars' : '',
            [fieldIds['Visit date']!]: '2025-03-14',
            _formLoadTime: Date.now() - 5000,
          },
          metadata: {},
        },
      },
    );
    expect(res.status()).toBe(201);
    ids.push((await res.json()).submission_id);
  }
  return { id: form.id, ids, fieldIds };
}

async function signIn(page: Page, owner: Owner, dark = false) {
  await page.addInitScript(
    ({ token, dark }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('token_expiration', String(Date.now() + 6 * 86_400_000));
      localStorage.setItem('darkMode', dark ? 'true' : 'false');
    },
    { token: owner.token, dark },
  );
}

test.describe('submissions page', () => {
  let owner: Owner;
  let form: SeededForm;

  test.beforeAll(async ({ request }) => {
    owner = await registerOwner(request);
    form = await seedForm(request, owner);
  });

  test('searches, filters, pages, opens a detail and downloads the CSV', async ({ page }) => {
    await signIn(page, owner);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/forms/${form.id}/submissions`);
    await expect(page.getByRole('heading', { name: 'Customer Survey' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Submissions' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Select',
      'Reference',
      'Full name',
      'Favourite fruit',
      'Comments',
      'Visit date',
      'Stage',
      'Assignee',
      'Submitted',
      'Actions',
    ]);
    // Newest first; the long comment is cut to 30 characters.
    await expect(table.getByRole('row').nth(1)).toContainText('Respondent 12');
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveText('#12');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/submissions-1280.png', fullPage: true });

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 11 to 12 of 12 results')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    // Page 2 starts right after the last row of page 1 (read from page 1's cursor).
    await expect(table.getByRole('row').nth(1)).toContainText('Respondent 02');
    await expect(table.getByRole('row').nth(2)).toContainText('Respondent 01');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search submissions' }).fill('zebra');
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('Zebra Unique');
    await page.getByRole('searchbox', { name: 'Search submissions' }).fill('nobody-by-that-name');
    await expect(page.getByText('No matching submissions')).toBeVisible();
    await expect(page.getByText(/No submission matches these filters/)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search submissions' }).fill('');
    await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    // 'Incomplete' is explained where it is chosen.
    await expect(page.getByText(/Incomplete: answers saved as the respondent went/)).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Incomplete' });
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('Respondent 03');
    await page.getByLabel('Status').selectOption({ label: 'Complete' });
    await expect(page.getByText('Showing 1 to 10 of 11 results')).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'All statuses' });
    await page.getByLabel('Date Range').selectOption({ label: 'Custom...' });
    await page.getByLabel('From').fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-01-31');
    // A filter with no matches says so, not that the form has no submissions.
    await expect(page.getByText('No matching submissions')).toBeVisible();
    await expect(page.getByText("This form hasn't received any submissions yet")).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
    await page.getByLabel('Date Range').selectOption({ label: 'Last 7 days' });
    await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();

    // The CSV holds every submission, with the answers as sent.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`form_${form.id}_submissions.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(csv, { bom: true });
    expect(rows[0]).toEqual([
      'Reference',
      'Submission ID',
      'Submitted At',
      'Status',
      'Language',
      'Full name',
      'Favourite fruit',
      'Comments',
      'Visit date',
    ]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(form.ids);
    expect(rows.slice(1).map((r) => r[0])).toEqual(form.ids.map((_, i) => `#${i + 1}`));
    expect(rows[3]![3]).toBe('incomplete');
    expect(rows[5]!.slice(3)).toEqual([
      'complete',
      'en',
      'Zebra Unique',
      'Pears',
      'First line\nSecond line with a much longer text than thirty chars',
      '2025-03-14',
    ]);

    // The Excel file opens, with the same header and rows, the date as a date.
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel (.xlsx)' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toBe(`form_${form.id}_submissions.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await xlsx.path())!);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...rows[0]!]);
    expect(sheet.rowCount).toBe(rows.length);
    expect(sheet.getRow(6).getCell(6).value).toBe('Zebra Unique');
    expect(sheet.getRow(6).getCell(9).value).toEqual(new Date('2025-03-14T00:00:00.000Z'));

    // Open a detail by clicking its row.
    await table.getByRole('row').filter({ hasText: 'Respondent 12' }).click();
    await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
    await expect(page.getByText(form.ids[11]!)).toBeVisible();
    await expect(page.getByText('As on your ID')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Apples' })).toBeVisible();
    await expect(page.getByText('Not provided')).toBeVisible();
    await expectNoAxeViolations(page);
    const one = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Download JSON' }).click();
    const json = JSON.parse(await readFile((await (await one).path())!, 'utf8'));
    expect(json.id).toBe(form.ids[11]);
    await page.getByRole('button', { name: 'Back to submissions' }).click();
    await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
  });

  test('shows a submission with line breaks kept, and saves the settings', async ({ page }) => {
    await signIn(page, owner, true);
    await page.goto(`/forms/${form.id}/submissions?submission=${form.ids[4]}`);
    await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
    const comment = page.getByText('First line');
    await expect(comment).toHaveCSS('white-space', 'pre-wrap');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Back to submissions' }).click();

    await page
      .getByRole('navigation', { name: 'Form pages' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const toggle = page.getByRole('switch', { name: 'Email me each new response' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await page.getByLabel('Keep submissions for').selectOption({ label: '30 days' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email me each new response' })).not.toBeChecked();
    await expect(page.getByLabel('Keep submissions for')).toHaveValue('30');
    await page
      .getByRole('navigation', { name: 'Form pages' })
      .getByRole('link', { name: 'Submissions' })
      .click();

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  });

  test('downloads one submission as a PDF from its detail, on a desktop and a phone', async ({ page }) => {
    await signIn(page, owner);
    const id = form.ids[4]!;
    await page.goto(`/forms/${form.id}/submissions?submission=${id}`);
    await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await pdf;
    expect(download.suggestedFilename()).toBe(`Customer Survey-${id.replace(/-/g, '').slice(0, 8)}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/submission-pdf-1280.png' });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/submission-pdf-375.png' });
    await page.getByRole('button', { name: 'Dark mode' }).first().click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/submission-pdf-375-dark.png', animations: 'disabled' });
  });

  test('picks, orders and remembers columns, finds a reference, and fits light and dark screens', async ({
    page,
  }) => {
    // Four axe runs and four full-page screenshots besides the journey.
    test.slow();
    await signIn(page, owner);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/forms/${form.id}/submissions`);
    const table = page.getByRole('table', { name: 'Submissions' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Columns' }).click();
    const picker = page.getByRole('group', { name: 'Columns to show' });
    await picker.getByRole('checkbox', { name: 'Comments' }).uncheck();
    const announced = (text: string) =>
      expect(page.locator('p[aria-live="polite"]', { hasText: text })).toHaveCount(1);
    await announced('Comments hidden');
    // By keyboard: Visit date to the front, then one step back by pointer.
    const up = picker.getByRole('button', { name: 'Move Visit date up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await announced('Visit date moved to position 1 of 6');
    await picker.getByRole('button', { name: 'Move Visit date down' }).click();
    await picker.getByRole('checkbox', { name: 'Score' }).check();
    const expected = [
      'Select',
      'Reference',
      'Full name',
      'Visit date',
      'Favourite fruit',
      'Stage',
      'Assignee',
      'Submitted',
      'Score',
      'Actions',
    ];
    await expect(table.getByRole('columnheader')).toHaveText(expected);
    await page.reload();
    await expect(table.getByRole('columnheader')).toHaveText(expected);
    // Answers read as in the detail: the date formatted, the choices by their labels.
    await expect(table.getByRole('row').nth(1)).toContainText('Apples, Pears');

    const search = page.getByRole('searchbox', { name: 'Search submissions' });
    await search.fill('#5');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveText('#5');
    await expect(table.getByRole('row').nth(1)).toContainText('Zebra Unique');
    await search.fill('');
    await expect(table.getByRole('row')).toHaveCount(11);

    for (const dark of [false, true]) {
      if (dark) {
        await signIn(page, owner, true);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.reload();
        await expect(table.getByRole('row')).toHaveCount(11);
      }
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `/tmp/review-table-${width}${dark ? '-dark' : ''}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      }
    }
  });

  test('drags columns into order by pointer and by keyboard on the handle, light and dark', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, owner);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/forms/${form.id}/submissions`);
    const table = page.getByRole('table', { name: 'Submissions' });
    await expect(table.getByRole('row')).toHaveCount(11);
    const headers = table.getByRole('columnheader');
    // Select and Reference stay first; the picker orders what follows.
    await expect(headers.nth(2)).toHaveText('Full name');
    await page.getByRole('button', { name: 'Columns' }).click();
    const picker = page.getByRole('group', { name: 'Columns to show' });
    const handle = (label: string) => picker.getByRole('button', { name: `Drag to reorder ${label}` });

    // By pointer: Visit date's handle dropped on Full name's row takes its place.
    const from = (await handle('Visit date').boundingBox())!;
    const to = (await handle('Full name').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 4 });
    await page.mouse.up();
    await expect(headers.nth(2)).toHaveText('Visit date');
    await expect(headers.nth(3)).toHaveText('Full name');
    await expect(
      page.locator('p[aria-live="polite"]', { hasText: 'Visit date moved to position 1' }),
    ).toHaveCount(1);

    // By keyboard on the handle: pick up, one step down, drop; the move is announced.
    await handle('Visit date').focus();
    await page.keyboard.press('Space');
    // The drag's own live region names the column and its places.
    await expect(
      page.getByRole('status').filter({ hasText: 'Visit date is over position 1 of' }),
    ).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('status').filter({ hasText: 'Visit date is over position 2 of' }),
    ).toBeAttached();
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('status').filter({ hasText: 'Visit date dropped at position 2 of' }),
    ).toBeAttached();
    await expect(headers.nth(2)).toHaveText('Full name');
    await expect(headers.nth(3)).toHaveText('Visit date');
    await page.reload();
    await expect(headers.nth(3)).toHaveText('Visit date');

    for (const dark of [false, true]) {
      if (dark) {
        await signIn(page, owner, true);
        await page.reload();
        await expect(page.locator('html')).toHaveClass(/dark/);
      }
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        if (!(await picker.isVisible())) await page.getByRole('button', { name: 'Columns' }).click();
        await expect(handle('Full name')).toBeVisible();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `/tmp/column-drag-${width}${dark ? '-dark' : ''}.png`,
          animations: 'disabled',
        });
      }
    }
  });

  test('previews an uploaded picture as a thumbnail and lists a PDF with its size, light and dark', async ({
    page,
    request,
  }) => {
    test.slow();
    const headers = { authorization: `Bearer ${owner.token}` };
    const created = await request.post('/api/forms', {
      headers,
      data: {
        title: 'Applications',
        fields: [
          {
            label: 'Attachments',
            type: 'file',
            position: 0,
            validation: { accept: ['.png', '.pdf'], maxFiles: 3 },
          },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const made = await created.json();
    const fieldId = made.fields[0].id as string;
    expect((await request.post(`/api/forms/${made.id}/publish`, { headers })).ok()).toBe(true);
    // A 1×1 red PNG and a small PDF, sent as a respondent's page sends them.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(3000)}\n%%EOF\n`);
    const answers = [];
    for (const file of [
      { name: 'portrait.png', mimeType: 'image/png', buffer: png },
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]) {
      const up = await request.post(`/api/form-submissions/forms/${made.id}/uploads`, {
        multipart: { field_id: fieldId, file },
      });
      expect(up.status()).toBe(201);
      answers.push(await up.json());
    }
    const sent = await request.post(`/api/form-submissions/forms/${made.id}/submit`, {
      data: { data: { [fieldId]: answers, _formLoadTime: Date.now() - 5000 }, metadata: {} },
    });
    expect(sent.status()).toBe(201);
    const sid = (await sent.json()).submission_id as string;

    await signIn(page, owner);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/forms/${made.id}/submissions?submission=${sid}`);
    const thumbnail = page.getByRole('img', { name: 'portrait.png' });
    await expect(thumbnail).toBeVisible();
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Download portrait.png' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'PDF' })).toBeVisible();
    await expect(page.getByText('cv.pdf')).toBeVisible();
    await expect(page.getByText('3 KB')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download portrait.png' }).click();
    expect((await download).suggestedFilename()).toBe('portrait.png');

    for (const dark of [false, true]) {
      if (dark) {
        await signIn(page, owner, true);
        await page.reload();
        await expect(page.locator('html')).toHaveClass(/dark/);
        await expect(thumbnail).toBeVisible();
      }
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `/tmp/file-preview-${width}${dark ? '-dark' : ''}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      }
    }
  });

  test('fits a phone screen, and rejects a bad form id', async ({ page }) => {
    await signIn(page, owner);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/forms/${form.id}/submissions`);
    await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) {
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8)
          .map((el) => `${el.tagName}.${el.className}`.slice(0, 160)),
      );
      console.log(wide.join('\n'));
    }
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/submissions-390.png', fullPage: true });
    await page.goto('/forms/not-a-number/submissions');
    await expect(page.getByText('Invalid form ID')).toBeVisible();
  });
});
