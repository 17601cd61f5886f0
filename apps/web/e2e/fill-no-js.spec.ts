import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage, totalViews } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi, publishViaApi, type SeedField } from './support/seed-forms.ts';

const SHOTS = '/tmp/shots-nojs22';
mkdirSync(SHOTS, { recursive: true });

const FIELDS: SeedField[] = [
  { label: 'Your name', type: 'text', required: true },
  { label: 'Email', type: 'email' },
  { label: 'Plan', type: 'radio', options: ['Free', 'Pro'] },
];

async function publishedForm(page: Page, fields = FIELDS): Promise<{ owner: TestUser; id: number }> {
  const owner = await registerAndLogin(page);
  const form = await createFormViaApi(page, owner, {
    title: 'No script survey',
    description: 'Answered in plain HTML.',
    fields,
  });
  await publishViaApi(page, owner, form.id);
  return { owner, id: form.id };
}

async function storedAnswers(page: Page, owner: TestUser, id: number) {
  const res = await page.request.get(`/api/forms/${id}/submissions`, { headers: authHeaders(owner) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: Array<{ data: Record<string, unknown> }> };
  return body.data.map((s) => s.data);
}

/**
 * The server drops a submit sent within three seconds of the page's load as a bot's. The load
 * time is the one the server stamped into the form, which a slow machine makes later than the
 * moment the test asked for the page.
 */
async function pastAntiSpamWindow(page: Page) {
  const stamped = Number(await page.locator('input[name="_formLoadTime"]').first().inputValue());
  expect(stamped).toBeGreaterThan(0);
  const left = stamped + 3_200 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

test.describe('public form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('fills and submits: an error comes back beside its field with the answers kept, then the success page', async ({
    page,
  }) => {
    const { owner, id } = await publishedForm(page);
    await page.goto(`/form/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'No script survey' })).toBeVisible();
    await expect(page.getByText('Answered in plain HTML.')).toBeVisible();

    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Pro').check();
    await page.getByRole('button', { name: 'Submit' }).click();

    // The page came back from the server: the error by its field and in the list above, linked.
    await expect(page.getByRole('region', { name: 'Please correct these answers:' })).toBeFocused();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('link', { name: 'Your name: This field is required' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await expect(page.getByLabel('Pro')).toBeChecked();

    await page.getByRole('link', { name: 'Your name: This field is required' }).click();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await pastAntiSpamWindow(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit Another Response' })).toHaveAttribute(
      'href',
      `/form/${id}`,
    );
    expect(await storedAnswers(page, owner, id)).toEqual([
      { seed_0: 'Ada Lovelace', seed_1: 'ada@example.com', seed_2: 'pro' },
    ]);
  });

  test('steps through pages with Next and Back, each page checked on the server', async ({ page }) => {
    const { owner, id } = await publishedForm(page, [
      { label: 'Your name', type: 'text', required: true },
      { label: 'About you', type: 'page_break' },
      { label: 'Your city', type: 'text', required: true },
    ]);
    await page.goto(`/form/${id}`);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Your city')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Your city').fill('London');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Your name')).toHaveValue('Ada');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Your city')).toHaveValue('London');
    await pastAntiSpamWindow(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
    expect(await storedAnswers(page, owner, id)).toEqual([{ seed_0: 'Ada', seed_2: 'London' }]);
  });
});

// axe runs as a script in the page, so these pages keep JavaScript on and refuse the page's own
// scripts instead: what they show is what a browser without JavaScript shows.
for (const dark of [false, true]) {
  test(`the page without its scripts is axe clean and fits 375 px in ${dark ? 'dark' : 'light'} mode, errors too`, async ({
    page,
  }) => {
    const { id } = await publishedForm(page);
    await page.route(/\.js(\?.*)?$/, (route) => route.abort());
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/form/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // slate-950 in dark mode, slate-50 in light: the system's setting decides without the script.
    expect(background).toBe(dark ? 'oklch(0.129 0.042 264.695)' : 'oklch(0.984 0.003 247.858)');
    const mode = dark ? 'dark' : 'light';
    for (const screen of ['form', 'errors']) {
      if (screen === 'errors') {
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.getByRole('region', { name: 'Please correct these answers:' })).toBeFocused();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await page.screenshot({ path: `${SHOTS}/no-js-375-${mode}-${screen}.png`, fullPage: true });
      await expectNoAxeViolations(page);
    }
  });
}

test('with JavaScript the server-rendered page is taken over, keeping what was typed before: checks in the page, the submit through the API', async ({
  page,
}) => {
  const { owner, id } = await publishedForm(page);
  const served = await page.request.get(`/form/${id}`);
  expect(await served.text()).toContain('Your name');
  const posts: string[] = [];
  const loads: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() === 'POST') posts.push(pathname);
    if (r.method() === 'GET' && pathname.startsWith('/api/forms/')) loads.push(pathname);
  });
  // The page's script is held back while the respondent starts typing into the server's markup.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/fill-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/form/${id}`, { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('grace@example.com');
  release();
  await expect(page.locator('#root[data-live]')).toBeAttached();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  expect(posts.filter((p) => p.startsWith('/form/'))).toEqual([]);
  // The page took the form from the server's markup: it never asked the API for it.
  expect(loads).toEqual([]);
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Another Response' })).toBeVisible();
  expect(posts).toContain(`/api/form-submissions/forms/${id}/submit`);
  expect(posts.filter((p) => p.startsWith('/form/'))).toEqual([]);
  expect(await storedAnswers(page, owner, id)).toEqual([
    { seed_0: 'Grace Hopper', seed_1: 'grace@example.com', seed_2: '' },
  ]);
});

test('a plain form runs only its small entry until the respondent acts; a submit pressed before the app is live is sent through it, with what was typed', async ({
  page,
}) => {
  const { owner, id } = await publishedForm(page);
  const posts: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() === 'POST') posts.push(pathname);
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  // The app is held back on its way, as on a slow network, while the respondent answers and sends.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/fill-app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/form/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No script survey' })).toBeVisible();
  // Opened and only read: the app is not asked for.
  await page.waitForTimeout(500);
  expect(scripts.filter((s) => s.includes('/fill-app-'))).toEqual([]);
  const asked = page.waitForRequest(/\/assets\/fill-app-[^/]+\.js$/);
  await page.getByLabel('Your name').fill('Grace Hopper');
  await asked;
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The submit waits for the app: nothing is posted past it, and the page stays.
  await page.waitForTimeout(300);
  expect(posts.filter((p) => p.startsWith('/form/'))).toEqual([]);
  await expect(page.locator('#root[data-live]')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(posts).toContain(`/api/form-submissions/forms/${id}/submit`);
  expect(posts.filter((p) => p.startsWith('/form/'))).toEqual([]);
  expect(await storedAnswers(page, owner, id)).toEqual([
    { seed_0: 'Grace Hopper', seed_1: 'grace@example.com', seed_2: '' },
  ]);
});

test('the focus that starts the takeover is counted in the per-field timing', async ({ page }) => {
  const { owner, id } = await publishedForm(page);
  await page.goto(`/form/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No script survey' })).toBeVisible();
  // The first field's focus is the respondent's first interaction: the app takes over from it.
  await page.getByLabel('Your name').focus();
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  await page.getByLabel('Your name').pressSequentially('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await pastAntiSpamWindow(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  const res = await page.request.get(`/api/forms/${id}/submissions`, { headers: authHeaders(owner) });
  const [stored] = (await res.json()).data as Array<{
    metadata: { analytics: { fieldInteractions: Record<string, { focuses: number; timeSpent: number }> } };
  }>;
  const fields = stored!.metadata.analytics.fieldInteractions;
  expect(fields.seed_0?.focuses).toBe(1);
  expect(fields.seed_1?.focuses).toBe(1);
});

test.describe('views of the public page', () => {
  for (const javaScriptEnabled of [false, true]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });

      test('each opening of the page counts one view', async ({ page }) => {
        const { owner, id } = await publishedForm(page);
        const headers = authHeaders(owner);
        for (const opened of [1, 2]) {
          if (javaScriptEnabled) await openFormPage(page, `/form/${id}`);
          else await page.goto(`/form/${id}`);
          await expect(page.getByRole('heading', { level: 1, name: 'No script survey' })).toBeVisible();
          // Counted by the server as it renders the page (the script, taking over, adds none).
          await expect.poll(() => totalViews(page, id, headers)).toBe(opened);
        }
        // Nothing arrives late (views are stored each second): still one per opening.
        await page.waitForTimeout(1500);
        expect(await totalViews(page, id, headers)).toBe(2);
      });
    });
  }
});
