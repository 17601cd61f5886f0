import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

// Set SCREENSHOT_DIR to keep a picture of each look.
const SHOTS = process.env.SCREENSHOT_DIR;

type StoredLogic = {
  rules: { id: string; name?: string; page?: string; actions: { type: string; page?: string }[] }[];
};
type StoredForm = {
  fields: { id: string; type: string; label: string; options?: { points?: number; correct?: boolean }[] }[];
  logic: StoredLogic;
};

async function storedForm(page: Page, user: TestUser, id: number): Promise<StoredForm> {
  const res = await page.request.get(`/api/forms/${id}`, { headers: authHeaders(user) });
  return (await res.json()) as StoredForm;
}

/** A car question, a car model and an email, in that order. */
async function seedCarForm(page: Page) {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Parking survey',
    fields: [
      { label: 'Do you drive a car?', type: 'radio', options: ['Yes', 'No'] },
      { label: 'Which car?', type: 'text' },
      { label: 'Your email', type: 'email' },
    ],
  });
  await page.goto(`/forms/${form.id}/edit`);
  return { user, form };
}

/** Adds a page break at the end and moves it up `up` places. */
async function addPageBreak(page: Page, up: number) {
  // On a phone the palette is a tab of its own.
  await page.getByRole('tab', { name: 'Fields' }).waitFor();
  const addTab = page.getByRole('tab', { name: 'Add' });
  if (await addTab.isVisible()) await addTab.click();
  await page.getByRole('button', { name: 'Add Page break field' }).click();
  const count = await page.getByRole('textbox', { name: /^Page \d+ title$/ }).count();
  for (let i = 0; i < up; i += 1) {
    await page.getByRole('button', { name: `Move page ${count + 1} up` }).click();
  }
}

/** Three pages: the car question, then the car model, then the email. */
async function splitIntoThreePages(page: Page) {
  await addPageBreak(page, 2);
  await addPageBreak(page, 1);
  await expect(page.getByRole('heading', { name: 'Page 1', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Page 3 title' })).toBeVisible();
}

async function addJumpRule(page: Page, name: string) {
  await page.getByRole('tab', { name: /^Logic/ }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('article', { name: /^Rule \d+$/ }).last();
  await rule.getByLabel('Rule name').fill(name);
  return page.getByRole('article', { name });
}

test('a page break and a jump rule show on the canvas and the logic map, and survive a reload', async ({
  page,
}) => {
  const { user, form } = await seedCarForm(page);
  await splitIntoThreePages(page);
  await page.getByRole('textbox', { name: 'Page 3 title' }).fill('Contact');

  const rule = await addJumpRule(page, 'Skip the car');
  await expect(rule.getByLabel('Runs when leaving')).toHaveValue('page_1');
  await rule.getByRole('button', { name: 'Add condition' }).click();
  await rule.getByLabel('Skip the car, condition 1: comparison').selectOption({ label: 'equals' });
  await rule.getByLabel('Skip the car, condition 1: value').selectOption({ label: 'No' });
  await rule.getByLabel('Skip the car, action 1: page').selectOption({ label: 'Page 3: Contact' });

  const map = page.getByRole('list', { name: 'Logic map' });
  await expect(map.getByText('Jumps to Page 3: Contact when Do you drive a car? equals No')).toBeVisible();
  // The last page ends with the form's first ending.
  await expect(map.getByText('Then: ends with Ending 1')).toBeVisible();

  await page.getByRole('tab', { name: 'Fields' }).click();
  const badge = page.getByRole('button', {
    name: 'Jumps to Page 3: Contact when Do you drive a car? equals No',
  });
  await expect(badge).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.reload();
  await page
    .getByRole('button', { name: 'Jumps to Page 3: Contact when Do you drive a car? equals No' })
    .click();
  // The badge opens its rule on the Logic tab.
  await expect(page.getByRole('article', { name: 'Skip the car' })).toBeFocused();
  const stored = await storedForm(page, user, form.id);
  expect(stored.fields.map((f) => f.type)).toEqual(['radio', 'page_break', 'text', 'page_break', 'email']);
  expect(stored.logic.rules).toHaveLength(1);
  expect(stored.logic.rules[0]).toMatchObject({
    name: 'Skip the car',
    page: 'page_1',
    actions: [{ type: 'jump', page: stored.fields[3]?.id }],
  });
});

test('a field dragged over a page break moves to the page before it', async ({ page }) => {
  const { user, form } = await seedCarForm(page);
  await splitIntoThreePages(page);
  await page.getByRole('button', { name: 'Drag to reorder Your email' }).focus();
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300); // dnd-kit moves on the next animation frames
  }
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await storedForm(page, user, form.id)).fields.map((f) => f.label))
    .toEqual(['Do you drive a car?', 'New page', 'Which car?', 'Your email', 'New page']);
});

