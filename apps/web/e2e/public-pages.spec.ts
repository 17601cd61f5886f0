import { expect, test } from '@playwright/test';

test('an unknown path lands on the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});
