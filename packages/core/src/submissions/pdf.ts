// The PDF of one submission: its file name, shared by the server (Content-Disposition) and the
// app (the name it saves the download under), and the reason the server gives when it cannot
// make one.

/** The most characters of the form title kept in the file name. */
const TITLE_MAX = 80;

/** The first part of a submission's id, enough to tell submissions apart in a folder. */
export function shortSubmissionId(id: string): string {
  return id.replace(/-/g, '').slice(0, 8);
}

/**
 * `<form title>-<label>.pdf`, safe on every file system: no path separators, reserved or control
 * characters, no leading dots, spaces collapsed. A title with nothing left is 'submission'.
 */
export function pdfFileName(title: string, label: string): string {
  const safe =
    title
      .normalize('NFC')
      .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+/, '')
      .slice(0, TITLE_MAX)
      .trim() || 'submission';
  return `${safe}-${label}.pdf`;
}

/** `<form title>-<short id>.pdf` (pdfFileName): the name of a submission's PDF download. */
export function submissionPdfName(title: string, submissionId: string): string {
  return pdfFileName(title, shortSubmissionId(submissionId));
}

/** Why the server makes no PDF of answers sealed end to end (it cannot read them). */
export const SEALED_PDF =
  'These answers are end-to-end encrypted, so the server cannot read them to make a PDF. ' +
  'Unlock the form in the browser to read them there, or export the decrypted CSV or JSON.';

/**
 * The fonts a submission's PDF is drawn with, in the order they are tried for a character its
 * script's font lacks: Noto Sans (Latin, Greek, Cyrillic), Noto Naskh Arabic, Noto Sans Hebrew,
 * Thai, KR (Korean), JP and SC, and Noto Emoji (monochrome: a PDF font has one colour). The server
 * bundles them; the owner's browser fetches them from it to draw the PDF of answers sealed end to end.
 */
export const PDF_FONT_FAMILIES = ['latin', 'arabic', 'hebrew', 'thai', 'kr', 'jp', 'sc', 'emoji'] as const;
export type PdfFontFamily = (typeof PDF_FONT_FAMILIES)[number];

const ARABIC = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;
const HEBREW = /\p{Script=Hebrew}/u;
const THAI = /\p{Script=Thai}/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/**
 * Whether a character is drawn in the font of the one before it: a mark, or the joiner, a skin
 * tone or a variation selector of an emoji sequence (which the font lays as one glyph).
 */
export const joinsPrevious = (char: string): boolean => /^(?:\p{M}|\u200d|\p{Emoji_Modifier})$/u.test(char);

/**
 * The family made for a character's script: Han the Chinese way in a Chinese submission
 * (`chinese`), the Japanese way otherwise; Noto Sans for any other.
 */
export function pdfScriptFamily(char: string, chinese: boolean): PdfFontFamily {
  if (ARABIC.test(char)) return 'arabic';
  if (HEBREW.test(char)) return 'hebrew';
  if (THAI.test(char)) return 'thai';
  if (HANGUL.test(char)) return 'kr';
  if (CJK.test(char)) return chinese && !KANA.test(char) ? 'sc' : 'jp';
  if (PICTOGRAPH.test(char)) return 'emoji';
  return 'latin';
}
export const PDF_FONT_WEIGHTS = ['regular', 'bold'] as const;
export type PdfFontWeight = (typeof PDF_FONT_WEIGHTS)[number];

/** The API path (under /api) of one of the PDF fonts, as the form's owner fetches it. */
export function pdfFontPath(formId: number, family: PdfFontFamily, weight: PdfFontWeight): string {
  return `/form-submissions/forms/${formId}/pdf-fonts/${family}/${weight}`;
}
