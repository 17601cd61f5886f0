// A theme as CSS custom properties: the public page, its server-rendered HTML and the editor's
// preview all write the same declarations (theme.css maps the page's classes onto them).

import { fallbackFamily, fallbackFontFace } from './font-fallbacks.ts';
import {
  darkColours,
  derivedColours,
  THEME_FONTS,
  type Theme,
  type ThemeBackground,
  type ThemeColours,
} from './theme.ts';

const SYSTEM_FONT =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const FALLBACKS = {
  sans: 'ui-sans-serif, system-ui, sans-serif',
  humanist: 'ui-sans-serif, system-ui, sans-serif',
  legible: 'ui-sans-serif, system-ui, sans-serif',
  rounded: 'ui-rounded, ui-sans-serif, system-ui, sans-serif',
  serif: 'ui-serif, Georgia, serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, monospace',
} as const;

/**
 * The address of a bundled font's stylesheet, served by the instance; also the mark on the public
 * page's inline copy of its rules (`<style data-fs-font>`), so the page's script does not load it again.
 */
export const themeFontHref = (font: Exclude<Theme['font'], 'system'>) => `/fonts/${font}.css`;

/** The font stack of a theme's font: its bundled family, then its metric-matched fallback. */
export function fontStack(font: Theme['font']): string {
  if (font === 'system') return SYSTEM_FONT;
  const entry = THEME_FONTS[font];
  return `"${entry.family}", "${fallbackFamily(font)}", ${FALLBACKS[entry.kind]}`;
}

function colourDeclarations(colours: ThemeColours): string {
  const derived = derivedColours(colours);
  return [
    `--fs-bg:${colours.background}`,
    `--fs-card:${colours.card}`,
    `--fs-text:${colours.text}`,
    `--fs-muted:${derived.muted}`,
    `--fs-border:${derived.border}`,
    `--fs-subtle:${derived.subtle}`,
    `--fs-accent:${colours.accent}`,
    `--fs-link:${derived.link}`,
    `--fs-on-accent:${colours.onAccent}`,
    `--fs-input:${colours.input}`,
    `--fs-error:${colours.error}`,
  ].join(';');
}

/**
 * The style sheet of a theme for the elements `selector` matches: light colours, then dark ones
 * under the owner app's and the page's `.dark` class, and under the system's dark mode for a page
 * rendered on the server (`.nojs`) until its script runs or when scripts do not.
 */
export function themeCss(theme: Theme, selector: string): string {
  const shape = [
    `--fs-radius:${theme.radius}px`,
    `--fs-font:${fontStack(theme.font)}`,
    ...backgroundDeclarations(theme.background),
  ].join(';');
  const dark = colourDeclarations(darkColours(theme));
  return [
    fallbackFontFace(theme.font),
    `${selector}{${colourDeclarations(theme.colours)};${shape}}`,
    `.dark ${selector}{${dark}}`,
    `@media (prefers-color-scheme: dark){.nojs ${selector}{${dark}}}`,
  ].join('\n');
}

/**
 * Where the background picture is kept in view and how dim it is drawn. The picture itself is an
 * image element behind the card (fetched at low priority, after the text), not a CSS property.
 */
function backgroundDeclarations(background: ThemeBackground | undefined): string[] {
  if (!background) return [];
  return [`--fs-focus:${background.focusX}% ${background.focusY}%`, `--fs-dim:${background.dim / 100}`];
}

/** Whether the page draws a picture panel: a background picture, or the split layout's side. */
export function hasBackdrop(theme: Theme): boolean {
  return theme.background !== undefined || theme.layout === 'split';
}

/** The data attributes theme.css styles by: button, field, spacing, layout and a background picture. */
export function themeAttributes(theme: Theme): Record<string, string> {
  return {
    'data-fs-button': theme.buttonStyle,
    'data-fs-field': theme.fieldStyle,
    'data-fs-spacing': theme.spacing,
    'data-fs-layout': theme.layout,
    ...(theme.background ? { 'data-fs-image': '' } : {}),
  };
}

/** Marks what custom CSS must never restyle: the encryption and saving notices. */
export const PROTECTED_CLASS = 'fs-protected';

/**
 * A theme's checked custom CSS for the elements `selector` matches: inside `@scope` the owner's
 * rules reach only the themed page, below it and above any protected notice; a browser without
 * `@scope` drops the block whole rather than applying it to the rest of the page.
 */
export function scopedCustomCss(css: string, selector: string): string {
  return `@scope (${selector}) to (.${PROTECTED_CLASS}) {\n${css}\n}`;
}
