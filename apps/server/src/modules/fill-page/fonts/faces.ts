import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ThemeFont } from '@formsmith/core/themes/theme';

// The bundled fonts of the themes, served by the instance itself (never a third party: a
// respondent's browser asks nobody else for the page). Each font's @font-face rules come from its
// @fontsource package with their addresses rewritten to /fonts/files/…; the subsets carry
// unicode-range, so a browser fetches only the files of the characters on the page, and
// `font-display: swap` shows the text at once in the fallback font.

const FONT_PACKAGES: Record<Exclude<ThemeFont, 'system'>, { pkg: string; css: string[] }> = {
  inter: { pkg: '@fontsource-variable/inter', css: ['index.css'] },
  'fira-sans': { pkg: '@fontsource/fira-sans', css: ['400.css', '500.css', '600.css'] },
  'source-serif': { pkg: '@fontsource-variable/source-serif-4', css: ['index.css'] },
  nunito: { pkg: '@fontsource-variable/nunito', css: ['index.css'] },
  'jetbrains-mono': { pkg: '@fontsource-variable/jetbrains-mono', css: ['index.css'] },
  atkinson: { pkg: '@fontsource-variable/atkinson-hyperlegible-next', css: ['index.css'] },
};

export type BundledFont = keyof typeof FONT_PACKAGES;

const require = createRequire(import.meta.url);

export const isBundledFont = (name: string): name is BundledFont => Object.hasOwn(FONT_PACKAGES, name);

/** The folder of a bundled font's package; null when it is not installed. */
export function fontPackageDir(font: BundledFont): string | null {
  try {
    return path.dirname(require.resolve(`${FONT_PACKAGES[font].pkg}/package.json`));
  } catch {
    return null;
  }
}

/**
 * A font's @font-face rules, compact: no comments or indentation, and only the woff2 source
 * (every browser the page supports reads it; the files route serves nothing else).
 */
function readFaces(font: BundledFont): string | null {
  const dir = fontPackageDir(font);
  if (!dir) return null;
  return FONT_PACKAGES[font].css
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/,\s*url\([^)]*\.woff\)\s*format\('woff'\)/g, '')
    .replace(/url\(\.\/files\/([^)]+)\)/g, (_m, file: string) => `url(/fonts/files/${font}/${file})`)
    .replace(/\s*([{};:,])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

const faces = new Map<BundledFont, string | null>();

/** The @font-face rules of a bundled font (read once, then kept); null when its package is missing. */
export function fontFaces(font: BundledFont): string | null {
  if (!faces.has(font)) faces.set(font, readFaces(font));
  return faces.get(font) ?? null;
}
