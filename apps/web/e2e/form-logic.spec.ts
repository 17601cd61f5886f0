import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';

// The public page with pages, jumps, endings, one question at a time, URL prefill and recall.
// Forms are made through the API; the respondent's side is driven as a person would.

const SHOTS = '/tmp/shots-logic-fill';

type FormInput = {
  title: string;
  fields: Array<Record<string, unknown>>;
  logic?: Record<string, unknown>;
  display?: 'classic' | 'one_at_a_time';
};

let owner: TestUser;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  owner = await registerAndLogin(page);
  await page.close();
});

async function publishForm(page: Page, input: FormInput): Promise<number> {
  const fields = input.fields.map((f, position) => ({ position, ...f }));
  const res = await page.request.post('/api/forms', {
    headers: authHeaders(owner),
    data: { ...input, fields, submit_button_text: 'Send answers', success_message: 'Thank you!' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const published = await page.request.post(`/api/forms/${id}/publish`, { headers: authHeaders(owner) });
  expect(published.ok(), await published.text()).toBe(true);
  return id;
}

async function storedAnswers(page: Page, formId: number): Promise<Record<string, unknown>[]> {
  const res = await page.request.get(`/api/form-submissions/forms/${formId}/submissions`, {
    headers: authHeaders(owner),
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()).items as Array<{ data: Record<string, unknown> }>).map((i) => i.data);
}

/** The time trap drops submits within 3 s of the page load; people take longer. */
const waitPastTimeTrap = (page: Page) => page.waitForTimeout(3200);

const choices = (...labels: string[]) => labels.map((label) => ({ label, value: label.toLowerCase() }));

/** Three pages; answering 'Skip' on page 1 jumps over page 2. */
const THREE_PAGES: FormInput = {
  title: 'Trip planner',
  fields: [
    { id: 'name', type: 'text', label: 'Your name', validation: { required: true } },
    { id: 'route', type: 'radio', label: 'Route', options: choices('Scenic', 'Skip') },
    { id: 'p2', type: 'page_break', label: 'Stops' },
    { id: 'stops', type: 'number', label: 'How many stops?', validation: { required: true } },
    { id: 'p3', type: 'page_break', label: 'Wrap-up' },
    { id: 'notes', type: 'textarea', label: 'Anything else, {{name}}?' },
  ],
  logic: {
    rules: [
      {
        id: 'skip_stops',
        page: 'page_1',
        conditions: [{ ref: 'route', operator: 'equals', value: 'skip' }],
        actions: [{ type: 'jump', page: 'p3' }],
      },
    ],
  },
};

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Progress' });

test('pages: Back and Next keep answers, a required field blocks Next, a jump skips a page', async ({
  page,
}) => {
  const formId = await publishForm(page, THREE_PAGES);
  await openFormPage(page, `/form/${formId}`);
  await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Page 1 of 3');
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

  // The required name blocks Next: the error shows and the field takes the focus.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();

  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Scenic').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Stops' })).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Page 2 of 3');
  await expect(page.getByLabel('How many stops?')).toBeFocused();
  await page.getByLabel('How many stops?').fill('4');

  // Back keeps what was typed on both pages.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Your name')).toHaveValue('Ada');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('How many stops?')).toHaveValue('4');
  await page.getByRole('button', { name: 'Back' }).click();

  // Skipping: the jump goes straight to page 3, and the path is two pages long now.
  await page.getByLabel('Skip').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Wrap-up' })).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Page 2 of 2');
  // Recall in the label, and the last page's button is the submit button.
  await expect(page.getByLabel('Anything else, Ada?')).toBeVisible();
  await page.getByLabel('Anything else, Ada?').fill('Window seat');
  await waitPastTimeTrap(page);
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  await expect(page.getByText('Thank you!')).toBeVisible();
  // The skipped page's answer typed earlier is not sent.
  expect(await storedAnswers(page, formId)).toEqual([{ name: 'Ada', route: 'skip', notes: 'Window seat' }]);
});

