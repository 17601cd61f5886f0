import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

type WireField = { id: string; label: string };

async function fieldIds(page: Page, user: TestUser, formId: number): Promise<Record<string, string>> {
  const res = await page.request.get(`/api/forms/${formId}`, { headers: authHeaders(user) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { fields?: WireField[]; form?: { fields: WireField[] } };
  const fields = body.fields ?? body.form?.fields ?? [];
  return Object.fromEntries(fields.map((f) => [f.label, f.id]));
}

/** A respondent's visit: the view the public page records, then (optionally) a submit. */
async function respond(page: Page, formId: number, data?: Record<string, unknown>, seconds = 30) {
  const view = await page.request.post(`/api/analytics/forms/${formId}/view`);
  expect(view.status()).toBe(204);
  if (!data) return;
  const res = await page.request.post(`/api/form-submissions/forms/${formId}/submit`, {
    data: {
      data,
      metadata: { analytics: { totalTimeSpent: seconds, fieldInteractions: {}, completed: true } },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('the analytics dashboard shows the figures and charts of a form after a few submissions', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Team lunch survey',
    fields: [
      { label: 'Your name', type: 'text' },
      { label: 'Plan', type: 'radio', options: ['Free', 'Pro', 'Team'] },
    ],
  });
  const quiet = await createFormViaApi(page, user, { title: 'Quiet form' });
  await publishViaApi(page, user, form.id);
  const ids = await fieldIds(page, user, form.id);
  await respond(page, form.id, { [ids['Your name']!]: 'Ada', [ids.Plan!]: 'pro' }, 20);
  await respond(page, form.id, { [ids['Your name']!]: 'Bob', [ids.Plan!]: 'pro' }, 30);
  await respond(page, form.id, { [ids.Plan!]: 'free' }, 40);
  await respond(page, form.id);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/analytics?formId=${form.id}`);
  await expect(page.getByRole('heading', { name: 'Team lunch survey' })).toBeVisible();
  await expect(page.getByLabel('Form')).toHaveValue(String(form.id));
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  const stat = (label: string) => page.locator('dt', { hasText: label }).locator('+ dd');
  await expect(stat('Total submissions')).toHaveText('3');
  await expect(stat('Completion rate')).toHaveText('75%');
  await expect(stat('Bounce rate')).toHaveText('25%');
  await expect(stat('Avg. completion time')).toHaveText('30s');

  const daily = page.getByRole('region', { name: 'Daily submissions', exact: true });
  await expect(daily.getByRole('img', { name: /Daily submissions: 3 in total/ })).toBeVisible();
  await daily.getByText('Show data table').click();
  await expect(daily.getByRole('row').last()).toContainText('3');

  const fields = page.getByRole('region', { name: 'Field analytics', exact: true });
  await fields.getByText('Show data table').click();
  await expect(fields.getByRole('row', { name: /Your name/ }).getByRole('cell')).toHaveText([
    'Your name',
    '2',
    '1',
    '—',
  ]);
  await expect(fields.getByRole('row', { name: /Plan/ }).getByRole('cell')).toHaveText([
    'Plan',
    '3',
    '0',
    '—',
  ]);

  const answers = page.getByRole('list', { name: 'Answers to Plan' });
  await expect(answers.getByRole('listitem').first()).toHaveText('Pro2 (67%)');
  await expect(answers.getByRole('listitem').nth(1)).toHaveText('Free1 (33%)');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/analytics-1280-light.png', fullPage: true });

  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('region', { name: 'Weekly submissions', exact: true })).toBeVisible();
  await expect(stat('Total submissions')).toHaveText('3');

  await page.getByLabel('Form').selectOption(String(quiet.id));
  await expect(page).toHaveURL(new RegExp(`formId=${quiet.id}`));
  await expect(page.getByRole('heading', { name: 'No Analytics Data Yet' })).toBeVisible();
});

test('the analytics dashboard reads well in dark mode and at phone width', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Dark survey',
    fields: [{ label: 'Colour', type: 'select', options: ['Red', 'Green', 'Blue'] }],
  });
  await publishViaApi(page, user, form.id);
  const ids = await fieldIds(page, user, form.id);
  for (const colour of ['red', 'red', 'green', 'blue'])
    await respond(page, form.id, { [ids.Colour!]: colour });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/analytics?formId=${form.id}`);
  await expect(page.getByRole('list', { name: 'Answers to Colour' })).toContainText('Red2 (50%)');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/analytics-1280-dark.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Daily submissions', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/analytics-390-dark.png', fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: '/tmp/analytics-390-light.png', fullPage: true });
});

test('an owner without forms sees No Forms Available', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('heading', { name: 'No Forms Available' })).toBeVisible();
  await expectNoAxeViolations(page);
});
