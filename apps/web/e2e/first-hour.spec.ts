import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { publishViaApi } from './support/seed-forms.ts';

// What a newcomer building a job application meets in their first hour: sliders that invent no
// answer, a draft that keeps half-typed work and says what blocks publishing, 'Other, please
// specify', and logic shown where it acts. Each journey runs at a desktop and a phone width, light
// and dark. Set SCREENSHOT_DIR to keep a picture of each look.
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Creates a form from wire fields (and logic) through the API, published when asked. */
async function createForm(
  page: Page,
  user: TestUser,
  input: { title: string; fields: Record<string, unknown>[]; logic?: unknown; publish?: boolean },
): Promise<number> {
  const fields = input.fields.map((f, position) => ({ position, validation_rules: {}, ...f }));
  const res = await page.request.post('/api/forms', {
    headers: authHeaders(user),
    data: { title: input.title, description: '', fields, ...(input.logic ? { logic: input.logic } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  if (input.publish) await publishViaApi(page, user, id);
  return id;
}

async function storedAnswers(page: Page, user: TestUser, id: number) {
  const list = await page.request.get(`/api/form-submissions/forms/${id}/submissions`, {
    headers: authHeaders(user),
  });
  return ((await list.json()) as { items: { id: string; data: Record<string, unknown> }[] }).items;
}

/** No part of the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();

for (const [scheme, width] of [
  ['light', 1366],
  ['dark', 1366],
  ['light', 375],
  ['dark', 375],
] as const) {
  const look = `${scheme}, ${width} px`;

  test.describe(`first hour (${look})`, () => {
    test.beforeEach(async ({ page }) => {
      // Each journey signs up, builds a form and checks two screens with axe: longer than most.
      test.slow();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
    });

    test('an untouched slider is no answer: a required one is asked for, an optional one stays blank', async ({
      page,
    }) => {
      const user = await registerAndLogin(page);
      const id = await createForm(page, user, {
        title: 'Job application',
        publish: true,
        fields: [
          { id: 'name', label: 'Your name', type: 'text' },
          {
            id: 'fit',
            label: 'How well does the role fit you?',
            type: 'range',
            is_required: true,
            validation_rules: { min: 1, max: 5 },
          },
          { id: 'years', label: 'Years of experience', type: 'range', validation_rules: { min: 0, max: 40 } },
        ],
      });
      await openFormPage(page, `/form/${id}`);
      const fit = page.getByRole('slider', { name: 'How well does the role fit you?' });
      await expect(page.getByText('Not answered')).toHaveCount(2);
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.waitForTimeout(3200);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('This field is required')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `slider-required-${scheme}-${width}`);

      // A key on the thumb answers with the value it shows, even at the low end it rests at.
      await fit.focus();
      await page.keyboard.press('Home');
      await expect(page.getByRole('checkbox', { name: 'Answer with this value' }).first()).toBeChecked();
      await expect(page.getByText('Not answered')).toHaveCount(1);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
      const [stored] = await storedAnswers(page, user, id);
      expect(stored?.data).toEqual({ name: 'Ada Lovelace', fit: 1, years: '' });
    });

    test('a half-typed calculation is saved, listed as a problem whose link selects it, and blocks publishing', async ({
      page,
    }) => {
      const user = await registerAndLogin(page);
      const id = await createForm(page, user, {
        title: 'Job application',
        fields: [
          { id: 'salary', label: 'Expected salary', type: 'number' },
          { id: 'total', label: 'Yearly total', type: 'calculated', expression: 'salary * (12 +' },
          { id: 'name', label: 'Your name', type: 'text' },
        ],
      });
      await page.goto(`/forms/${id}/edit`);
      const problems = page.getByRole('region', { name: '1 problem to fix before publishing' });
      await expect(problems).toContainText(
        "The calculation of 'Yearly total': The expression ends too early (at character 15)",
      );
      // Flagged on the canvas too.
      await expect(page.getByRole('list', { name: 'Problems of Yearly total' })).toBeVisible();

      // Work added after it is saved: nothing waits for the calculation to be finished.
      if (width < 1024) await page.getByRole('tab', { name: 'Add' }).click();
      await page.getByRole('button', { name: 'Add Email field' }).click();
      await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Your email');
      await saved(page);
      const stored = await page.request.get(`/api/forms/${id}`, { headers: authHeaders(user) });
      const body = (await stored.json()) as { fields: { id: string; label: string; expression?: string }[] };
      expect(body.fields.map((f) => f.label)).toEqual([
        'Expected salary',
        'Yearly total',
        'Your name',
        'Your email',
      ]);
      expect(body.fields[1]?.expression).toBe('salary * (12 +');

      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(problems).toBeFocused();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `problems-list-${scheme}-${width}`);

      await problems.getByRole('link', { name: 'Yearly total' }).click();
      await expect(page.getByRole('button', { name: 'Select Yearly total' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByRole('textbox', { name: 'Label', exact: true })).toBeFocused();
      await expect(page.getByRole('textbox', { name: 'Label', exact: true })).toHaveValue('Yearly total');

      if (width < 1024) await page.getByRole('button', { name: 'More settings' }).click();
      await page.getByLabel('Calculation', { exact: true }).fill('salary * 12');
      await expect(problems).toHaveCount(0);
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    test("a respondent picks 'Other' and is asked to say what, and the owner reads what they typed", async ({
      page,
    }) => {
      const user = await registerAndLogin(page);
      const options = [
        { label: 'Design', value: 'design' },
        { label: 'Engineering', value: 'engineering' },
      ];
      const id = await createForm(page, user, {
        title: 'Job application',
        publish: true,
        fields: [
          { id: 'role', label: 'Which team?', type: 'radio', is_required: true, options, allow_other: true },
          { id: 'heard', label: 'Where did you hear of us?', type: 'select', options, allow_other: true },
        ],
      });
      await openFormPage(page, `/form/${id}`);
      await page.getByRole('radio', { name: 'Other' }).check();
      await page.waitForTimeout(3200);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Please specify your other answer')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `other-required-${scheme}-${width}`);

      await page.getByRole('textbox', { name: 'Other, please specify' }).first().fill('Research');
      // Typing in the dropdown's box picks its Other.
      await page.getByRole('textbox', { name: 'Other, please specify' }).last().fill('A podcast');
      await expect(page.getByRole('combobox', { name: 'Where did you hear of us?' })).toHaveValue(
        '__other__',
      );
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
      const [stored] = await storedAnswers(page, user, id);
      expect(stored?.data).toEqual({ role: 'Research', heard: 'A podcast' });

      await page.goto(`/forms/${id}/submissions?submission=${stored?.id}`);
      await expect(page.getByText('Other: Research')).toBeVisible();
      await expect(page.getByText('Other: A podcast')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('a question logic shows or requires carries a badge on the canvas, and the logic map lists it', async ({
      page,
    }) => {
      const user = await registerAndLogin(page);
      const id = await createForm(page, user, {
        title: 'Job application',
        fields: [
          { id: 'remote', label: 'Do you want to work remotely?', type: 'yes_no' },
          {
            id: 'city',
            label: 'Which city?',
            type: 'text',
            conditional_logic: {
              action: 'show',
              match: 'all',
              conditions: [{ fieldId: 'remote', operator: 'equals', value: 'no' }],
            },
          },
          { id: 'portfolio', label: 'Portfolio link', type: 'url' },
        ],
        logic: {
          rules: [
            {
              id: 'need-portfolio',
              name: 'Portfolio for remote work',
              conditions: [{ ref: 'remote', operator: 'equals', value: 'yes' }],
              actions: [{ type: 'require', field: 'portfolio' }],
            },
          ],
        },
      });
      await page.goto(`/forms/${id}/edit`);
      const shown = page.getByRole('button', { name: 'Shown when Do you want to work remotely? equals No' });
      const required = page.getByRole('button', {
        name: 'Required when Do you want to work remotely? equals Yes',
      });
      await expect(shown).toBeVisible();
      await expect(required).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `logic-badges-${scheme}-${width}`);

      // The field's own condition is in its settings: its badge selects it (on a phone, opening them).
      await shown.click();
      if (width < 1024) {
        await expect(page.getByRole('tab', { name: 'Properties' })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByText('Conditional logic')).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: 'Select Which city?' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }
      // Its condition, sent as the question's own, is its own rule there, edited as on the Logic tab.
      await expect(page.getByLabel('Show or hide')).toHaveValue('show');
      await expect(page.getByLabel('Condition 1: value')).toHaveValue('no');
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `question-rule-${scheme}-${width}`);

      await page.getByRole('tab', { name: /^Logic/ }).click();
      const map = page.getByRole('list', { name: 'Logic map' });
      await expect(
        map.getByText('Which city?: Shown when Do you want to work remotely? equals No'),
      ).toBeVisible();
      await expect(
        map.getByText('Portfolio link: Required when Do you want to work remotely? equals Yes'),
      ).toBeVisible();
      // The last page ends with the form's first ending, its success message, without a rule.
      await expect(map.getByText('Then: ends with Ending 1')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `logic-map-${scheme}-${width}`);
      await map.getByRole('button', { name: 'Portfolio for remote work' }).click();
      await expect(page.getByRole('article', { name: 'Portfolio for remote work' })).toBeFocused();
    });
  });
}
