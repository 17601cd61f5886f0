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

const LONG_OPTION =
  'A remarkably long answer option that goes on and on, naming every last detail of the plan, so that it cannot fit';
const LONG_QUESTION =
  'How would you describe, in your own words and at whatever length you like, your visit?';
const rows = (...labels: string[]) =>
  labels.map((label) => ({ id: label, label, value: label.toLowerCase() }));

test('every question type gets its card, long labels whole, light and dark, desktop and phone', async ({
  page,
}) => {
  // Four axe passes and full-page screenshots of a long page.
  test.setTimeout(180_000);
  const user = await registerAndLogin(page);
  const fields = [
    { label: 'Name', type: 'text' },
    { label: LONG_QUESTION, type: 'textarea' },
    { label: 'Age', type: 'number' },
    { label: 'Volume', type: 'range' },
    { label: 'Recommend', type: 'nps' },
    { label: 'Stars', type: 'rating', stars: 5 },
    { label: 'Come back?', type: 'yes_no' },
    { label: 'Visit date', type: 'date' },
    { label: 'Arrival', type: 'time' },
    { label: 'Documents', type: 'file' },
    { label: 'Grid', type: 'matrix', rows: rows('Room', 'Food'), columns: rows('Bad', 'Good') },
    { label: 'Order', type: 'ranking', options: rows('Pool', 'Gym') },
    { label: 'Signature', type: 'signature' },
    {
      label: 'Plan',
      type: 'radio',
      options: [...rows('Free'), { id: 'long', label: LONG_OPTION, value: 'long' }],
    },
  ].map((f, i) => ({
    id: `q${i}`,
    field_type: f.type,
    is_required: false,
    position: i,
    validation_rules: {},
    ...f,
  }));
  const created = await page.request.post('/api/forms', {
    headers: authHeaders(user),
    data: { title: 'Every type', description: '', fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  const formId = ((await created.json()) as { id: number }).id;
  await publishViaApi(page, user, formId);
  const ids = await fieldIds(page, user, formId);
  const answers = [
    {
      Name: 'Ada',
      [LONG_QUESTION]: 'Lovely rooms and a quiet garden',
      Age: 30,
      Volume: 20,
      Recommend: 10,
      Stars: 5,
      'Come back?': 'yes',
      'Visit date': '2026-05-01',
      Arrival: '09:30',
      Grid: { room: 'good', food: 'bad' },
      Order: ['pool', 'gym'],
      Signature: { method: 'typed', typed_name: 'Ada', signed_at: new Date().toISOString() },
      Plan: 'long',
    },
    {
      Name: 'Bob',
      [LONG_QUESTION]: 'Noisy at night',
      Age: 50,
      Volume: 80,
      Recommend: 6,
      Stars: 3,
      'Come back?': 'no',
      'Visit date': '2026-05-03',
      Arrival: '17:05',
      Grid: { room: 'bad', food: 'good' },
      Order: ['gym', 'pool'],
      Plan: 'free',
    },
    { Name: 'Cy', Age: 40, Recommend: 9, 'Come back?': 'yes', Plan: 'long' },
  ];
  for (const answer of answers) {
    await respond(
      page,
      formId,
      Object.fromEntries(Object.entries(answer).map(([label, value]) => [ids[label]!, value])),
    );
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/analytics?formId=${formId}`);
  const card = (label: string) => page.getByRole('article', { name: label, exact: true });
  await expect(card('Name').getByRole('list', { name: 'Answers to Name' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await expect(card('Name').getByRole('listitem').first()).toContainText('Cy');
  await expect(card('Age').getByRole('definition')).toHaveText(['3', '40', '40', '30', '50']);
  await expect(card('Age').getByRole('list', { name: 'Histogram of Age' })).toBeVisible();
  await expect(card('Volume').getByRole('definition').first()).toHaveText('2');
  await expect(card('Recommend')).toContainText('NPS: 33');
  await expect(card('Stars')).toContainText('Average: 4 stars');
  await expect(card('Come back?').getByRole('listitem').first()).toHaveText('Yes2 (67%)');
  await expect(card('Visit date')).toContainText('Dates answered, by day');
  await expect(card('Visit date').getByRole('listitem').first()).toHaveText('May 1, 20261 (50%)');
  await expect(card('Arrival').getByRole('listitem')).toHaveText(['09:001 (50%)', '17:001 (50%)']);
  await expect(card('Documents').getByRole('definition')).toHaveText(['0', '0']);
  await expect(card('Grid').getByRole('row', { name: /Room/ })).toBeVisible();
  await expect(card('Order').getByRole('row', { name: /Pool/ })).toBeVisible();
  await expect(card('Signature').getByRole('listitem').first()).toHaveText('Signed1 (33%)');
  // The long option is there whole: in the legend (full text, title) and in the chart's alternative.
  await expect(card('Plan').getByRole('list', { name: 'Answers to Plan' })).toContainText(LONG_OPTION);
  await expect(card('Plan').getByTitle(LONG_OPTION)).toBeVisible();

  // A search through a text question's answers, on the server.
  const long = card(LONG_QUESTION);
  await long.getByRole('searchbox').fill('noisy');
  await long.getByRole('button', { name: `Search the answers to ${LONG_QUESTION}` }).click();
  await expect(long.getByText('1 answer contains “noisy”')).toBeVisible();
  await expect(long.getByRole('listitem')).toHaveText([/Noisy at night/]);

  // The funnel says why it is empty: partial responses are off.
  const funnel = page.getByRole('region', { name: 'Drop-off funnel' });
  await expect(funnel).toContainText('Turn on partial responses to see where people stop');
  await expect(funnel.getByRole('link', { name: 'Partial responses setting' })).toHaveAttribute(
    'href',
    `/forms/${formId}/settings#privacy`,
  );
  // The field chart's question names are never cut off without their whole text at hand.
  const chart = page.getByRole('region', { name: 'Field analytics', exact: true });
  await expect(chart.getByRole('img', { name: /^Responses and skips per field/ })).toHaveAttribute(
    'aria-label',
    new RegExp(LONG_QUESTION.slice(0, 40)),
  );
  await expect(chart.locator('title', { hasText: LONG_QUESTION })).toHaveCount(1);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(card('Age')).toBeVisible();
      await expectNoAxeViolations(page);
      // No sideways scroll: whatever reaches past the window is named.
      const past = await page.evaluate(
        (w) =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > w + 1)
            .slice(0, 8)
            .map(
              (e) => `${e.tagName} ${e.getAttribute('class') ?? ''} ${e.getAttribute('aria-label') ?? ''}`,
            ),
        width,
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        past.join('\n'),
      ).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/analytics-types-${width}-${scheme}.png`, fullPage: true });
    }
  }
});

test('an owner without forms sees No Forms Available', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('heading', { name: 'No Forms Available' })).toBeVisible();
  await expectNoAxeViolations(page);
});
