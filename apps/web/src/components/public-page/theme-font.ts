/**
 * The theme's bundled font. The server's public page carries the font's @font-face rules inline in
 * its head (`<style data-fs-font>`), so the browser knows the faces before its first layout: rules
 * that reach the document later cost a layout of the whole page once more, longer than a phone's
 * frame budget several times over. A page the app draws itself (the Design tab's preview) links
 * the font's stylesheet instead.
 */

/** Adds the font's stylesheet to the document's head, unless the page carries its rules already. */
export function loadThemeFont(href: string, doc: Document = document): void {
  for (const el of doc.head.querySelectorAll('link[rel="stylesheet"], style[data-fs-font]'))
    if (el.getAttribute(el.tagName === 'STYLE' ? 'data-fs-font' : 'href') === href) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  doc.head.append(link);
}
