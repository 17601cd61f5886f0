import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { waitForMailLink } from './support/mail.ts';

// Answers saved as the respondent goes: the same device continues after the tab closed, and a
// mailed link continues on another browser. Forms are made through the API.

const SHOTS = '/tmp/shots-partials';

let owner: TestUser;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  owner = await registerAndLogin(page);
  await page.close();
});

async function publishSavingForm(page: Page, title: string): Promise<number> {
  const fields = [
    { id: 'name', type: 'text', label: 'Your name', validation: { required: true } },
    { id: 'p2', type: 'page_break', label: 'Contact' },
    { id: 'city', type: 'text', label: 'Your city', validation: { required: true } },
  ].map((f, position) => ({ position, ...f }));
  const headers = authHeaders(owner);
  const res = await page.request.post('/api/forms', {
    headers,
    data: { title, fields, submit_button_text: 'Send answers', success_message: 'Thank you!' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const on = await page.request.put(`/api/forms/${id}/partials`, {
    headers,
    data: { save_partials: true, partial_retention_days: 30 },
  });
  expect(on.ok(), await on.text()).toBe(true);
  expect((await page.request.post(`/api/forms/${id}/publish`, { headers })).ok()).toBe(true);
  return id;
}

async function storedRows(page: Page, formId: number) {
  const res = await page.request.get(`/api/form-submissions/forms/${formId}/submissions`, {
    headers: authHeaders(owner),
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).items as Array<{ completed: boolean; data: Record<string, unknown> }>;
}

test('answers saved on page 1 are there after the tab closes and the form is opened again', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const formId = await publishSavingForm(page, 'Saved as you go');
  await openFormPage(page, `/form/${formId}`);
  await expect(page.getByText('Your answers are saved as you go.')).toBeVisible();
  await page.getByLabel('Your name').fill('Ada');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Your city')).toBeVisible();
  await expect.poll(async () => (await storedRows(page, formId)).length).toBe(1);
  await page.screenshot({ path: `${SHOTS}/page-2.png`, fullPage: true });
  await page.close();

  const again = await context.newPage();
  await openFormPage(again, `/form/${formId}`);
  await expect(again.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expectNoAxeViolations(again);
  await again.screenshot({ path: `${SHOTS}/welcome-back.png`, fullPage: true });
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again.getByLabel('Your city')).toBeVisible();
  await again.getByRole('button', { name: 'Back' }).click();
  await expect(again.getByLabel('Your name')).toHaveValue('Ada');
  await context.close();
});

test('a mailed link continues the answers in another browser, and the submit completes them', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  const formId = await publishSavingForm(page, 'Continue elsewhere');
  await openFormPage(page, `/form/${formId}`);
  await page.getByLabel('Your name').fill('Grace');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Your city')).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue later' }).click();
  const email = `resume-${Date.now()}@example.org`;
  await page.getByLabel('Email address for the link').fill(email);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/link-sent.png`, fullPage: true });
  const link = await waitForMailLink(email, 'http');
  expect(link).toContain('?resume=');
  await first.close();

  const second = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const other = await second.newPage();
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByLabel('Your city')).toBeVisible();
  await expect(other).not.toHaveURL(/resume=/);
  await other.screenshot({ path: `${SHOTS}/resumed-375.png`, fullPage: true });
  await other.getByLabel('Your city').fill('Paris');
  await other.waitForTimeout(3200);
  await other.getByRole('button', { name: 'Send answers' }).click();
  await expect(other.getByText('Thank you!')).toBeVisible();
  const rows = await storedRows(other, formId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ completed: true, data: { name: 'Grace', city: 'Paris' } });
  await second.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`owners see unfinished responses, the setting and the funnel (${scheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    owner = await registerAndLogin(page);
    const formId = await publishSavingForm(page, `Owner view ${scheme}`);
    expect((await page.request.post(`/api/analytics/forms/${formId}/view`)).status()).toBe(204);
    const saved = await page.request.post(`/api/form-submissions/forms/${formId}/progress`, {
      data: { data: { name: 'Ada' }, step: 'p2' },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await page.goto(`/forms/${formId}/submissions`);
    await expect(page.getByText('Incomplete: Page 2 of 2: Contact')).toBeVisible();
    await page.goto(`/forms/${formId}/settings`);
    await expect(page.getByRole('switch', { name: 'Save answers as respondents go' })).toBeChecked();
    await expect(page.getByLabel('Keep unfinished responses for (days)')).toHaveValue('30');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/settings-${scheme}.png`, fullPage: true });

    await page.goto(`/dashboard/analytics?formId=${formId}`);
    const funnel = page.getByRole('table', { name: 'Respondents reaching each step, of those who started' });
    await expect(funnel.getByRole('row', { name: /Started/ })).toContainText('1');
    await expect(funnel.getByRole('row', { name: /Page 2 of 2: Contact/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/funnel-${scheme}.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/funnel-375-${scheme}.png`, fullPage: true });
    await context.close();
  });
}
