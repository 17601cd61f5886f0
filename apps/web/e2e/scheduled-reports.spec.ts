import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin, registerVerified } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const SHOTS = process.env.OUTFLOW_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** No axe violations in light and dark, no sideways scroll at 375 px. */
async function expectLightDarkNarrow(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await shot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoAxeViolations(page);
  await shot(page, `${name}-dark`);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await shot(page, `${name}-375`);
}

// The browser's zone is what a new report starts with.
test.use({ timezoneId: 'Europe/Paris' });
// Axe runs over the whole settings page three times.
test.describe.configure({ timeout: 180_000 });

test('schedules a weekly report in the browser zone, refuses an outsider, changes it and deletes it', async ({
  page,
}) => {
  const outsider = await registerVerified(page, { name: 'Otto Outsider' });
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Report journey' });
  await page.goto(`/forms/${form.id}/settings`);

  const add = page.getByRole('form', { name: 'New scheduled report' });
  await expect(add.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(add.getByLabel('Recipients')).toHaveValue(user.email);
  await expect(add.getByLabel('How often')).toHaveValue('weekly');
  await expect(add.getByLabel('Day', { exact: true })).toHaveValue('1');
  await expect(add.getByLabel('Time', { exact: true })).toHaveValue('08:00');

  // Someone outside the form's workspace is refused by name.
  await add.getByLabel('Recipients').fill(`${user.email}\n${outsider.email}`);
  await add.getByRole('button', { name: 'Add report' }).click();
  await expect(add.getByText(`not: ${outsider.email}`)).toBeVisible();
  await expect(add.getByLabel('Recipients')).toHaveAttribute('aria-invalid', 'true');

  await add.getByLabel('Recipients').fill(user.email);
  await add.getByRole('button', { name: 'Add report' }).click();
  const list = page.getByRole('list', { name: 'Scheduled reports' });
  await expect(list.getByText('Weekly on Monday at 08:00 (Europe/Paris)')).toBeVisible();
  await expect(list.getByText(`To ${user.email}`)).toBeVisible();
  // Next: a Monday, 08:00 Paris time.
  await expect(list.getByText(/^Next: .*08:00$/)).toBeVisible();
  await page.getByRole('heading', { name: 'Scheduled reports' }).scrollIntoViewIfNeeded();
  await expectLightDarkNarrow(page, 'scheduled-reports');

  await list.getByRole('button', { name: 'Edit report: Weekly on Monday at 08:00 (Europe/Paris)' }).click();
  const edit = page.getByRole('form', { name: 'Change scheduled report' });
  await edit.getByLabel('What').selectOption('xlsx');
  await edit.getByLabel('How often').selectOption('monthly');
  await edit.getByLabel('Day of the month').selectOption('15');
  await edit.getByLabel('Time', { exact: true }).fill('17:30');
  await edit.getByRole('button', { name: 'Save report' }).click();
  await expect(list.getByText('Monthly on day 15 at 17:30 (Europe/Paris)')).toBeVisible();
  await expect(list.getByText('Excel')).toBeVisible();
  await expect(page.getByRole('form', { name: 'New scheduled report' })).toBeVisible();

  await list
    .getByRole('button', { name: 'Delete report: Monthly on day 15 at 17:30 (Europe/Paris)' })
    .click();
  await expect(page.getByRole('list', { name: 'Scheduled reports' })).toHaveCount(0);
});