test('a backward jump is saved as typed, named next to its rule and in the problems list, and blocks publishing', async ({
  page,
}) => {
  const { user, form } = await seedCarForm(page);
  await splitIntoThreePages(page);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  const rule = await addJumpRule(page, 'Loop');
  await rule.getByLabel('Runs when leaving').selectOption({ label: 'Page 3: New page' });
  await rule.getByLabel('Loop, action 1: page').selectOption({ label: 'Page 2: New page' });
  const message = "Rule 'Loop' jumps back to an earlier page or the same one: that would loop forever";
  await expect(rule.getByText(message)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Logic 1 problem/ })).toBeVisible();
  // The draft is stored as it is: nothing the owner did is lost while they finish it.
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await storedForm(page, user, form.id)).logic.rules.map((r) => r.name))
    .toEqual(['Loop']);
  const problems = page.getByRole('region', { name: /to fix before publishing/ });
  await expect(problems).toContainText(message);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(problems).toBeFocused();
  expect((await storedForm(page, user, form.id)).logic.rules).toHaveLength(1);

  // Pointing the jump forward fixes it.
  await rule.getByLabel('Runs when leaving').selectOption({ label: 'Page 1' });
  await expect(rule.getByTestId('logic-problems')).toHaveCount(0);
  await expect(problems).toHaveCount(0);
});

test('a calculation shows its parse error as it is typed, with the position', async ({ page }) => {
  await seedCarForm(page);
  await page.getByRole('button', { name: 'Add Calculation field' }).click();
  const properties = page.getByRole('complementary', { name: 'Field properties' });
  const input = properties.getByLabel('Calculation', { exact: true });
  await input.fill('2 * (3 +');
  await expect(properties.getByText(/\(at character \d+\)/)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await properties.getByText('Type @ for a question or variable; what else you can use').click();
  await expect(properties.getByText('Do you drive a car?')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/calculation.png` });
  await input.fill('round(2 * (3 + 4))');
  await expect(properties.getByText(/\(at character \d+\)/)).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
});

test('typing @ in a label offers the questions by name; the chip is stored as a reference', async ({
  page,
}) => {
  const { user, form } = await seedCarForm(page);
  await page.getByRole('button', { name: 'Select Your email' }).click();
  const label = page.getByRole('textbox', { name: 'Label', exact: true });
  await label.fill('Your email, ');
  await label.pressSequentially('@which');
  const list = page.getByRole('listbox', { name: 'Recall an answer or variable' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option', { name: /Which car\?/ })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/recall.png` });
  await label.press('Enter');
  // The owner reads the question's name; the form keeps its id, so a rename never breaks it.
  await expect(label).toHaveValue('Your email, @Which car?');
  await expect(list).toBeHidden();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/recall-chip.png` });
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await storedForm(page, user, form.id)).fields[2]?.label).toBe('Your email, {{seed_1}}');

  // Renamed, the question's new name shows wherever it is recalled; nothing shows an id.
  await page.getByRole('button', { name: 'Select Which car?' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Car model');
  await expect(page.getByRole('button', { name: 'Select Your email, @Car model' })).toBeVisible();
  await expect(page.getByText(/\{\{seed_/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The preview recalls the answer as respondents get it.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('form', { name: 'Form preview' });
  await preview.getByLabel('Car model').fill('Zoe');
  await expect(preview.getByLabel('Your email, Zoe')).toBeVisible();
});

test('a calculation is written with question names and stored with their ids', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Quote',
    fields: [
      { label: 'Price per night', type: 'number' },
      { label: 'Nights', type: 'number' },
    ],
  });
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('button', { name: 'Add Calculation field' }).click();
  const properties = page.getByRole('complementary', { name: 'Field properties' });
  const input = properties.getByLabel('Calculation', { exact: true });
  await input.pressSequentially('@pri');
  await input.press('Enter');
  await input.pressSequentially(' * @nig');
  await input.press('Tab');
  await expect(input).toHaveValue('@Price per night * @Nights');
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await storedForm(page, user, form.id)).fields[2]).toMatchObject({ expression: 'seed_0 * seed_1' });

  // A name that matches no question says so, in the owner's words.
  await input.fill('@Nobody * 2');
  await expect(properties.getByText(/^No question or variable is called @Nobody/)).toBeVisible();
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/calculation-chips.png` });
});

