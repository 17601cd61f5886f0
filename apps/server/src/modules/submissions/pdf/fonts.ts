// The fonts a submission's PDF is drawn with, all from npm packages (nothing from the system or
// the network): Noto Sans for Latin, Greek and Cyrillic, Noto Naskh Arabic, Noto Sans Hebrew and
// Thai, Noto Sans KR, JP and SC for Korean, Japanese and Chinese, and Noto Emoji. Each file is
// read the first time a text needs it and kept: a PDF of Latin answers never reads the 23 MB of
// CJK fonts.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  PDF_FONT_FAMILIES,
  type PdfFontFamily,
  type PdfFontWeight,
  pdfScriptFamily,
} from '@formsmith/core/submissions/pdf';
import type * as Fontkit from 'fontkit';

export type Weight = PdfFontWeight;

/** A family the layout can pick, in the order it is tried for a character. */
export const FAMILIES = PDF_FONT_FAMILIES;
export type Family = PdfFontFamily;

/** A font of the @expo-google-fonts collection: its package, and its regular and bold files. */
const expoFont = (slug: string, name: string) => ({
  pkg: `@expo-google-fonts/${slug}`,
  files: { regular: `400Regular/${name}_400Regular.ttf`, bold: `700Bold/${name}_700Bold.ttf` },
});

const FILES: Record<Family, { pkg: string; files: Record<Weight, string> }> = {
  latin: expoFont('noto-sans', 'NotoSans'),
  // Naskh rather than Noto Sans Arabic: that one draws a letter as a shared dotless shape plus
  // its dots, so the PDF's text (copied, searched, read aloud) would name the wrong letters.
  arabic: {
    pkg: '@embedpdf/fonts-arabic',
    files: { regular: 'fonts/NotoNaskhArabic-Regular.ttf', bold: 'fonts/NotoNaskhArabic-Bold.ttf' },
  },
  hebrew: expoFont('noto-sans-hebrew', 'NotoSansHebrew'),
  thai: expoFont('noto-sans-thai', 'NotoSansThai'),
  // TrueType outlines: pdfkit subsets them in milliseconds, where the CFF (.otf) CJK fonts took
  // seconds per document.
  kr: expoFont('noto-sans-kr', 'NotoSansKR'),
  jp: expoFont('noto-sans-jp', 'NotoSansJP'),
  sc: expoFont('noto-sans-sc', 'NotoSansSC'),
  // Monochrome outlines, as text in a PDF is drawn in one colour (its sequences, a thumb with a
  // skin tone or joined people, are ligatures fontkit lays as one glyph).
  emoji: expoFont('noto-emoji', 'NotoEmoji'),
};

export type LoadedFont = {
  /** The name the font is registered under in a document. */
  name: string;
  /** For measuring and glyph look-ups only: see documentFont for the one a document embeds. */
  font: Fontkit.Font;
  bytes: Buffer;
};

const require = createRequire(import.meta.url);
const loaded = new Map<string, LoadedFont>();

/**
 * The folder of an installed package: found from its entry point upwards, as some font packages
 * export neither their package.json nor their font files.
 */
function packageDir(pkg: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json')) || readPackageName(dir) !== pkg) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`The package ${pkg} has no folder`);
    dir = parent;
  }
  return dir;
}

function readPackageName(dir: string): string | undefined {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name;
}

let fontkit: typeof Fontkit | undefined;

/**
 * Loads fontkit, with the first PDF a request asks for: a large library most requests never need,
 * so the server starts without it. Everything here that reads a font needs it loaded first.
 */
export async function loadFontkit(): Promise<void> {
  fontkit ??= await import('fontkit');
}

/** The file of a family and weight (the owner's browser fetches it to draw a PDF of sealed answers). */
export function fontFile(family: Family, weight: Weight): string {
  const { pkg, files } = FILES[family];
  return path.join(packageDir(pkg), files[weight]);
}

/** The font of a family and weight, read and parsed once per process. */
export function loadFont(family: Family, weight: Weight): LoadedFont {
  const name = `${family}-${weight}`;
  let font = loaded.get(name);
  if (!font) {
    if (!fontkit) throw new Error('loadFontkit() must finish before a font is read');
    const bytes = readFileSync(fontFile(family, weight));
    font = { name, font: fontkit.create(bytes), bytes };
    loaded.set(name, font);
  }
  return font;
}

/**
 * The font a document embeds: parsed afresh from the file read once. A parsed font remembers, per
 * glyph, the characters it was first laid out for, and pdfkit writes those into the document's
 * text layer: shared between documents, one PDF's copy-and-paste and search read another's
 * characters (a "." came out as ","), though the drawn glyphs were right.
 */
export function documentFont(family: Family, weight: Weight): LoadedFont {
  const shared = loadFont(family, weight);
  return { ...shared, font: fontkit!.create(shared.bytes) };
}

/**
 * The families to try for a character, most fitting first: its script's (core's pdfScriptFamily:
 * Han the Chinese way in a Chinese submission, the Japanese way otherwise), the other of Chinese
 * and Japanese next for those, then the others in order.
 */
function candidates(char: string, chinese: boolean): readonly Family[] {
  const first = pdfScriptFamily(char, chinese);
  const next: Family[] = first === 'jp' ? ['sc'] : first === 'sc' ? ['jp'] : [];
  return [first, ...next, ...FAMILIES.filter((f) => f !== first && !next.includes(f))];
}

/**
 * The family that draws a character: the first that has a glyph for it, or Noto Sans (whose
 * missing-glyph box then stands for it). Fonts are only read when an earlier one lacks the glyph.
 */
export function familyFor(char: string, language: string): Family {
  const chinese = language.toLowerCase().startsWith('zh');
  const key = chinese ? `zh${char}` : char;
  let family = chosen.get(key);
  if (family === undefined) {
    const codePoint = char.codePointAt(0)!;
    family =
      candidates(char, chinese).find((f) => loadFont(f, 'regular').font.hasGlyphForCodePoint(codePoint)) ??
      'latin';
    chosen.set(key, family);
  }
  return family;
}

/** The family chosen for each character (and for Chinese text apart), for the process. */
const chosen = new Map<string, Family>();
