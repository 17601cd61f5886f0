import { expect, type Page } from '@playwright/test';

/**
 * Opens a public form page and waits until its script has taken the server's markup over (it
 * starts once the page is on screen), as a respondent who pauses to read meets it.
 */
export async function openFormPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root[data-live]')).toBeAttached();
}

/** The form's view count, as its owner's analytics report it. */
export async function totalViews(page: Page, id: number, headers: Record<string, string>) {
  const res = await page.request.get(`/api/analytics/forms/${id}`, { headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { total_views: number }).total_views;
}

/** Fails when the page scrolls sideways (wider than the window). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}
