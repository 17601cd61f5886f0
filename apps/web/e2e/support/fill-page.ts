import { expect, type Locator, type Page } from '@playwright/test';

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

/** A zigzag drawn with the mouse across a signature pad (scrolled into view first: the mouse draws on the screen). */
export async function drawWithMouse(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
}
