import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

// Set SCREENSHOT_DIR to keep a picture of each look.
const SHOTS = process.env.SCREENSHOT_DIR;

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 1280],
  ['light', 375],
  ['dark', 375],
] as const) {
  test(`the editor canvas reads like the form and passes axe (${scheme}, ${width} px)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);
    const form = await createFormViaApi(page, user, {
      title: 'Annual customer satisfaction survey for the northern region offices and partners',
      description: 'Tell us how we did this year. It takes about three minutes.',
      fields: [
        { label: 'How did you hear about us, and what made you decide to get in touch?', type: 'text' },
        { label: 'Which plan are you on?', type: 'radio', options: ['Free', 'Team', 'Enterprise'] },
        { label: 'Anything else?', type: 'textarea' },
      ],
    });
    await page.goto(`/forms/${form.id}/edit`);
    await page.getByRole('button', { name: 'Select Which plan are you on?' }).click();
    await expect(page.getByLabel('Option 1 label')).toHaveValue('Free');
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-${scheme}-${width}.png`, fullPage: true });
  });
}
