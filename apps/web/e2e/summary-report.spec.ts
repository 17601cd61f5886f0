import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

const ARABIC = 'مرحبا بالعالم، اسمي أحمد';
const JAPANESE = '東京でエンジニアをしています。';

async function fieldIds(page: Page, user: TestUser, formId: number): Promise<Record<string, string>> {
  const res = await page.request.get(`/api/forms/${formId}`, { headers: authHeaders(user) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { fields: { id: string; label: string }[] };
  return Object.fromEntries(body.fields.map((f) => [f.label, f.id]));
}

async function submit(page: Page, formId: number, data: Record<string, unknown>) {
  const res = await page.request.post(`/api/form-submissions/forms/${formId}/submit`, {
    data: { data, metadata: { analytics: { totalTimeSpent: 30, fieldInteractions: {}, completed: true } } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('the summary report: from the analytics tab to a printable page and the PDF', async ({ page }) => {
  // Four screenshots and axe runs on top of the journey.
  test.setTimeout(150_000);
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Board survey',
    fields: [
      { label: 'About you', type: 'textarea' },
      { label: 'Plan', type: 'radio', options: ['Free', 'Pro', 'Team'] },
    ],
  });
  await publishViaApi(page, user, form.id);
  const ids = await fieldIds(page, user, form.id);
  await submit(page, form.id, { [ids['About you']!]: ARABIC, [ids.Plan!]: 'pro' });
  await submit(page, form.id, { [ids['About you']!]: JAPANESE, [ids.Plan!]: 'pro' });
  await submit(page, form.id, { [ids.Plan!]: 'free' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/forms/${form.id}/submissions`);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const card = page.getByRole('region', { name: 'Summary report' });
  await expect(card).toBeVisible();

  const pdf = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(
    /^Board survey-summary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );

  await card.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/report\\?`));
  await expect(page.getByRole('heading', { level: 1, name: 'Summary report: Board survey' })).toBeVisible();
  const stat = (label: string) => page.locator('dt', { hasText: label }).locator('+ dd');
  await expect(stat('Total submissions')).toHaveText('3');
  const samples = page.getByRole('region', { name: 'Latest text answers' });
  await expect(samples.getByRole('listitem')).toHaveText([JAPANESE, ARABIC]);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // The table's answer filter, here too: the counts follow it, and so do the URL and the PDF.
  await page.getByRole('button', { name: /^Filter on answers/ }).click();
  const panel = page.getByRole('region', { name: 'Filter on answers' });
  await panel.getByRole('combobox', { name: 'Question 1' }).selectOption({ label: 'Plan' });
  await panel.getByRole('combobox', { name: 'Condition 1' }).selectOption('is');
  await panel.getByRole('group', { name: 'Values 1' }).getByRole('checkbox', { name: 'Pro' }).check();
  await panel.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/where=/);
  await expect(stat('Total submissions')).toHaveText('2');
  await expect(page.getByText(/only the submissions the answer filter matches/)).toBeVisible();
  const where = new URL(page.url()).searchParams.get('where');
  expect(JSON.parse(where ?? 'null')).toMatchObject({ rules: [{ op: 'is', values: ['pro'] }] });

  const pdfRequest = page.waitForRequest((r) => r.url().includes(`/forms/${form.id}/report.pdf`));
  const filteredPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect(new URL((await pdfRequest).url()).searchParams.get('where')).toBe(where);
  await filteredPdf;

  // A reload (or the link shared) keeps the filter and shows its conditions.
  await page.reload();
  await expect(stat('Total submissions')).toHaveText('2');
  await expect(
    panel.getByRole('group', { name: 'Values 1' }).getByRole('checkbox', { name: 'Pro' }),
  ).toBeChecked();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(samples).toBeVisible();
      await expectNoAxeViolations(page);
      const past = await page.evaluate(
        (w) =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > w + 1)
            .slice(0, 8)
            .map((e) => `${e.tagName} ${e.getAttribute('class') ?? ''}`),
        width,
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        past.join('\n'),
      ).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/helperc/summary-${width}-${scheme}.png`, fullPage: true });
    }
  }

  // Printed, only the report: the page's buttons and range form are left off paper.
  await page.emulateMedia({ media: 'print', colorScheme: 'light' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByLabel('First day')).toBeHidden();
  await expect(panel).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // A range without the submissions' day counts none (and keeps the answer filter).
  const shown = [
    await page.getByLabel('First day').inputValue(),
    await page.getByLabel('Last day').inputValue(),
  ];
  await page.getByLabel('First day').fill('2020-01-01');
  await page.getByLabel('Last day').fill('2020-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page).toHaveURL(/where=/);
  await expect(stat('Total submissions')).toHaveText('0');

  // Cleared, the report counts every submission again.
  await page.getByLabel('First day').fill(shown[0]!);
  await page.getByLabel('Last day').fill(shown[1]!);
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('button', { name: 'Clear answer filter' }).click();
  await expect(page).not.toHaveURL(/where=/);
  await expect(stat('Total submissions')).toHaveText('3');
});
