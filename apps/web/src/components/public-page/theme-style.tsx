import { scopedCustomCss, themeAttributes, themeCss, themeFontHref } from '@formsmith/core/themes/css';
import type { Theme } from '@formsmith/core/themes/theme';
import { useEffect } from 'react';
import { loadThemeFont } from './theme-font.ts';

/** The class and data attributes theme.css draws a theme by; nothing for a page without one. */
export function themeRootProps(theme: Theme | null): { className: string } & Record<string, string> {
  return theme ? { className: 'fs-theme', ...themeAttributes(theme) } : { className: '' };
}

/**
 * The theme's custom properties as a style element inside the themed element, so the server's
 * HTML carries them (no flash, and the same page without JavaScript). A bundled font's rules come
 * with the server's page (in its head); a page drawn in the browser links them (theme-font.ts).
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
  const fontHref = theme.font === 'system' ? null : themeFontHref(theme.font);
  useEffect(() => {
    if (fontHref) loadThemeFont(fontHref);
  }, [fontHref]);
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: generated from a parsed theme (hex colours, numbers, a fixed font list) */}
      <style dangerouslySetInnerHTML={{ __html: themeCss(theme, selector) }} />
      {customCss && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: printed by the server's CSS parser, with no '<' and nothing that loads or runs
        <style dangerouslySetInnerHTML={{ __html: scopedCustomCss(customCss, selector) }} />
      )}
    </>
  );
}
