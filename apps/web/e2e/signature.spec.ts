import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { drawWithMouse, expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi, publishedFormWithFields, storedAnswersOf } from './support/seed-forms.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();

const FIELDS = [
  { id: 'tenant', label: 'Tenant', type: 'signature', is_required: true },
  { id: 'landlord', label: 'Landlord', type: 'signature', is_required: true },
  { id: 'witness', label: 'Witness', type: 'signature', is_required: true },
];

const publishedAgreement = (page: Page, user: TestUser) =>
  publishedFormWithFields(page, user, 'Agreement', FIELDS);

const pad = (page: Page, label: string) => page.getByRole('img', { name: `${label}: Signature pad` });

/** A stroke by a finger: pointer events of type 'touch', as a phone's browser sends them. */
async function drawWithTouch(target: Locator) {
  const box = (await target.boundingBox())!;
  const at = (i: number) => ({
    pointerId: 7,
    pointerType: 'touch',
    isPrimary: true,
    pressure: 0.6,
    button: 0,
    buttons: 1,
    clientX: box.x + 30 + i * 20,
    clientY: box.y + 40 + (i % 3) * 25,
  });
  await target.dispatchEvent('pointerdown', at(0));
  for (let i = 1; i <= 10; i++) await target.dispatchEvent('pointermove', at(i));
  await target.dispatchEvent('pointerup', { ...at(10), buttons: 0, pressure: 0 });
}

test('the palette adds a required signature field', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Agreement' });
  await page.goto(`/forms/${form.id}/edit`);

  await page.getByRole('button', { name: 'Add Signature field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Sign here');
  await page.getByLabel('Required').check();
  await saved(page);

  const res = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  const fields = ((await res.json()) as { fields: Record<string, unknown>[] }).fields;
  expect(fields.at(-1)).toMatchObject({ type: 'signature', label: 'Sign here', is_required: true });
});

test('signed with a mouse, a finger and the keyboard, then seen by the owner', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await publishedAgreement(page, user);
  await openFormPage(page, `/form/${form.id}`);

  await drawWithMouse(page, pad(page, 'Tenant'));
  await drawWithTouch(pad(page, 'Landlord'));
  // Undo takes the last stroke away; a second stroke stays.
  await drawWithTouch(pad(page, 'Landlord'));
  await page.getByRole('button', { name: 'Undo last stroke' }).nth(1).click();

  // The keyboard's way: from the Landlord's buttons, Tab to the Witness's 'Type instead'.
  await page.getByRole('button', { name: 'Type instead' }).nth(1).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Type instead' }).nth(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Witness' })).toBeFocused();
  await page.keyboard.type('Ada Lovelace');

  await page.waitForTimeout(3200);
  await expect(page.getByText('Uploading…')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();

  const [answers] = await storedAnswersOf<Record<string, Record<string, unknown>>>(page, user, form.id);
  expect(answers!.tenant).toMatchObject({ method: 'drawn', type: 'image/png', name: 'signature.png' });
  expect(answers!.landlord).toMatchObject({ method: 'drawn', type: 'image/png' });
  expect(answers!.witness).toMatchObject({ method: 'typed', typed_name: 'Ada Lovelace', type: 'image/png' });
  for (const answer of Object.values(answers!)) {
    expect(typeof answer.upload_id).toBe('string');
    expect(Date.parse(String(answer.signed_at))).not.toBeNaN();
  }

  await page.goto(`/forms/${form.id}/submissions`);
  await page
    .getByRole('button', { name: /^View submission/ })
    .first()
    .click();
  await expect(page.getByRole('img', { name: 'Drawn signature' })).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'Signature typed as Ada Lovelace' })).toBeVisible();
  await expect(page.getByText(/Typed: Ada Lovelace · signed/)).toBeVisible();
});

test('a signature left unsigned is refused as required', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await publishedAgreement(page, user);
  await openFormPage(page, `/form/${form.id}`);
  await drawWithMouse(page, pad(page, 'Tenant'));
  await page.getByRole('button', { name: 'Clear' }).first().click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(3);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the signature field reads well and passes axe (${scheme}, ${width} px)`, async ({ page }) => {
      const user = await registerAndLogin(page);
      const form = await publishedAgreement(page, user);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 1100 });
      await openFormPage(page, `/form/${form.id}`);
      await drawWithMouse(page, pad(page, 'Tenant'));
      await page.getByRole('button', { name: 'Type instead' }).nth(2).click();
      await page.getByRole('textbox', { name: 'Witness' }).fill('Ada Lovelace');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.locator('form').screenshot({ path: path.join(SHOTS, `signature-${width}-${scheme}.png`) });
    });
  }
}
