import { chromium, expect, test } from '@playwright/test';
import config from '../playwright.config.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL, E2E_PORT } from './support/env.ts';
import { expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

test('an owner adds a domain, and a respondent fills the form on it', async ({ page }) => {
  // Four looks checked by axe and a second browser: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  const owner = await registerAndLogin(page, { name: 'Dana Domain' });
  const form = await createFormViaApi(page, owner, {
    title: 'Club registration',
    fields: [{ label: 'Your name', type: 'text', required: true }],
  });
  await publishViaApi(page, owner, form.id);
  const host = `forms-${Date.now().toString(36)}.example.test`;

  await page.goto('/dashboard/workspace');
  const card = page.getByRole('region', { name: 'Domains' });
  await expect(card.getByText('No domains yet.')).toBeVisible();
  // A mistyped host is refused with the reason, and what was typed stays.
  await card.getByLabel('Host name').fill(`https://${host}/x`);
  await card.getByRole('button', { name: 'Add domain' }).click();
  await expect(card.getByText(/without https:\/\/ or a path/)).toBeVisible();
  await expect(card.getByLabel('Host name')).toHaveValue(`https://${host}/x`);

  await card.getByLabel('Host name').fill(host.toUpperCase());
  await card.getByLabel('Form at the top address').selectOption({ label: 'Club registration' });
  await card.getByRole('button', { name: 'Add domain' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: host })).toBeVisible();
  await expect(card.getByLabel(`Opens at ${host}/`)).toHaveValue(String(form.id));
  await expectNoAxeViolations(page);
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await card.screenshot({ path: `/tmp/custom-domains-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The share page links the form on its domain.
  const stored = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(owner) });
  const slug =
    ((await stored.json()) as { sharing: { slug: string | null } }).sharing.slug ?? String(form.id);
  await page.goto(`/forms/${form.id}/publish`);
  // The instance here is served over plain http, so its hosts are linked with http too.
  await expect(page.getByRole('textbox', { name: 'Form link' })).toHaveValue(`http://${host}/${slug}`);

  // A respondent's browser that resolves the host to this server opens the form at / and sends it.
  const respondent = await chromium.launch({
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  });
  try {
    const visitor = await respondent.newPage();
    await openFormPage(visitor, `http://${host}:${E2E_PORT}/`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Club registration' })).toBeVisible();
    await visitor.getByLabel('Your name').fill('Rosa Respondent');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
    // The dashboard is not served on the customer's domain.
    const dashboard = await visitor.goto(`http://${host}:${E2E_PORT}/dashboard`);
    expect(dashboard?.status()).toBe(404);
  } finally {
    await respondent.close();
  }
  const answers = await page.request.get(
    `${E2E_BASE_URL}/api/form-submissions/forms/${form.id}/submissions`,
    {
      headers: authHeaders(owner),
    },
  );
  expect(JSON.stringify(await answers.json())).toContain('Rosa Respondent');

  // Removed after a confirm: the host stops serving at once.
  await page.goto('/dashboard/workspace');
  await card.getByRole('button', { name: `Remove ${host}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove domain' }).click();
  await expect(card.getByText('No domains yet.')).toBeVisible();
});
