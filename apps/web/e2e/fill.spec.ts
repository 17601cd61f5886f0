import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { openFormPage } from './support/fill-page.ts';
import { waitForMailLink } from './support/mail.ts';

type Owner = { headers: { authorization: string } };

/** A verified owner with a bearer token, made through the API as a user would. */
async function createOwner(request: APIRequestContext): Promise<Owner> {
  const email = `fill-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const reg = await request.post('/api/auth/register', {
    data: { email, password, confirmPassword: password, name: 'Fill Owner', acceptTerms: true },
  });
  expect(reg.ok()).toBe(true);
  const link = await waitForMailLink(email, `${E2E_BASE_URL}/verify-email?token=`);
  const token = new URL(link).searchParams.get('token');
  expect((await request.get(`/api/auth/verify/${token}`)).ok()).toBe(true);
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return { headers: { authorization: `Bearer ${(await login.json()).token}` } };
}

const opts = (...labels: string[]) => labels.map((label) => ({ label, value: label.toLowerCase() }));

/** Every field type of the product, with rules for the validation journey. */
const ALL_FIELDS = [
  { label: 'Full name', type: 'text', validation: { required: true, minLength: 2 } },
  { label: 'About you', type: 'textarea' },
  { label: 'Email address', type: 'email', validation: { required: true } },
  { label: 'Phone number', type: 'phone' },
  { label: 'Age', type: 'number', validation: { min: 18, max: 99 } },
  {
    label: 'Satisfaction',
    type: 'range',
    validation: { min: 0, max: 10 },
    lowLabel: 'Unhappy',
    highLabel: 'Delighted',
  },
  { label: 'Start date', type: 'date' },
  { label: 'Preferred time', type: 'time' },
  { label: 'Homepage', type: 'url' },
  { label: 'Secret word', type: 'password' },
  { label: 'Favourite colour', type: 'color' },
  { label: 'I agree to the terms', type: 'checkbox', validation: { required: true } },
  { label: 'Interests', type: 'checkbox', options: opts('Music', 'Sport', 'Books') },
  { label: 'Plan', type: 'radio', options: opts('Free', 'Pro') },
  { label: 'Country', type: 'select', options: opts('France', 'Japan') },
  { label: 'Campaign', type: 'hidden', defaultValue: 'spring' },
  { label: 'Our logo', type: 'image', imageUrl: '/favicon.svg' },
  { label: 'Attachment', type: 'file', validation: { accept: ['.txt'], maxFileSize: 1000 } },
  {
    label: 'Why Pro?',
    type: 'text',
    validation: { required: true },
    conditionalLogic: {
      action: 'show',
      match: 'all',
      conditions: [{ fieldId: 'plan', operator: 'equals', value: 'pro' }],
    },
  },
  {
    label: 'Team code',
    type: 'text',
    validation: { pattern: '^[A-Z]{3}$', customError: 'Use three capital letters' },
  },
];

async function createForm(
  request: APIRequestContext,
  owner: Owner,
  input: { fields?: Array<Record<string, unknown>>; sharing?: Record<string, unknown>; title?: string } = {},
): Promise<{ id: number; fields: Array<{ id: string; label: string }> }> {
  const fields = (input.fields ?? ALL_FIELDS).map((f, i) => ({ id: `f${i}`, position: i, ...f }));
  // The conditional field refers to the Plan field by its id.
  const planId = fields.find((f) => (f as { label: string }).label === 'Plan')?.id;
  const withLogic = JSON.parse(
    JSON.stringify(fields).replaceAll('"fieldId":"plan"', `"fieldId":"${planId}"`),
  );
  const res = await request.post('/api/forms', {
    headers: owner.headers,
    data: {
      title: input.title ?? 'Conference sign-up',
      description: 'Tell us about yourself.',
      fields: withLogic,
      success_message: 'Thanks, see you there!',
      submit_button_text: 'Send answers',
      ...input.sharing,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const form = await res.json();
  expect((await request.post(`/api/forms/${form.id}/publish`, { headers: owner.headers })).ok()).toBe(true);
  return { id: form.id, fields: form.fields };
}

/** The time trap drops submits within 3 s of the page load; people take longer. */
const waitPastTimeTrap = (page: Page) => page.waitForTimeout(3200);

test.describe('public form page', () => {
  let owner: Owner;
  test.beforeAll(async ({ request }) => {
    owner = await createOwner(request);
  });

  test('a respondent fills every field type, uploads a file and submits', async ({ page, request }) => {
    const form = await createForm(request, owner);
    await openFormPage(page, `/form/${form.id}`);
    await expect(page.getByRole('heading', { name: 'Conference sign-up' })).toBeVisible();
    await expect(page.getByText('Tell us about yourself.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Our logo' })).toBeVisible();
    await expect(page.getByText('Powered by')).toBeVisible();
    await expect(page.getByLabel('Campaign')).toHaveCount(0);
    await expect(page.getByLabel('About you')).toHaveAttribute('rows', '4');

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('About you').fill('Mathematician.\nWriter.');
    await page.getByLabel('Email address').fill('ada@example.com');
    // Exactly: the number, not its country picker ('Phone number: Country code').
    await page.getByLabel('Phone number', { exact: true }).fill('+44 20 7946 0000');
    // Out-of-range input is kept as typed and explained, never silently changed.
    await page.getByLabel('Age', { exact: true }).fill('120');
    await page.getByLabel('Age', { exact: true }).blur();
    await expect(page.getByLabel('Age', { exact: true })).toHaveValue('120');
    await expect(page.getByText('Maximum value is 99')).toBeVisible();
    await page.getByLabel('Age', { exact: true }).fill('99');
    // The words under the slider's ends are read with the numbers they stand for.
    await expect(page.getByLabel('Satisfaction')).toHaveAccessibleDescription(/0: Unhappy\s*10: Delighted/);
    await page.getByLabel('Satisfaction').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByLabel('Start date').fill('2030-05-04');
    await page.getByLabel('Preferred time').fill('09:30');
    await page.getByLabel('Homepage').fill('https://ada.example.com');
    await page.getByLabel('Secret word').fill('engine');
    await page.getByLabel('Favourite colour').fill('#ff8800');
    await page.getByLabel('I agree to the terms').check();
    await page.getByRole('checkbox', { name: 'Music' }).check();
    await page.getByRole('checkbox', { name: 'Books' }).check();
    await expect(page.getByLabel('Why Pro?')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Pro' }).check();
    await expect(page.getByLabel('Why Pro?')).toBeVisible();
    await page.getByLabel('Why Pro?').fill('Analytical engines');
    // Exactly: not the phone's country picker.
    await page.getByLabel('Country', { exact: true }).selectOption('japan');
    await page.getByLabel('Team code').fill('ADA');
    await page
      .getByLabel('Attachment')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('notes.txt')).toBeVisible();
    await expect(page.getByText('(5 B)')).toBeVisible();

    await waitPastTimeTrap(page);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
    await expect(page.getByText('Thanks, see you there!')).toBeVisible();

    const list = await request.get(`/api/form-submissions/forms/${form.id}/submissions`, {
      headers: owner.headers,
    });
    expect(list.ok()).toBe(true);
    const items = (await list.json()).items as Array<{ data: Record<string, unknown> }>;
    expect(items).toHaveLength(1);
    const byLabel = Object.fromEntries(form.fields.map((f) => [f.label, items[0]!.data[f.id]]));
    expect(byLabel).toMatchObject({
      'Full name': 'Ada Lovelace',
      'About you': 'Mathematician.\nWriter.',
      Age: 99,
      Satisfaction: 1,
      'Start date': '2030-05-04',
      'Preferred time': '09:30',
      'Favourite colour': '#ff8800',
      'I agree to the terms': true,
      Interests: ['music', 'books'],
      Plan: 'pro',
      'Why Pro?': 'Analytical engines',
      Country: 'japan',
      Campaign: 'spring',
      Attachment: { name: 'notes.txt', size: 5, type: 'text/plain', upload_id: expect.any(String) },
    });

    await page.getByRole('button', { name: 'Submit Another Response' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByLabel('I agree to the terms')).not.toBeChecked();
  });

  test('a form with the spam check on: the page solves its challenge in the background and the answer is stored', async ({
    page,
    request,
  }) => {
    const form = await createForm(request, owner, {
      fields: [{ label: 'Email address', type: 'email', validation: { required: true } }],
    });
    const spamCheck = await request.put(`/api/forms/${form.id}/limits`, {
      headers: owner.headers,
      data: {
        response_limit: null,
        opens_at: null,
        closes_at: null,
        time_zone: 'UTC',
        closed_message: null,
        one_response_per_browser: false,
        spam_challenge: true,
      },
    });
    expect(spamCheck.ok(), await spamCheck.text()).toBe(true);
    const challenge = page.waitForResponse((res) => res.url().endsWith(`/forms/${form.id}/challenge`));
    await openFormPage(page, `/form/${form.id}`);
    expect((await challenge).status()).toBe(200);
    await page.getByLabel('Email address').fill('solved@example.com');
    await waitPastTimeTrap(page);
    const submit = page.waitForRequest((req) => req.url().endsWith(`/forms/${form.id}/submit`));
    await page.getByRole('button', { name: 'Send answers' }).click();
    expect(typeof (await submit).postDataJSON().altcha).toBe('string');
    await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();

    const list = await request.get(`/api/form-submissions/forms/${form.id}/submissions`, {
      headers: owner.headers,
    });
    const items = (await list.json()).items as Array<{ data: Record<string, unknown> }>;
    expect(items.map((item) => item.data[form.fields[0]!.id])).toEqual(['solved@example.com']);
  });

  test('a submit inside the anti-spam window is held, then stored, and only then says so', async ({
    page,
    request,
  }) => {
    const form = await createForm(request, owner, {
      fields: [{ label: 'Email address', type: 'email', validation: { required: true } }],
    });
    await openFormPage(page, `/form/${form.id}`);
    // Like browser autofill: the answer is there and the button pressed at once.
    await page.getByLabel('Email address').fill('fast@example.com');
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();

    const list = await request.get(`/api/form-submissions/forms/${form.id}/submissions`, {
      headers: owner.headers,
    });
    const items = (await list.json()).items as Array<{ data: Record<string, unknown> }>;
    expect(items.map((item) => item.data[form.fields[0]!.id])).toEqual(['fast@example.com']);
  });

  test('validation messages show under each field, on blur and on submit', async ({ page, request }) => {
    const form = await createForm(request, owner);
    await openFormPage(page, `/form/${form.id}`);
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Full name').blur();
    await expect(page.getByText('Minimum length is 2 characters')).toBeVisible();
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Email address').blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Team code').fill('abc');
    await page.getByLabel('Team code').blur();
    await expect(page.getByText('Use three capital letters')).toBeVisible();
    await page
      .getByLabel('Attachment')
      .setInputFiles({ name: 'photo.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(page.getByText('This file type is not accepted')).toBeVisible();
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByText('This field is required')).toBeVisible(); // the terms checkbox
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    const list = await request.get(`/api/form-submissions/forms/${form.id}/submissions`, {
      headers: owner.headers,
    });
    expect((await list.json()).items).toHaveLength(0);
  });

  test('a password form opens only with the right access code', async ({ page, request }) => {
    const form = await createForm(request, owner, {
      title: 'Members-only survey',
      fields: [{ label: 'Name', type: 'text', validation: { required: true } }],
      sharing: { access_restriction: 'password', access_code: 'letmein' },
    });
    await openFormPage(page, `/form/${form.id}`);
    // The gate names the form (its title only: no field shows before the code is right).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members-only survey');
    await expect(page.getByLabel('Name')).toHaveCount(0);
    await page.getByLabel('Access Code').fill('wrong');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Incorrect access code')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Access Code').fill('letmein');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('Name').fill('Grace');
    await waitPastTimeTrap(page);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  });

  test('an expired form says so, a missing one is unavailable, and neither leads to the marketing pages', async ({
    page,
    request,
  }) => {
    const form = await createForm(request, owner, {
      fields: [{ label: 'Name', type: 'text' }],
      sharing: { expiration_date: new Date(Date.now() - 3_600_000).toISOString() },
    });
    await openFormPage(page, `/form/${form.id}`);
    await expect(page.getByRole('heading', { name: 'This form has expired' })).toBeVisible();
    await expect(page.getByRole('link')).toHaveCount(0);
    await page.goto('/form/no-such-form-slug');
    await expect(page.getByRole('heading', { name: 'Form Unavailable' })).toBeVisible();
    // The page's script has taken over: still nothing to follow to the landing page or sign-up.
    await expect(page.locator('#root[data-live]')).toHaveCount(1);
    await expect(page.getByRole('link')).toHaveCount(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      test(`the form page is accessible (${scheme}, ${width} px)`, async ({ page, request }) => {
        const form = await createForm(request, owner);
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await openFormPage(page, `/form/${form.id}`);
        await expect(page.getByLabel('Full name')).toBeVisible();
        await page.getByRole('button', { name: 'Send answers' }).click();
        await expect(page.getByText('This field is required').first()).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `/tmp/fill-${scheme}-${width}.png`, fullPage: true });
      });
    }
  }
});

test.describe('embedding', () => {
  let host: Server;
  let hostUrl: string;
  let formId: number;

  test.beforeAll(async ({ request }) => {
    const owner = await createOwner(request);
    formId = (await createForm(request, owner, { fields: [{ label: 'Name', type: 'text' }] })).id;
    // A page of another site (another localhost port) that embeds the form and the dashboard.
    host = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html lang="en"><head><title>Host</title></head><body>
        <h1>Host page</h1>
        <iframe id="form" title="Embedded form" src="${E2E_BASE_URL}/form/${formId}/embed" width="100%" height="500" style="border:0"></iframe>
        <iframe id="dash" title="Dashboard" src="${E2E_BASE_URL}/dashboard" width="100%" height="300"></iframe>
        <script src="${E2E_BASE_URL}/embed.js"></script>
      </body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    await new Promise((r) => host.close(r));
  });

  test('the embed page works inside another site, and the dashboard refuses to be framed', async ({
    page,
  }) => {
    await page.goto(hostUrl);
    const frame = page.frameLocator('#form');
    await expect(frame.getByLabel('Name')).toBeVisible();
    await expect(frame.getByText('Powered by')).toBeVisible();
    // embed.js sized the iframe to the form's height.
    await expect
      .poll(() => page.locator('#form').evaluate((el) => (el as HTMLElement).style.height))
      .toMatch(/^\d+px$/);
    await frame.getByLabel('Name').fill('Embedded Ed');
    await page.waitForTimeout(3200);
    await frame.getByRole('button', { name: 'Send answers' }).click();
    await expect(frame.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();

    const dashboard = page.frames().find((f) => f.name() === '' && f.url().includes('chrome-error'));
    const dashUrl = await page.locator('#dash').evaluate((el) => (el as HTMLIFrameElement).src);
    expect(dashUrl).toContain('/dashboard');
    expect(dashboard, 'the dashboard frame is blocked by frame-ancestors').toBeDefined();
    await page.screenshot({ path: '/tmp/fill-embed.png', fullPage: true });
  });
});
