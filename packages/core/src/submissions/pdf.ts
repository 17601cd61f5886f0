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
 * The fonts a submission's PDF is drawn with, in the order they are tried for a character: Noto
 * Sans (Latin, Greek, Cyrillic), Noto Naskh Arabic, Noto Sans JP and SC. The server bundles them;
 * the owner's browser fetches them from it to draw the PDF of answers sealed end to end.
 */
export const PDF_FONT_FAMILIES = ['latin', 'arabic', 'jp', 'sc'] as const;
export type PdfFontFamily = (typeof PDF_FONT_FAMILIES)[number];
export const PDF_FONT_WEIGHTS = ['regular', 'bold'] as const;
export type PdfFontWeight = (typeof PDF_FONT_WEIGHTS)[number];

/** The API path (under /api) of one of the PDF fonts, as the form's owner fetches it. */
export function pdfFontPath(formId: number, family: PdfFontFamily, weight: PdfFontWeight): string {
  return `/form-submissions/forms/${formId}/pdf-fonts/${family}/${weight}`;
}
