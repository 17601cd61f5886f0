/**
 * The theme's bundled font, asked for after the page's first paint. The server's markup carries
 * the font's stylesheet in a `<noscript data-fs-font>` (a page without script loads it there, as
 * it always did); with script, the stylesheet and its font files wait until the text is on
 * screen in the fallback font (`font-display: swap` draws it so anyway) instead of competing
 * with the page for the first paint.
 */

/** The address of a bundled font's stylesheet, served by this instance. */
export const themeFontHref = (font: string) => `/fonts/${font}.css`;

/** Adds the font's stylesheet to the document's head, once. */
export function loadThemeFont(href: string, doc: Document = document): void {
  for (const link of doc.head.querySelectorAll('link[rel="stylesheet"]'))
    if (link.getAttribute('href') === href) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  doc.head.append(link);
}

/** Loads every font the server's markup names in its `<noscript data-fs-font>` elements. */
export function loadMarkupThemeFonts(doc: Document = document): void {
  for (const el of doc.querySelectorAll('noscript[data-fs-font]')) {
    const href = el.getAttribute('data-fs-font');
    if (href) loadThemeFont(href, doc);
  }
}
