import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the page's script has taken the server's markup over. A page that can wait for it
 * (a plain form) loads its app at the respondent's first interaction: a key is pressed (Shift,
 * which types nothing) until the small entry, loaded once the page is on screen, hears it.
 */
export async function untilLive(page: Page) {
  const live = page.locator('#root[data-live]');
  await expect(async () => {
    if ((await live.count()) === 0) await page.keyboard.press('Shift');
    await expect(live).toBeAttached({ timeout: 1000 });
  }).toPass();
}

/** Opens a public form page and waits until its script has taken the server's markup over. */
export async function openFormPage(page: Page, path: string) {
  await page.goto(path);
  await untilLive(page);
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
