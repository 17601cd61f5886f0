/** Fields of a page posted without JavaScript, in order, as a browser sends them. */
export type Posted = Array<[string, string]>;

/** The page's own hidden inputs, as a browser would post them back. */
export function hiddenOf(html: string): Posted {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
    (m) => [m[1]!, m[2]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')] as [string, string],
  );
}
