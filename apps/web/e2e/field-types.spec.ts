import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();

test('the palette adds an NPS scale, a yes/no question and a heading, saved with their settings', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Visit feedback' });
  await page.goto(`/forms/${form.id}/edit`);

  await page.getByRole('button', { name: 'Add Heading / text field' }).click();
  await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('About your visit');
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Two quick questions.');
  // A heading takes no answer: nothing to require.
  await expect(page.getByRole('checkbox', { name: 'Required' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add NPS (0–10) field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('How likely are you to recommend us?');
  await page.getByLabel('Label under 0').fill('Not likely');
  await page.getByLabel('Label under 10').fill('Very likely');
  await page.getByRole('checkbox', { name: 'Required' }).check();

  await page.getByRole('button', { name: 'Add Yes / No field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Would you come again?');
  await saved(page);

  const res = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  const fields = ((await res.json()) as { fields: Record<string, unknown>[] }).fields;
  expect(fields.slice(1)).toMatchObject([
    { type: 'statement', label: 'About your visit', help_text: 'Two quick questions.', is_required: false },
    {
      type: 'nps',
      label: 'How likely are you to recommend us?',
      low_label: 'Not likely',
      high_label: 'Very likely',
      is_required: true,
    },
    { type: 'yes_no', label: 'Would you come again?' },
  ]);
});

test('a respondent answers the NPS scale with the keyboard and a yes/no that opens a follow-up', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Visit feedback', fields: [] });
  const fields = [
    { id: 'intro', label: 'About your visit', type: 'statement', help_text: 'Two quick questions.' },
    {
      id: 'score',
      label: 'How likely are you to recommend us?',
      type: 'nps',
      is_required: true,
      low_label: 'Not likely',
      high_label: 'Very likely',
    },
    { id: 'again', label: 'Would you come again?', type: 'yes_no', is_required: true },
    {
      id: 'why_not',
      label: 'What would change your mind?',
      type: 'text',
      conditional_logic: {
        action: 'show',
        match: 'all',
        conditions: [{ fieldId: 'again', operator: 'equals', value: 'no' }],
      },
    },
  ].map((f, position) => ({ ...f, field_type: f.type, position, validation_rules: {} }));
  const put = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { title: 'Visit feedback', description: '', fields },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await publishViaApi(page, user, form.id);

  await openFormPage(page, `/form/${form.id}`);
  await expect(page.getByRole('heading', { name: 'About your visit' })).toBeVisible();
  await expect(page.getByText('Two quick questions.')).toBeVisible();
  const scale = page.getByRole('radiogroup').first();
  await expect(scale.getByRole('radio')).toHaveCount(11);
  await expect(page.getByText('0 = Not likely')).toBeVisible();
  await expect(page.getByText('10 = Very likely')).toBeVisible();

  // Keyboard only: Tab into the scale, arrows move the choice.
  await page.getByRole('radio', { name: '0', exact: true }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '8', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Yes', exact: true })).toBeFocused();

  await expect(page.getByLabel('What would change your mind?')).toHaveCount(0);
  await page.getByText('No', { exact: true }).click();
  await page.getByLabel('What would change your mind?').fill('Shorter queues');
  await expectNoAxeViolations(page);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();

  const list = await page.request.get(`/api/form-submissions/forms/${form.id}/submissions`, {
    headers: authHeaders(user),
  });
  const [stored] = ((await list.json()) as { items: { data: Record<string, unknown> }[] }).items;
  expect(stored?.data).toEqual({ score: 8, again: 'no', why_not: 'Shorter queues' });
});
