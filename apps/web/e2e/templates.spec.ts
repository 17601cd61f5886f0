import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';

// The template gallery: from the dashboard, search, preview with the form's logic live, use a
// template, and the editor holds its fields ready to publish.
const SHOTS = process.env.SCREENSHOT_DIR;

const noSidewaysScroll = () => document.documentElement.scrollWidth <= window.innerWidth;

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`search, preview and use a template, then publish it (${scheme}, ${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);

    // The dashboard of a new owner offers the gallery in its empty state.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Browse templates' }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
    await expect(page.getByText(/^\d+ templates$/)).toHaveText(/^(3\d|[4-9]\d) templates$/);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(noSidewaysScroll)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/templates-${scheme}-${width}.png`, fullPage: true });

    // Search reads field labels too; categories narrow the shelves.
    const search = page.getByRole('searchbox', { name: 'Search templates' });
    await search.fill('landlord');
    await expect(page.getByText('1 template', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Pet adoption application' })).toBeVisible();
    await search.fill('');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Support']);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await search.fill('rsvp');
    const card = page.getByRole('article', { name: 'RSVP' });
    await expect(card).toBeVisible();

    // The preview is the respondents' form, one screen at a time, logic included: a guest who
    // comes goes on to page 2; one who cannot come ends on page 1 with the kind ending.
    await card.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: RSVP' });
    const preview = dialog.getByRole('form', { name: 'Form preview' });
    await expect(preview.getByRole('heading', { name: 'Your party' })).toBeHidden();
    await preview.getByText('Yes', { exact: true }).click();
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect(preview.getByRole('heading', { name: 'Your party' })).toBeVisible();
    await expect(preview.getByLabel(/How many guests/)).toBeVisible();
    await preview.getByRole('button', { name: 'Back' }).click();
    await preview.getByText('No', { exact: true }).click();
    await preview.getByRole('button', { name: 'Send RSVP' }).click();
    await expect(dialog.getByRole('heading', { name: /We will miss you/ })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(noSidewaysScroll)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/template-preview-${scheme}-${width}.png` });

    // Escape closes the preview; the keyboard reaches 'Use template' from the preview again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await card.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Use template' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);
    const id = Number(/\/forms\/(\d+)\/edit/.exec(page.url())?.[1]);
    const fields = page.getByRole('list', { name: 'Form fields' });
    await expect(fields.getByRole('button', { name: /^Select Will you attend\?/ })).toBeVisible();
    await expect(fields.getByRole('button', { name: /^Select Menu choice/ })).toBeVisible();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Your form is live' })).toBeVisible();
    const stored = await page.request.get(`/api/forms/${id}`, { headers: authHeaders(user) });
    const body = (await stored.json()) as {
      title: string;
      is_published: boolean;
      logic: { endings: { id: string }[] };
    };
    expect(body).toMatchObject({ title: 'Will you join us?', is_published: true });
    // The template's success message is its first ending, before the one its rule ends with.
    expect(body.logic.endings.map((e) => e.id)).toEqual(['ending_default', 'declined']);
  });
}
