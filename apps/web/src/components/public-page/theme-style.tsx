import { scopedCustomCss, themeAttributes, themeCss } from '@formsmith/core/themes/css';
import type { Theme } from '@formsmith/core/themes/theme';

/** The class and data attributes theme.css draws a theme by; nothing for a page without one. */
export function themeRootProps(theme: Theme | null): { className: string } & Record<string, string> {
  return theme ? { className: 'fs-theme', ...themeAttributes(theme) } : { className: '' };
}

/**
 * The theme's custom properties as a style element inside the themed element, so the server's
 * HTML carries them (no flash, and the same page without JavaScript), and the font's stylesheet,
 * served by this instance, only when the theme uses a bundled font.
 */
export function ThemeStyle({
  theme,
  customCss,
  selector = '.fs-theme',
}: {
  theme: Theme;
  /** The theme's custom CSS as the server checked it; drawn after the theme, scoped to the page. */
  customCss?: string | null;
  selector?: string;
}) {
  return (
    <>
      {theme.font !== 'system' && <link rel="stylesheet" href={`/fonts/${theme.font}.css`} />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: generated from a parsed theme (hex colours, numbers, a fixed font list) */}
      <style dangerouslySetInnerHTML={{ __html: themeCss(theme, selector) }} />
      {customCss && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: printed by the server's CSS parser, with no '<' and nothing that loads or runs
        <style dangerouslySetInnerHTML={{ __html: scopedCustomCss(customCss, selector) }} />
      )}
    </>
  );
}
