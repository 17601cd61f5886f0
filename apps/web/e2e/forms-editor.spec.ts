import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';

async function fieldOrder(page: Page): Promise<string[]> {
  const buttons = page.getByRole('list', { name: 'Form fields' }).getByRole('button', { name: /^Select / });
  return (await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).map((l) =>
    l.replace(/^Select /, ''),
  );
}

async function addField(page: Page, palette: string, label: string) {
  await page.getByRole('button', { name: `Add ${palette} field` }).click();
  const input = page.getByRole('textbox', { name: 'Label', exact: true });
  await expect(input).toHaveValue(/^Field \d+$/);
  // No error before the owner has touched the label.
  await expect(page.getByText('Please update the label to a more descriptive title.')).toHaveCount(0);
  await input.fill(label);
  await expect(page.getByRole('button', { name: `Select ${label}` })).toBeVisible();
}

async function dragAbove(page: Page, dragged: string, target: string) {
  const handle = page.getByRole('button', { name: `Drag to reorder ${dragged}` });
  const over = page.getByRole('button', { name: `Select ${target}` });
  const from = (await handle.boundingBox())!;
  const to = (await over.boundingBox())!;
  const { height } = page.viewportSize()!;
  expect(from.y + from.height, `the handle of ${dragged} is inside the window`).toBeLessThan(height);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y - 10, { steps: 25 });
  await page.mouse.up();
}

type WireField = { id: string; label: string; type: string } & Record<string, unknown>;

