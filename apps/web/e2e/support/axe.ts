import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Resolves once the document's running transitions end (endless spinners are not waited for). */
const settled = () =>
  Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((a) => a.finished.catch(() => {})),
  );

/**
 * Fails the test when axe-core finds accessibility violations on the page. It first waits for
 * running transitions in the page and in every frame inside it (a theme switch fades colours, an
 * embedded form's dialog fades in) so that contrast is judged on the colours the page settles
 * on, not on a frame halfway between light and dark.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    // A frame may go away meanwhile (a closing dialog); there is then nothing of it to judge.
    await frame.evaluate(settled).catch(() => {});
  }
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  expect(summary).toEqual([]);
}
