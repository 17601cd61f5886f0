import { createFormKey } from '@formsmith/core/crypto/key-wrap';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const NOTIFY = 'Attach the response as a PDF';
const CONFIRM = 'Attach the response as a PDF to the confirmation';

async function api(page: Page, user: TestUser, path: string) {
  const res = await page.request.get(path, { headers: authHeaders(user) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test.describe('the response as a PDF in mails', () => {
  test('each mail has its own switch, off at first and saved with the page', async ({ page }) => {
    test.setTimeout(90_000);
    const user = await registerAndLogin(page);
    const form = await createFormViaApi(page, user, {
      title: 'Grant applications',
      fields: [{ label: 'Email', type: 'email' }],
    });
    await page.goto(`/forms/${form.id}/settings`);
    await expect(page.getByLabel(NOTIFY, { exact: true })).not.toBeChecked();
    await page.getByLabel(NOTIFY, { exact: true }).check();
    await page.getByLabel('Send a confirmation mail').check();
    await expect(page.getByLabel(CONFIRM)).not.toBeChecked();
    await page.getByLabel(CONFIRM).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    expect((await api(page, user, `/api/form-submissions/forms/${form.id}/settings`)).attach_pdf).toBe(true);
    expect((await api(page, user, `/api/forms/${form.id}/confirmation`)).attach_pdf).toBe(true);
    await page.reload();
    await expect(page.getByLabel(NOTIFY, { exact: true })).toBeChecked();
    await expect(page.getByLabel(CONFIRM)).toBeChecked();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      test(`disabled with the reason on an end-to-end encrypted form, ${width} px ${scheme}`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        const user = await registerAndLogin(page);
        const form = await createFormViaApi(page, user, {
          title: 'Sealed applications',
          fields: [{ label: 'Email', type: 'email' }],
        });
        const { formKey } = await createFormKey({ passphrase: 'four unrelated words here' });
        const on = await page.request.put(`/api/forms/${form.id}/encryption`, {
          headers: authHeaders(user),
          data: { level: 'enhanced', key: formKey },
        });
        expect(on.ok(), await on.text()).toBe(true);
        await page.goto(`/forms/${form.id}/settings`);
        await page.getByLabel('Send a confirmation mail').check();
        for (const label of [NOTIFY, CONFIRM]) {
          const box = page.getByLabel(label, { exact: true });
          await expect(box).toBeDisabled();
          await expect(box).toHaveAccessibleDescription(/encrypted end to end/);
        }
        await page
          .getByRole('heading', { name: 'Notifications and confirmation', level: 2 })
          .scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await page.screenshot({ path: `/tmp/hf-shots/mail-pdf-${scheme}-${width}.png`, fullPage: false });
        await expectNoAxeViolations(page);
      });
    }
  }
});
