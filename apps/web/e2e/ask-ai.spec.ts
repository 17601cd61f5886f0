import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

// Ask AI: an instruction about the open form is proposed as a diff; accepting changes the draft
// in one step that Undo takes back. When the interpreter is not sure it asks, with the questions
// the words could mean as buttons.
const SHOTS = process.env.SCREENSHOT_DIR;

async function openContactForm(page: Page) {
  const user = await registerAndLogin(page);
  const { id } = await createFormViaApi(page, user, {
    title: 'Contact us',
    fields: [
      { label: 'First name', type: 'text', required: true },
      { label: 'Last name', type: 'text', required: true },
      { label: 'Email', type: 'email', required: true },
      { label: 'Company', type: 'text' },
      { label: 'Fax', type: 'text' },
      { label: 'Subject', type: 'radio', required: true, options: ['Sales', 'Support', 'Other'] },
      { label: 'Message', type: 'textarea', required: true },
    ],
  });
  await page.goto(`/forms/${id}/edit`);
  const fields = page.getByRole('list', { name: 'Form fields' });
  await expect(fields.getByRole('button', { name: /^Select Message/ })).toBeVisible();
  await page.getByRole('button', { name: 'Ask AI' }).click();
  return { fields, dialog: page.getByRole('dialog', { name: 'Ask AI' }) };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`Ask AI shows a compound instruction as one diff, Accept applies it and one Undo takes it back (${scheme}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const { fields, dialog } = await openContactForm(page);

    await dialog
      .getByLabel('Instruction')
      .fill(
        "Remove fax, make company required, drop 'Other' from the subject choices and rename Message to 'How can we help?'",
      );
    await dialog.getByRole('button', { name: 'Propose change' }).click();

    const changes = dialog.getByRole('list', { name: 'Changes' });
    await expect(changes.getByText('Company: now required')).toBeVisible();
    await expect(changes.getByText('Subject: options removed: Other')).toBeVisible();
    await expect(changes.getByText("Message: label 'Message' → 'How can we help?'")).toBeVisible();
    await expect(changes.getByText('Fax (text, optional)')).toBeVisible();
    await expect(dialog.getByText('Proposed by the built-in generator (offline).')).toBeVisible();
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ask-ai-diff-${scheme}-${width}.png`, fullPage: true });
    expect(await noSidewaysScroll(page)).toBe(true);

    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(fields.getByRole('button', { name: /^Select How can we help\?/ })).toBeVisible();
    await expect(fields.getByRole('button', { name: /^Select Fax/ })).toHaveCount(0);

    // The four changes were one step: one Undo brings back the form as it was.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(fields.getByRole('button', { name: /^Select Fax/ })).toBeVisible();
    await expect(fields.getByRole('button', { name: /^Select Message/ })).toBeVisible();
    await expect(fields.getByRole('button', { name: /^Select How can we help\?/ })).toHaveCount(0);
  });

  test(`Ask AI asks which question when two match, and picking one proposes the change (${scheme}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const { dialog } = await openContactForm(page);

    await dialog.getByLabel('Instruction').fill('make name optional');
    await dialog.getByRole('button', { name: 'Propose change' }).click();

    const asks = dialog.getByRole('region', { name: 'The interpreter asks' });
    await expect(asks.getByRole('alert')).toContainText("'name' could be 'First name' or 'Last name'");
    const candidates = asks.getByRole('list', { name: 'Did you mean' });
    await expect(candidates.getByRole('button')).toHaveText(['First name', 'Last name']);
    await expect(dialog.getByRole('list', { name: 'Changes' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/ask-ai-question-${scheme}-${width}.png`, fullPage: true });
    expect(await noSidewaysScroll(page)).toBe(true);

    await candidates.getByRole('button', { name: 'Last name' }).click();
    await expect(dialog.getByLabel('Instruction')).toHaveValue("make 'Last name' optional");
    await expect(
      dialog.getByRole('list', { name: 'Changes' }).getByText('Last name: now optional'),
    ).toBeVisible();
  });
}