test('one question at a time, by keyboard only', async ({ page }) => {
  const formId = await publishForm(page, {
    title: 'Quick poll',
    display: 'one_at_a_time',
    fields: [
      { id: 'name', type: 'text', label: 'Your name', validation: { required: true } },
      { id: 'drink', type: 'radio', label: 'Coffee or tea?', options: choices('Coffee', 'Tea') },
      { id: 'extras', type: 'checkbox', label: 'Extras', options: choices('Milk', 'Sugar', 'Honey') },
      { id: 'why', type: 'textarea', label: 'Why, {{name}}?' },
    ],
  });
  await openFormPage(page, `/form/${formId}`);
  await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 1 of 4');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Your name')).toBeFocused();
  // Enter with nothing typed: the same validation as the classic layout.
  await page.keyboard.press('Enter');
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.keyboard.type('Grace');
  await page.keyboard.press('Enter');

  await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 2 of 4');
  await expect(page.getByLabel('Your name')).toHaveCount(0);
  // Letter keys pick choices, as their hints show.
  await expect(page.locator('kbd', { hasText: 'B' })).toBeVisible();
  await page.keyboard.press('b');
  await expect(page.getByLabel('Tea')).toBeChecked();
  await page.keyboard.press('Enter');

  await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 3 of 4');
  await page.keyboard.press('a');
  await expect(page.getByLabel('Milk')).toBeChecked();
  // Arrows move between the boxes; Space ticks the focused one.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Honey')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Honey')).toBeChecked();
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Why, Grace?')).toBeFocused();
  await page.keyboard.type('Calm');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('mornings');
  await expect(page.getByLabel('Why, Grace?')).toHaveValue('Calm\nmornings');
  await expect(page.getByRole('button', { name: 'Send answers' })).toBeVisible();
  await waitPastTimeTrap(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswers(page, formId)).toEqual([
    { name: 'Grace', drink: 'tea', extras: ['milk', 'honey'], why: 'Calm\nmornings' },
  ]);
});

const QUIZ: FormInput = {
  title: 'Capital quiz',
  fields: [
    {
      id: 'capital',
      type: 'radio',
      label: 'Capital of France?',
      options: [
        { label: 'Paris', value: 'paris', points: 10, correct: true },
        { label: 'Lyon', value: 'lyon', points: 0 },
      ],
    },
  ],
  logic: {
    quiz: { enabled: true, passMark: 10 },
    endings: [
      { id: 'pass', title: 'You passed', message: 'Score: {{score}} points.' },
      { id: 'fail', title: 'Not this time', message: 'Score: {{score}} points. <b>Try again</b>' },
    ],
    rules: [
      {
        id: 'passed',
        page: 'page_1',
        conditions: [{ source: 'variable', ref: 'score', operator: 'greater_or_equal', value: '10' }],
        actions: [{ type: 'end', ending: 'pass' }],
      },
      { id: 'failed', page: 'page_1', actions: [{ type: 'end', ending: 'fail' }] },
    ],
  },
};