test("an ending's redirect must be a full https address, checked as it is typed", async ({ page }) => {
  const { user, form } = await seedCarForm(page);
  await page.getByRole('tab', { name: /^Logic/ }).click();
  await page.getByRole('button', { name: 'Add ending' }).click();
  const ending = page.getByRole('article', { name: 'Ending 1' });
  const redirect = ending.getByLabel('Redirect to (optional)');
  await redirect.fill('http://example.com/thanks');
  await expect(ending.getByText('A redirect address must be a full https:// URL')).toBeVisible();
  await expect(redirect).toHaveAttribute('aria-invalid', 'true');
  await redirect.fill('https://example.com/thanks');
  await ending.getByLabel('Your email').check();
  await expect(ending.getByText('A redirect address must be a full https:// URL')).toHaveCount(0);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const stored = (await (
    await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) })
  ).json()) as { logic: { endings: { redirectUrl?: string; redirectParams: string[] }[] } };
  expect(stored.logic.endings[0]).toMatchObject({
    redirectUrl: 'https://example.com/thanks',
    redirectParams: ['seed_2'],
  });
});

test('quiz points and correct answers set on options are saved', async ({ page }) => {
  const { user, form } = await seedCarForm(page);
  await page.getByRole('tab', { name: /^Logic/ }).click();
  await page.getByLabel(/^Quiz: score answers/).check();
  await page.getByLabel('Pass mark (points)').fill('5');
  await page.getByRole('tab', { name: 'Fields' }).click();
  await page.getByRole('button', { name: 'Select Do you drive a car?' }).click();
  await page.getByLabel('Option 2 points').fill('5');
  await page.getByLabel('Option 2 is a correct answer').check();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const stored = await storedForm(page, user, form.id);
  expect(stored.fields[0]?.options?.[1]).toMatchObject({ points: 5, correct: true });
  expect(stored.fields[0]?.options?.[0]?.correct).toBeUndefined();
});

test('URL prefill per field and the display setting are saved with the draft', async ({ page }) => {
  const { user, form } = await seedCarForm(page);
  await page.getByRole('button', { name: 'Select Which car?' }).click();
  await page.getByLabel('Allow prefilling from the URL').check();
  await page.getByLabel('URL parameter').fill('car');
  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByLabel('Display').selectOption({ label: 'One question at a time' });
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const res = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  const stored = (await res.json()) as { display: string; fields: { prefill?: unknown }[] };
  expect(stored.display).toBe('one_at_a_time');
  expect(stored.fields[1]?.prefill).toEqual({ from_url: true, param: 'car' });
  expect(stored.fields[0]?.prefill).toBeUndefined();
});

test('undo brings back a deleted rule', async ({ page }) => {
  const { user, form } = await seedCarForm(page);
  await addPageBreak(page, 1);
  await addJumpRule(page, 'Keep me');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Keep me' }).click();
  await expect(page.getByRole('article', { name: 'Keep me' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('article', { name: 'Keep me' })).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await storedForm(page, user, form.id)).logic.rules.map((r) => r.name))
    .toEqual(['Keep me']);
});

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 1280],
  ['light', 375],
  ['dark', 375],
] as const) {
  test(`the logic editor and the paged canvas pass axe (${scheme}, ${width} px)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await seedCarForm(page);
    await splitIntoThreePages(page);
    const rule = await addJumpRule(page, 'Skip the car when the answer is no');
    await rule.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('button', { name: 'Add ending' }).click();
    await page.getByRole('button', { name: 'Add variable' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/logic-${scheme}-${width}.png`, fullPage: true });

    await page.getByRole('tab', { name: /^Fields/ }).click();
    await expect(page.getByRole('button', { name: /^Jumps to Page 3/ })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pages-${scheme}-${width}.png`, fullPage: true });
  });
}
