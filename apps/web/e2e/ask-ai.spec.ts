import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

// Ask AI: an instruction about the open form is proposed as a diff; accepting changes the draft
// in one step that Undo takes back.
const SHOTS = process.env.SCREENSHOT_DIR;

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`Ask AI proposes a change, accept applies it and undo takes it back (${scheme}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);
    const { id } = await createFormViaApi(page, user, {
      title: 'Contact us',
      fields: [
        { label: 'Name', type: 'text', required: true },
        { label: 'Email', type: 'email', required: true },
        { label: 'Message', type: 'textarea', required: true },
      ],
    });
    await page.goto(`/forms/${id}/edit`);
    const fields = page.getByRole('list', { name: 'Form fields' });
    await expect(fields.getByRole('button', { name: /^Select Message/ })).toBeVisible();

    await page.getByRole('button', { name: 'Ask AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await dialog.getByLabel('Instruction').fill('add a phone field after email and make it optional');
    await dialog.getByRole('button', { name: 'Propose change' }).click();

    const changes = dialog.getByRole('list', { name: 'Changes' });
    await expect(changes.getByText('Phone (phone, optional) at position 3')).toBeVisible();
    await expect(dialog.getByText('Proposed by the built-in generator (offline).')).toBeVisible();
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ask-ai-diff-${scheme}-${width}.png`, fullPage: true });
    // No sideways scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    const labels = () => fields.getByRole('button', { name: /^Select / }).allTextContents();
    await expect(fields.getByRole('button', { name: /^Select Phone/ })).toBeVisible();
    expect((await labels()).findIndex((t) => t.includes('Phone'))).toBe(2);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(fields.getByRole('button', { name: /^Select Phone/ })).toHaveCount(0);
    await expect(fields.getByRole('button', { name: /^Select Message/ })).toBeVisible();
  });
}
