import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

test('the preview steps through the screens respondents get, follows a jump and ends with the ending reached', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Trip planner' });
  const fields = [
    { id: 'name', label: 'Your name', type: 'text' },
    {
      id: 'abroad',
      label: 'Travelling abroad?',
      type: 'radio',
      options: [
        { id: 'o1', label: 'Yes', value: 'yes' },
        { id: 'o2', label: 'No', value: 'no' },
      ],
    },
    { id: 'p2', label: 'Passport', type: 'page_break' },
    { id: 'passport', label: 'Passport number, {{name}}', type: 'text' },
    { id: 'p3', label: 'Dates', type: 'page_break' },
    { id: 'when', label: 'When do you leave?', type: 'date' },
  ].map((f, position) => ({ ...f, field_type: f.type, position, validation_rules: {} }));
  const logic = {
    rules: [
      {
        id: 'skip_passport',
        page: 'page_1',
        conditions: [{ ref: 'abroad', operator: 'equals', value: 'no' }],
        actions: [{ type: 'jump', page: 'p3' }],
      },
    ],
    variables: [],
    endings: [
      { id: 'done', title: 'All set, {{name}}', message: 'We will be in touch.', redirectParams: [] },
    ],
    quiz: { enabled: false },
  };
  const put = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { title: 'Trip planner', fields, logic },
  });
  expect(put.ok(), await put.text()).toBe(true);

  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('form', { name: 'Form preview' });
  await expect(preview.getByText('1 of 3')).toBeVisible();
  await expect(preview.getByLabel('When do you leave?')).toHaveCount(0);
  await preview.getByLabel('Your name').fill('Ada');
  await preview.getByText('Yes', { exact: true }).click();
  await preview.getByRole('button', { name: 'Next' }).click();
  // The second screen, its label recalling the answer.
  await expect(preview.getByLabel('Passport number, Ada')).toBeVisible();
  await expect(preview.getByText('2 of 3')).toBeVisible();
  await preview.getByRole('button', { name: 'Back' }).click();
  // A "No" jumps over the passport page: two screens, and the next one is the dates.
  await preview.getByText('No', { exact: true }).click();
  await expect(preview.getByText('1 of 2')).toBeVisible();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.getByLabel('When do you leave?')).toBeVisible();
  await expectNoAxeViolations(page);
  await preview.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('All set, Ada')).toBeVisible();
  await expect(page.getByText('We will be in touch.')).toBeVisible();
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(preview.getByLabel('Your name')).toHaveValue('');

  // Every screen at once, to look the form over.
  await page.getByRole('button', { name: 'All screens at once' }).click();
  await expect(preview.getByLabel('Your name')).toBeVisible();
  await expect(preview.getByLabel(/^Passport number/)).toBeVisible();
  await expect(preview.getByLabel('When do you leave?')).toBeVisible();
});
