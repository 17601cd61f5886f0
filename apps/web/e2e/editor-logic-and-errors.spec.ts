import { expect, type Page, test } from '@playwright/test';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();

async function storedForm(page: Page, user: TestUser, id: number) {
  const res = await page.request.get(`/api/forms/${id}`, { headers: authHeaders(user) });
  return (await res.json()) as {
    fields: Record<string, unknown>[];
    logic: { rules: Record<string, unknown>[] };
  };
}

async function storedFields(page: Page, user: TestUser, id: number) {
  return (await storedForm(page, user, id)).fields;
}

test('renaming a choice keeps the rules that compare with it working', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Paint order' });
  const fields = [
    {
      id: 'colour',
      label: 'Colour',
      type: 'radio',
      options: [
        { id: 'o1', label: 'Red', value: 'red' },
        { id: 'o2', label: 'Blue', value: 'blue' },
      ],
    },
    {
      id: 'why',
      label: 'Why this colour?',
      type: 'text',
      conditional_logic: {
        action: 'show',
        match: 'all',
        conditions: [{ fieldId: 'colour', operator: 'equals', value: 'red' }],
      },
    },
  ].map((f, position) => ({ ...f, field_type: f.type, position, validation_rules: {} }));
  const put = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { title: 'Paint order', fields },
  });
  expect(put.ok(), await put.text()).toBe(true);

  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('button', { name: 'Select Colour' }).click();
  await page.getByLabel('Option 1 label').fill('Crimson');
  await saved(page);
  // The question's condition, sent the way clients of the first release write it, is the
  // question's own rule of the form's logic.
  const stored = await storedForm(page, user, form.id);
  const [colour] = stored.fields;
  expect(colour?.options).toMatchObject([{ label: 'Crimson', value: 'crimson' }, { value: 'blue' }]);
  expect(stored.logic.rules).toMatchObject([
    {
      id: 'field-why',
      conditions: [{ ref: 'colour', value: 'crimson' }],
      actions: [{ type: 'show', field: 'why' }],
    },
  ]);

  // The rule still names the choice, and the preview still shows the question for it.
  await page.getByRole('button', { name: 'Select Why this colour?' }).click();
  await expect(page.getByLabel('Condition 1: value')).toHaveValue('crimson');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await page.getByText('Crimson', { exact: true }).click();
  await expect(page.getByLabel('Why this colour?')).toBeVisible();
});

test("a refused save shows the server's message and each field's problem beside it, and keeps the edit", async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Long labels' });
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('button', { name: 'Select Your name' }).click();
  const label = page.getByRole('textbox', { name: 'Label', exact: true });
  await label.fill('x'.repeat(501));

  const alert = page.getByRole('alert').filter({ hasText: 'Not saved:' });
  await expect(alert).toContainText('Your changes are kept in this tab');
  await expect(alert).toContainText('A field label must be at most 500 characters');
  // Beside the field: the label input is described by the server's message.
  await expect(label).toHaveAttribute('aria-invalid', 'true');
  await expect(label).toHaveAccessibleDescription('A field label must be at most 500 characters');
  await expect(page.getByText('Not saved', { exact: true })).toBeVisible();
  // Nothing was stored, and the typed label is still there to fix.
  expect((await storedFields(page, user, form.id))[0]?.label).toBe('Your name');
  await expect(label).toHaveValue('x'.repeat(501));

  await label.fill('Your full name');
  await saved(page);
  await expect(alert).toHaveCount(0);
  expect((await storedFields(page, user, form.id))[0]?.label).toBe('Your full name');
});
