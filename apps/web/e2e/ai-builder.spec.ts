import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';

// The AI builder: describe a form, generate it, see the fields in the editor, save it.
// Set SCREENSHOT_DIR to also keep a picture of each step for a look.
const SHOTS = process.env.SCREENSHOT_DIR;

const DESCRIPTION =
  'Workshop registration: full name, email, t-shirt size (S, M, L, XL), and a checkbox to accept the code of conduct';

async function look(page: Page, name: string) {
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function fieldButton(page: Page, label: RegExp) {
  return page.getByRole('list', { name: 'Form fields' }).getByRole('button', { name: label });
}

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 390],
] as const) {
  test(`generates a form from a description and saves it (${scheme}, ${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);
    const tag = `${scheme}-${width}`;

    await page.goto('/forms/ai-builder');
    const dialog = page.getByRole('dialog', { name: 'Generate a form with AI' });
    await expect(dialog).toBeVisible();
    await look(page, `ai-dialog-${tag}`);

    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(
      dialog.getByText('Please enter a description of the form you want to create.'),
    ).toBeVisible();
    await look(page, `ai-dialog-blank-${tag}`);

    await dialog.getByLabel('Form description').fill(DESCRIPTION);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog).toBeHidden();

    await expect(fieldButton(page, /^Select Full name/)).toBeVisible();
    await expect(fieldButton(page, /^Select Email/)).toBeVisible();
    await expect(fieldButton(page, /^Select T-shirt size/)).toBeVisible();
    await expect(fieldButton(page, /^Select .*code of conduct/i)).toBeVisible();
    await look(page, `ai-editor-${tag}`);

    // The generated form is saved at once, and the editor stays open on it.
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);

    const list = await page.request.get('/api/forms', { headers: authHeaders(user) });
    expect(list.ok(), await list.text()).toBe(true);
    const { forms } = (await list.json()) as { forms: { id: number; field_count: number }[] };
    expect(forms).toHaveLength(1);
    // The list carries a field count; the form itself carries the fields.
    const one = await page.request.get(`/api/forms/${forms[0]?.id}`, { headers: authHeaders(user) });
    const form = (await one.json()) as {
      title: string;
      fields: { label: string; type: string; is_required: boolean; options?: { label: string }[] }[];
    };
    expect(forms[0]?.field_count).toBe(form.fields.length);
    expect(form?.title).toMatch(/workshop/i);
    const byLabel = (pattern: RegExp) => form?.fields.find((f) => pattern.test(f.label));
    expect(byLabel(/^Full name$/)).toMatchObject({ type: 'text', is_required: true });
    expect(byLabel(/^Email$/)).toMatchObject({ type: 'email', is_required: true });
    expect(byLabel(/T-shirt size/)?.options?.map((o) => o.label)).toEqual(['S', 'M', 'L', 'XL']);
    expect(byLabel(/code of conduct/i)).toMatchObject({ type: 'checkbox', is_required: true });
  });
}

test('a request with a second page and "if yes, ask …" gives a paged form whose follow-up waits for a yes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerAndLogin(page);
  await page.goto('/forms/ai-builder');
  const dialog = page.getByRole('dialog', { name: 'Generate a form with AI' });
  await dialog
    .getByLabel('Form description')
    .fill(
      'Parking request: name, email, do you need parking? If yes, ask for the licence plate. On a second page, your phone and comments.',
    );
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog).toBeHidden();

  await expect(fieldButton(page, /^Select Do you need parking\?/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Page 2 title' })).toHaveValue('A few more questions');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('form', { name: 'Form preview' });
  await expect(preview.getByText('1 of 2')).toBeVisible();
  await expect(preview.getByLabel(/Licence plate/)).toHaveCount(0);
  await preview.getByText('Yes', { exact: true }).click();
  await expect(preview.getByLabel(/Licence plate/)).toBeVisible();
  await preview.getByText('No', { exact: true }).click();
  await expect(preview.getByLabel(/Licence plate/)).toHaveCount(0);
  await look(page, 'ai-generated-follow-up');
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.getByRole('heading', { name: 'A few more questions' })).toBeVisible();
});
