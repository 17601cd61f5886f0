// Metric-matched fallbacks for the bundled theme fonts. Until a theme's font file arrives the
// page draws its text in a font the device has (`font-display: swap`); a local font scaled and
// given the bundled font's ascent, descent and line gap takes the same room, so swapping in the
// real font moves nothing on the page (no layout shift). Capsize computes the overrides.
import { createFontStack, type FontMetrics } from '@capsizecss/core';
import { THEME_FONTS, type ThemeFont } from './theme.ts';

type Metrics = Pick<FontMetrics, 'familyName' | 'ascent' | 'descent' | 'lineGap' | 'unitsPerEm'> & {
  xWidthAvg: number;
};

/**
 * The regular face's metrics of each bundled font (font units; `xWidthAvg` is the average width
 * of Latin text weighted by letter frequency), as @capsizecss/metrics measured them from the
 * fonts' published files. A variable font's default instance is its regular face.
 */
const BUNDLED: Record<Exclude<ThemeFont, 'system'>, Metrics> = {
  inter: { familyName: 'Inter', ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 },
  'fira-sans': {
    familyName: 'Fira Sans',
    ascent: 935,
    descent: -265,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 458,
  },
  'source-serif': {
    familyName: 'Source Serif 4',
    ascent: 1036,
    descent: -335,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 479,
  },
  nunito: { familyName: 'Nunito', ascent: 1011, descent: -353, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 452 },
  'jetbrains-mono': {
    familyName: 'JetBrains Mono',
    ascent: 1020,
    descent: -300,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 600,
  },
  atkinson: {
    familyName: 'Atkinson Hyperlegible Next',
    ascent: 984,
    descent: -316,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 444,
  },
};

/**
 * The local fonts a fallback is drawn from, per kind: each list's fonts share one set of metrics
 * (Arimo and Liberation Sans were drawn to Arial's widths, Tinos and Liberation Serif to Times
 * New Roman's, Cousine and Liberation Mono to Courier New's), so one override fits them all.
 */
const LOCAL = {
  sans: {
    names: ['Arial', 'Arimo', 'Liberation Sans'],
    metrics: {
      familyName: 'Arial',
      ascent: 1854,
      descent: -434,
      lineGap: 67,
      unitsPerEm: 2048,
      xWidthAvg: 913,
    },
  },
  serif: {
    names: ['Times New Roman', 'Tinos', 'Liberation Serif'],
    metrics: {
      familyName: 'Times New Roman',
      ascent: 1825,
      descent: -443,
      lineGap: 87,
      unitsPerEm: 2048,
      xWidthAvg: 832,
    },
  },
  mono: {
    names: ['Courier New', 'Cousine', 'Liberation Mono'],
    metrics: {
      familyName: 'Courier New',
      ascent: 1705,
      descent: -615,
      lineGap: 0,
      unitsPerEm: 2048,
      xWidthAvg: 1229,
    },
  },
} satisfies Record<string, { names: string[]; metrics: Metrics }>;

const localKind = (font: Exclude<ThemeFont, 'system'>): keyof typeof LOCAL => {
  const kind = THEME_FONTS[font].kind;
  return kind === 'serif' || kind === 'mono' ? kind : 'sans';
};

/** The family name of a bundled font's metric-matched fallback. */
export function fallbackFamily(font: Exclude<ThemeFont, 'system'>): string {
  return `${THEME_FONTS[font].family} Fallback`;
}

const CSS_PROPERTIES = {
  ascentOverride: 'ascent-override',
  descentOverride: 'descent-override',
  lineGapOverride: 'line-gap-override',
  sizeAdjust: 'size-adjust',
} as const;

const faces = new Map<ThemeFont, string>();

/** The `@font-face` rule of a bundled font's fallback (empty for the system font). */
export function fallbackFontFace(font: ThemeFont): string {
  if (font === 'system') return '';
  let face = faces.get(font);
  if (face === undefined) {
    const local = LOCAL[localKind(font)];
    const { fontFaces } = createFontStack([BUNDLED[font], local.metrics], { fontFaceFormat: 'styleObject' });
    const overrides = fontFaces[0]?.['@font-face'] ?? {};
    const declarations = Object.entries(CSS_PROPERTIES)
      .map(([key, property]) => {
        const value = overrides[key as keyof typeof overrides];
        return typeof value === 'string' ? `${property}:${value}` : '';
      })
      .filter(Boolean);
    const src = local.names.map((name) => `local("${name}")`).join(',');
    face = `@font-face{font-family:"${fallbackFamily(font)}";src:${src};${declarations.join(';')}}`;
    faces.set(font, face);
  }
  return face;
}
