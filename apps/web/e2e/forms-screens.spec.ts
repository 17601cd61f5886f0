import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// Every owner screen of this area, in light and dark mode, at 1280 and 390 px: no axe violations.
// Set SCREENSHOT_DIR to also keep a picture of each for a look.
const SHOTS = process.env.SCREENSHOT_DIR;

async function check(page: Page, name: string) {
  await expectNoAxeViolations(page);
  // Nothing may be wider than the window (no sideways scrolling on phones).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`owner screens pass axe in ${scheme} mode at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      const user = await registerAndLogin(page);
      const tag = `${scheme}-${width}`;

      await page.goto('/dashboard/forms');
      await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();
      await check(page, `list-empty-${tag}`);

      const survey = await createFormViaApi(page, user, {
        title: 'Customer survey',
        description: 'How did we do?',
        fields: [
          { label: 'Your name', type: 'text', required: true },
          { label: 'Rating', type: 'radio', options: ['Good', 'Bad'] },
        ],
      });
      await publishViaApi(page, user, survey.id);
      await createFormViaApi(page, user, { title: 'Event signup', description: 'Workshop registration' });

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Recent Forms' })).toBeVisible();
      await check(page, `dashboard-${tag}`);

      await page.goto('/dashboard/forms');
      await expect(page.getByRole('heading', { name: 'Customer survey' })).toBeVisible();
      await check(page, `list-${tag}`);

      await page.goto('/dashboard/submissions');
      await expect(page.getByRole('heading', { name: 'Form Submissions' })).toBeVisible();
      await check(page, `submissions-mode-${tag}`);

      await page.goto(`/forms/${survey.id}/edit`);
      await page.getByRole('button', { name: 'Select Rating' }).click();
      await expect(page.getByLabel('Option 1 label')).toBeVisible();
      await check(page, `editor-${tag}`);
      if (width < 1024) {
        await page.getByRole('button', { name: 'More settings' }).click();
        await expect(page.getByRole('tab', { name: 'Properties' })).toHaveAttribute('aria-selected', 'true');
        await check(page, `editor-properties-${tag}`);
      }
      await page.getByRole('tab', { name: 'Preview' }).click();
      await expect(page.getByRole('form', { name: 'Form preview' })).toBeVisible();
      await check(page, `editor-preview-${tag}`);
      await page.getByRole('tab', { name: 'Design' }).click();
      await expect(page.getByLabel('Logo URL')).toBeVisible();
      await check(page, `editor-design-${tag}`);

      await page.goto('/forms/new');
      await expect(page.getByText('Not saved yet')).toBeVisible();
      await check(page, `editor-new-${tag}`);

      await page.goto(`/forms/${survey.id}/publish`);
      await expect(page.getByRole('heading', { name: 'QR code' })).toBeVisible();
      await check(page, `publish-${tag}`);

      await page.goto(`/forms/${survey.id}/settings`);
      await expect(page.getByRole('heading', { name: 'Versions', level: 2 })).toBeVisible();
      await check(page, `form-settings-${tag}`);
    });
  }
}