test('a quiz ends with the server’s ending for the score, its message as text', async ({ page }) => {
  const formId = await publishForm(page, QUIZ);
  for (const [answer, title, message, scheme] of [
    ['Paris', 'You passed', 'Score: 10 points.', 'light'],
    ['Lyon', 'Not this time', 'Score: 0 points. <b>Try again</b>', 'dark'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openFormPage(page, `/form/${formId}`);
    await page.getByLabel(answer).check();
    await waitPastTimeTrap(page);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/ending-${scheme}.png`, fullPage: true });
  }
  // Markup in a message is shown as typed, never run as HTML.
  await expect(page.locator('b')).toHaveCount(0);
});

test('the owner sees each respondent’s quiz score, as the server scored it', async ({ page }) => {
  const me = await registerAndLogin(page);
  const created = await page.request.post('/api/forms', { headers: authHeaders(me), data: QUIZ });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/forms/${id}/publish`, { headers: authHeaders(me) })).ok()).toBe(true);
  for (const capital of ['paris', 'lyon']) {
    const sent = await page.request.post(`/api/form-submissions/forms/${id}/submit`, {
      // A score the browser claims is ignored: the server scores the answers.
      data: { data: { capital }, metadata: { quiz: { score: 10, max: 10, passed: true } } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await page.goto(`/forms/${id}/submissions`);
  const table = page.getByRole('table', { name: 'Submissions' });
  await expect(table.getByRole('columnheader', { name: 'Score' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '10 / 10', exact: true })).toHaveCount(1);
  await expect(table.getByRole('cell', { name: '0 / 10', exact: true })).toHaveCount(1);
  await table.getByRole('cell', { name: '0 / 10', exact: true }).click();
  await expect(page.getByText('0 of 10 points, not passed')).toBeVisible();
  await expectNoAxeViolations(page);

  // Analytics counts the ending each submission took.
  await page.goto(`/dashboard/analytics?formId=${id}`);
  const paths = page.getByRole('region', { name: 'Paths through the form' });
  const endings = paths.getByRole('table', { name: 'Endings' });
  await expect(endings.getByRole('row', { name: /You passed 1/ })).toBeVisible();
  await expect(endings.getByRole('row', { name: /Not this time 1/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await paths.screenshot({ path: `${SHOTS}/paths-light-1280.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(endings).toBeVisible();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await paths.screenshot({ path: `${SHOTS}/paths-dark-375.png` });
});

test('a hidden field takes its value from the URL and reaches the stored submission', async ({ page }) => {
  const formId = await publishForm(page, {
    title: 'Newsletter',
    fields: [
      { id: 'email', type: 'email', label: 'Email', validation: { required: true } },
      { id: 'source', type: 'hidden', label: 'Source', prefill: { from_url: true, param: 'ref' } },
      { id: 'city', type: 'text', label: 'City', prefill: { from_url: true } },
    ],
  });
  await openFormPage(page, `/form/${formId}?ref=spring-mail&city=Oslo`);
  await expect(page.getByLabel('Source')).toHaveCount(0);
  // A visible field starts filled in from the URL, and stays the respondent's to change.
  await expect(page.getByLabel('City')).toHaveValue('Oslo');
  await page.getByLabel('City').fill('Bergen');
  await page.getByLabel('Email').fill('kari@example.com');
  await waitPastTimeTrap(page);
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswers(page, formId)).toEqual([
    { email: 'kari@example.com', source: 'spring-mail', city: 'Bergen' },
  ]);
});

test('recall in a label and a calculated result update as the respondent types', async ({ page }) => {
  const formId = await publishForm(page, {
    title: 'Order',
    fields: [
      { id: 'name', type: 'text', label: 'Name' },
      { id: 'qty', type: 'number', label: 'How many, {{name}}?' },
      { id: 'total', type: 'calculated', label: 'Total (EUR)', expression: 'qty * 4.5', show_result: true },
      { id: 'secret', type: 'calculated', label: 'Internal', expression: 'qty * 2' },
    ],
  });
  await openFormPage(page, `/form/${formId}`);
  await expect(page.getByLabel('How many, ?')).toBeVisible();
  await page.getByLabel('Name').pressSequentially('Lin');
  await expect(page.getByLabel('How many, Lin?')).toBeVisible();
  await page.getByLabel('How many, Lin?').fill('3');
  await expect(page.getByLabel('Total (EUR)')).toHaveText('13.5');
  await expect(page.getByText('Internal')).toHaveCount(0);
  await waitPastTimeTrap(page);
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswers(page, formId)).toEqual([{ name: 'Lin', qty: 3, total: 13.5, secret: 6 }]);
});

test('a redirect ending shows its notice and a link, then moves on', async ({ page }) => {
  await page.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Partner</title><h1>Partner page</h1>' }),
  );
  const formId = await publishForm(page, {
    title: 'Sign-up',
    fields: [{ id: 'name', type: 'text', label: 'Name' }],
    logic: {
      endings: [
        {
          id: 'go',
          title: 'Almost there',
          message: 'Thanks {{name}}',
          redirectUrl: 'https://example.com/next',
          redirectParams: ['name'],
        },
      ],
      rules: [{ id: 'always', page: 'page_1', actions: [{ type: 'end', ending: 'go' }] }],
    },
  });
  await openFormPage(page, `/form/${formId}`);
  await page.getByLabel('Name').fill('Ana');
  await waitPastTimeTrap(page);
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByRole('heading', { name: 'Almost there' })).toBeVisible();
  await expect(page.getByText('Thanks Ana')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Taking you to example.com');
  await expect(page.getByRole('link', { name: 'Continue now' })).toHaveAttribute(
    'href',
    'https://example.com/next?name=Ana',
  );
  await page.screenshot({ path: `${SHOTS}/redirect-notice.png`, fullPage: true });
  await page.waitForURL('https://example.com/next?name=Ana');
  await expect(page.getByRole('heading', { name: 'Partner page' })).toBeVisible();
});

for (const display of ['classic', 'one_at_a_time'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${display} pages are accessible and fit 375 px (${scheme})`, async ({ page }) => {
      const formId = await publishForm(page, { ...THREE_PAGES, display });
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 375, height: 800 });
      await openFormPage(page, `/form/${formId}`);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('This field is required')).toBeVisible();
      await page.getByLabel('Your name').fill('Ada');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('Scenic')).toBeVisible({ visible: display === 'one_at_a_time' });
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: `${SHOTS}/${display}-${scheme}-375.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${display}-${scheme}-1280.png`, fullPage: true });
    });
  }
}