test('an owner builds a form by hand, reorders, deletes, saves and reopens it unchanged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Tall enough to hold the whole canvas, so a drag from the last field to the first stays on screen
  // (at 2,000 px the last field sat below the window in CI, and the drag selected text instead).
  await page.setViewportSize({ width: 1280, height: 2600 });
  const user = await registerAndLogin(page);
  await page.goto('/forms/new');
  await expect(page.getByText('Not saved yet')).toBeVisible();

  // The palette offers every field type of the model.
  const palette = page.getByRole('button', { name: /^Add .* field$/ });
  await expect(palette).toHaveText([
    'Text',
    'Paragraph',
    'Number',
    'Email',
    'Phone',
    'Address',
    'Website link',
    'Checkbox',
    'Radio',
    'Dropdown',
    'Date',
    'Date range',
    'Time',
    'Scale',
    'NPS (0–10)',
    'Yes / No',
    'Star rating',
    'Matrix / grid',
    'Ranking',
    'Picture choice',
    'Heading / text',
    'File upload',
    'Signature',
    'Image',
    'Colour',
    'Password',
    'Hidden value',
    'Calculation',
    'Page break',
  ]);

  await addField(page, 'Text', 'Full name');
  await page.getByLabel('Placeholder').fill('Jane Doe');
  await page.getByLabel('Help text').fill('As on your ID');
  await page.getByLabel('Required').check();
  await page.getByLabel('Min length').fill('2');
  await page.getByLabel('Max length').fill('60');
  await page.getByLabel('Regex pattern').fill('[A-Za-z ]+(');
  await expect(page.getByText(/not a valid regular expression/)).toBeVisible();
  await page.getByLabel('Regex pattern').fill('[A-Za-z ]+');
  await page.getByLabel('Custom error message').fill('Letters only');
  await expect(page.getByLabel('Min value')).toHaveCount(0);

  await addField(page, 'Paragraph', 'About you');
  await page.getByLabel('Max length').fill('500');
  await expect(page.getByLabel('Regex pattern')).toHaveCount(0);

  await addField(page, 'Number', 'Age');
  await page.getByLabel('Min value').fill('18');
  await page.getByLabel('Max value').fill('99');
  await page.getByLabel('Default value').fill('30');
  await expect(page.getByLabel('Min length')).toHaveCount(0);

  await addField(page, 'Email', 'Work email');
  await page.getByLabel('Required').check();

  await addField(page, 'Phone', 'Mobile');
  await page.getByLabel('Regex pattern').fill('\\+?[0-9 ]+');

  await addField(page, 'Checkbox', 'Interests');
  await expect(page.getByLabel('Option 1 label')).toHaveValue('Option 1');
  // Values are generated from the labels and kept out of sight unless asked for.
  await expect(page.getByLabel('Option 3 value')).toHaveCount(0);
  await page.getByLabel('Option 1 label').fill('Design');
  await page.getByLabel('Advanced: show stored values').check();
  await expect(page.getByLabel('Option 1 value')).toHaveValue('design');
  await expect(page.getByLabel('Option 3 value')).toHaveValue('option_3');

  await addField(page, 'Radio', 'Plan');
  await page.getByRole('button', { name: 'Add option' }).click();
  await expect(page.getByLabel('Option 4 label')).toHaveValue('Option 4');

  await addField(page, 'Dropdown', 'T-shirt size');
  await page.getByRole('button', { name: 'Remove option 3' }).click();
  await expect(page.getByLabel('Option 3 label')).toHaveCount(0);
  await page.getByLabel('Default value').selectOption('option_2');

  await addField(page, 'Date', 'Start date');
  await page.getByLabel('Default value').fill('2030-01-15');

  // Conditional logic, in the question's properties: Interests shows only when Age (a question
  // before it, and after every reorder below) is greater than 20. It is the question's own rule
  // of the form's logic.
  await page.getByRole('button', { name: 'Select Interests' }).click();
  await page.getByRole('button', { name: 'Show or hide this question' }).click();
  await page.getByLabel('Condition 1: question or variable').selectOption({ label: 'Age' });
  await page.getByLabel('Condition 1: comparison').selectOption('greater_than');
  await page.getByLabel('Condition 1: value').fill('20');
  await expect(page.getByRole('button', { name: 'Shown when Age is greater than 20' })).toBeVisible();

  // An empty label shows its message once the owner leaves the input.
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('');
  await page.getByRole('textbox', { name: 'Label', exact: true }).blur();
  await expect(
    page.getByText('This field must have a label. Please provide one or delete the field.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Interests');

  const built = [
    'Full name',
    'About you',
    'Age',
    'Work email',
    'Mobile',
    'Interests',
    'Plan',
    'T-shirt size',
    'Start date',
  ];
  expect(await fieldOrder(page)).toEqual(built);

  // Reorder with the buttons, by pointer drag and by keyboard, with a short field selected (a
  // selected choice field shows its options, and the canvas would outgrow the window).
  await page.getByRole('button', { name: 'Select About you' }).click();
  await page.getByRole('button', { name: 'Move Work email up' }).click();
  await expect
    .poll(() => fieldOrder(page))
    .toEqual([
      'Full name',
      'About you',
      'Work email',
      'Age',
      'Mobile',
      'Interests',
      'Plan',
      'T-shirt size',
      'Start date',
    ]);
  await dragAbove(page, 'Start date', 'Full name');
  await expect
    .poll(() => fieldOrder(page))
    .toEqual([
      'Start date',
      'Full name',
      'About you',
      'Work email',
      'Age',
      'Mobile',
      'Interests',
      'Plan',
      'T-shirt size',
    ]);
  await page.getByRole('button', { name: 'Drag to reorder T-shirt size' }).focus();
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300); // dnd-kit moves on the next animation frames
  }
  await expect
    .poll(() => fieldOrder(page))
    .toEqual([
      'Start date',
      'Full name',
      'About you',
      'Work email',
      'Age',
      'Mobile',
      'Interests',
      'T-shirt size',
      'Plan',
    ]);

  // Deleting the selected field clears the selection.
  await page.getByRole('button', { name: 'Select Mobile' }).click();
  await page.getByRole('button', { name: 'Delete Mobile' }).click();
  await expect(page.getByText('Select a field to edit its properties.')).toBeVisible();
  const expected = [
    'Start date',
    'Full name',
    'About you',
    'Work email',
    'Age',
    'Interests',
    'T-shirt size',
    'Plan',
  ];
  expect(await fieldOrder(page)).toEqual(expected);

  // Preview at the three widths; conditional logic applies there.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const frame = page.getByTestId('preview-frame');
  await page.getByRole('button', { name: 'Tablet' }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(768);
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(375);
  const preview = page.getByRole('form', { name: 'Form preview' });
  await expect(preview.getByLabel('Age')).toHaveValue('30'); // the default value
  const interests = preview.getByRole('group', { name: 'Interests' });
  await expect(interests).toBeVisible();
  await preview.getByLabel('Age').fill('19');
  await expect(interests).toHaveCount(0);
  await preview.getByLabel('Age').fill('42');
  await expect(interests).toBeVisible();

  // The form's own texts are edited where respondents read them: title and description at the
  // top of the canvas, the send button and what follows it at the bottom; the logo on Design.
  await page.getByRole('tab', { name: 'Fields' }).click();
  await page.getByLabel('Form title').fill('Workshop signup');
  await page.getByLabel('Form description').fill('Register for the spring workshop');
  await page.getByLabel('Send button text').fill('Sign me up');
  await page.getByRole('button', { name: 'Edit endings' }).click();
  await page.getByRole('textbox', { name: 'Message' }).first().fill('See you there!');
  await page.getByRole('tab', { name: 'Fields' }).click();
  await expect(page.getByText('After sending: “See you there!”')).toBeVisible();
  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByLabel('Logo URL').fill('https://example.com/logo.png');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Fields' }).click();

  // Everything was saved as it was typed, and the editor stayed where it was.
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);

  const forms = (await (await page.request.get('/api/forms', { headers: authHeaders(user) })).json()) as {
    forms: {
      id: number;
      title: string;
      description: string;
      submit_button_text: string;
      success_message: string;
      logo_url: string;
      fields: WireField[];
      logic: { rules: unknown[] };
    }[];
  };
  expect(forms.forms).toHaveLength(1);
  // The list carries a field count; the form itself carries the fields.
  const saved = (await (
    await page.request.get(`/api/forms/${forms.forms[0]?.id}`, { headers: authHeaders(user) })
  ).json()) as (typeof forms.forms)[number];
  expect(saved).toMatchObject({
    title: 'Workshop signup',
    description: 'Register for the spring workshop',
    submit_button_text: 'Sign me up',
    success_message: 'See you there!',
    logo_url: 'https://example.com/logo.png',
  });
  expect(saved.fields.map((f) => f.label)).toEqual(expected);
  const byLabel = (label: string) => saved.fields.find((f) => f.label === label)!;
  expect(byLabel('Full name')).toMatchObject({
    type: 'text',
    is_required: true,
    placeholder: 'Jane Doe',
    help_text: 'As on your ID',
    validation_rules: { minLength: 2, maxLength: 60, pattern: '[A-Za-z ]+', customError: 'Letters only' },
  });
  expect(byLabel('About you')).toMatchObject({ type: 'textarea', validation_rules: { maxLength: 500 } });
  expect(saved.fields.some((f) => f.conditional_logic)).toBe(false);
  expect(saved.logic.rules).toEqual([
    {
      id: `field-${byLabel('Interests').id}`,
      match: 'all',
      conditions: [{ source: 'field', ref: byLabel('Age').id, operator: 'greater_than', value: '20' }],
      actions: [{ type: 'show', field: byLabel('Interests').id }],
    },
  ]);
  expect(byLabel('Age')).toMatchObject({ type: 'number', min: 18, max: 99, default_value: '30' });
  expect(byLabel('Work email')).toMatchObject({ type: 'email', is_required: true });
  expect(byLabel('Interests')).toMatchObject({ type: 'checkbox' });
  expect(
    (byLabel('Interests').options as { label: string; value: string }[]).map((o) => [o.label, o.value]),
  ).toEqual([
    ['Design', 'design'],
    ['Option 2', 'option_2'],
    ['Option 3', 'option_3'],
  ]);
  expect(byLabel('Plan').options).toHaveLength(4);
  expect(byLabel('T-shirt size')).toMatchObject({ type: 'select', default_value: 'option_2' });
  expect(byLabel('T-shirt size').options).toHaveLength(2);
  expect(byLabel('Start date')).toMatchObject({ type: 'date', default_value: '2030-01-15' });

  // Reopen: the same fields in the same order with the same properties.
  await page.goto(`/forms/${saved.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Workshop signup' })).toBeVisible();
  expect(await fieldOrder(page)).toEqual(expected);
  await page.getByRole('button', { name: 'Select Full name' }).click();
  await expect(page.getByLabel('Placeholder')).toHaveValue('Jane Doe');
  await expect(page.getByLabel('Min length')).toHaveValue('2');
  await expect(page.getByLabel('Max length')).toHaveValue('60');
  await expect(page.getByLabel('Regex pattern')).toHaveValue('[A-Za-z ]+');
  await expect(page.getByLabel('Required')).toBeChecked();
  await page.getByRole('button', { name: 'Select Interests' }).click();
  await expect(page.getByLabel('Condition 1: comparison')).toHaveValue('greater_than');
  await expect(page.getByLabel('Condition 1: value')).toHaveValue('20');
  await expect(page.getByLabel('Form title')).toHaveValue('Workshop signup');

  // Opening and looking changes nothing.
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const again = (await (
    await page.request.get(`/api/forms/${saved.id}`, { headers: authHeaders(user) })
  ).json()) as {
    fields: WireField[];
  };
  expect(again.fields).toEqual(saved.fields);
});

test('the editor shows Add and Properties tabs on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndLogin(page);
  await page.goto('/create');
  await expect(page.getByRole('tab')).toHaveText([
    'Fields',
    'Add',
    'Properties',
    'Logic',
    'Languages',
    'Design',
    'Preview',
  ]);
  await page.getByRole('tab', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Add Dropdown field' }).click();
  // The new field waits on the canvas for its label and choices; the rest is a tap away.
  await expect(page.getByRole('tab', { name: 'Fields' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Option 3 label')).toHaveValue('Option 3');
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('T-shirt size');
  await page.getByRole('button', { name: 'More settings' }).click();
  await expect(page.getByRole('tab', { name: 'Properties' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Required')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the AI builder opens its dialog and asks for a description', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/forms/ai-builder');
  const dialog = page.getByRole('dialog', { name: 'Generate a form with AI' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByText('Please enter a description of the form you want to create.')).toBeVisible();
});
