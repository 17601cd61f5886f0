/**
 * A small RFC 4180 line writer for the exports (replaces csv-stringify: on the 1,000,000-row
 * export it was the bottleneck, ~29,000 rows/s, while building the lines by hand runs several
 * times faster). A cell is quoted only when it holds a comma, a quote, CR or LF; quotes inside are
 * doubled; newlines stay inside the quotes. Lines end with CRLF. Formula neutralisation is the
 * caller's (neutralizeCell below, on every cell that holds text someone typed), before a cell gets
 * here: the server's exports and the browser's decrypted ones both use it.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/** One CSV cell: as is, or in double quotes with inner quotes doubled. */
export function csvCell(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/** One CSV record, cells joined by commas, ending with CRLF. */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ',';
    line += csvCell(cells[i]!);
  }
  return `${line}\r\n`;
}

/**
 * A spreadsheet would run a cell starting with these as a formula (CSV injection), also behind
 * leading white space or line breaks (which spreadsheets trim), and in their full-width forms.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;
/** A plain number ('-5', '+3', '-2.50', '1e3'): a spreadsheet reads it as that number, no formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Prefixes a quote to text a spreadsheet would read as a formula; plain numbers stay as they are. */
export function neutralizeCell(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}
