import { builtinOfRef } from '@formsmith/core/themes/api';
import { fallbackFamily } from '@formsmith/core/themes/font-fallbacks';
import { THEME_FONT_IDS, THEME_FONTS, type ThemeFont } from '@formsmith/core/themes/theme';
import { expect, test } from '@playwright/test';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// Until a theme's font file arrives, the page draws its text in a local font scaled to the
// bundled font's metrics: the swap to the real font must not move the text (no layout shift).
const SAMPLE =
  'Thank you for signing up for the spring walks. Tell us which route you would like to take and ' +
  'whether you will bring a friend, and we will send the meeting point a week before the walk.';

const bundled = THEME_FONT_IDS.filter((font): font is Exclude<ThemeFont, 'system'> => font !== 'system');

test('text in each theme font’s fallback takes the room the font itself takes', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await registerAndLogin(page);
  const forest = builtinOfRef('builtin:forest');
  if (!forest) throw new Error('the built-in Forest theme is missing');
  for (const font of bundled) {
    const form = await createFormViaApi(page, owner, { title: `Walks in ${font}` });
    const res = await page.request.put(`/api/forms/${form.id}`, {
      headers: authHeaders(owner),
      data: { theme_config: { customTheme: { ...forest, font } } },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await publishViaApi(page, owner, form.id);
    await openFormPage(page, `/form/${form.id}`);
    const family = THEME_FONTS[font].family;
    const boxes = await page.evaluate(
      async ({ family, fallback, sample }) => {
        await document.fonts.load(`16px "${family}"`);
        const box = (stack: string) => {
          const p = document.createElement('p');
          p.style.cssText = `position:absolute;left:0;top:0;width:320px;margin:0;font:16px/normal ${stack}`;
          p.textContent = sample;
          document.body.append(p);
          const { height } = p.getBoundingClientRect();
          p.style.width = 'max-content';
          const { width, height: line } = p.getBoundingClientRect();
          p.remove();
          return { height, width, line, lines: Math.round(height / line) };
        };
        return {
          font: box(`"${family}"`),
          fallback: box(`"${fallback}"`),
          plain: box(`"Liberation Sans", "Liberation Serif", "Liberation Mono"`),
          loaded: document.fonts.check(`16px "${family}"`),
        };
      },
      { family, fallback: fallbackFamily(font), sample: SAMPLE },
    );
    expect(boxes.loaded, `${family} loaded`).toBe(true);
    const found = `${font}: ${JSON.stringify(boxes)}`;
    // As many lines, each as high (the browser rounds a line's ascent and descent to whole
    // pixels: a pixel is the most two faces of equal metrics can differ by), and a line of
    // nearly the same length.
    expect(boxes.fallback.lines, found).toBe(boxes.font.lines);
    expect(Math.abs(boxes.fallback.line - boxes.font.line), found).toBeLessThanOrEqual(1);
    expect(Math.abs(boxes.fallback.width / boxes.font.width - 1), found).toBeLessThan(0.06);
  }
});
