import {
  FILL_STATE_ELEMENT_ID,
  type FillPageState,
  fillPageStateSchema,
} from '@formsmith/core/fill-page/state';
import { isRightToLeft } from '@formsmith/core/i18n/language';
import { themeFontHref } from '@formsmith/core/themes/css';
import { encode } from 'zod';
import { fontFaces, isBundledFont } from './fonts/faces.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

const DESCRIPTION_MAX = 200;

/**
 * The page's own address when it is not the instance's (a workspace's custom domain), and the
 * instance's (PUBLIC_URL), which the link preview's uploaded picture is addressed on.
 */
export type PageServedOn = { origin: string; publicUrl: string };

/**
 * An uploaded link-preview picture on the address the page was opened on: a link to a form on
 * its custom domain unfurls with a picture from that domain, not from the instance's own host.
 * A picture of another site is left as the owner gave it.
 */
function servedImage(image: string | null, served: PageServedOn | undefined): string | null {
  if (!image || !served) return image;
  const instance = served.publicUrl.replace(/\/+$/, '');
  return image.startsWith(`${instance}/`) ? `${served.origin}${image.slice(instance.length)}` : image;
}

/**
 * What a shared link unfurls to and the tab's icon: the owner's link preview, else the form's
 * title and description (Open Graph and Twitter cards read the same tags everywhere).
 */
function headTags(
  state: FillPageState,
  title: string,
  served?: PageServedOn,
): { tags: string; description: string | null; icon: string | null } {
  const form = state.view.kind === 'form' ? state.view.form : null;
  const look = form?.look;
  const plain = (text: string | null | undefined) => {
    const flat = text?.replace(/\s+/g, ' ').trim();
    return flat ? (flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1)}…` : flat) : null;
  };
  const shareTitle = look?.social?.title ?? title;
  const description = look?.social?.description ?? plain(form?.description);
  const image = servedImage(look?.social?.image ?? null, served);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', shareTitle),
    description && meta('property', 'og:description', description),
    image && meta('property', 'og:image', image),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shareTitle),
    description && meta('name', 'twitter:description', description),
    image && meta('name', 'twitter:image', image),
  ].filter(Boolean);
  return { tags: tags.join(''), description, icon: look?.favicon_url ?? null };
}

/**
 * The @font-face rules of the page's theme font, inline in the head: the browser knows the faces
 * before its first layout (with or without script), fetches only the files of the characters on
 * the page (the rules carry unicode-range) and draws the text in the metric-matched fallback until
 * they come (`font-display: swap`). Rules added after the first paint would cost the page a second
 * full layout. Empty for a page in the system font.
 */
function fontFaceStyle(view: FillPageState['view']): string {
  const look = view.kind === 'form' ? view.form.look : 'brand' in view ? view.brand?.look : undefined;
  const font = look?.theme?.font;
  if (!font || !isBundledFont(font)) return '';
  const css = fontFaces(font);
  return css ? `<style data-fs-font="${themeFontHref(font)}">${css}</style>` : '';
}

/**
 * The built fill.html with the rendered markup in its root element and the state beside it as
 * JSON (not a script that runs: the page's CSP allows none inline), for the page to take over.
 * The `nojs` class lets the styles follow the system's dark mode until the theme script runs; `lang`
 * and `dir` are the language the page is rendered in.
 */
export function fillPageHtml(
  template: string,
  input: { markup: string; title: string; state: FillPageState; served?: PageServedOn },
): string {
  // The form in its wire shape, as the API sends it: the page reads it through the same schema.
  const json = JSON.stringify(encode(fillPageStateSchema, input.state)).replace(/</g, '\\u003c');
  // The language and its direction from the first byte: the page before its script runs (and
  // without it) reads right to left in Arabic or Hebrew, and is spoken in its language.
  const language = input.state.language ?? 'en';
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  // Replacer functions, not strings: the title, markup and state carry text from the address and
  // the owner, where `$\``, `$'` or `$&` in a replacement string would paste pieces of the template.
  const head = headTags(input.state, input.title, input.served);
  return template
    .replace('<html lang="en">', () => `<html lang="${escapeHtml(language)}" dir="${dir}" class="nojs">`)
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(input.title)}</title>${head.tags}${fontFaceStyle(input.state.view)}`,
    )
    .replace(/<meta name="description" content="[^"]*" \/>/, (tag) =>
      head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : tag,
    )
    .replace(/<link rel="icon" href="[^"]*" type="[^"]*" \/>/, (tag) =>
      head.icon ? `<link rel="icon" href="${escapeHtml(head.icon)}" />` : tag,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${input.markup}</div><script type="application/json" id="${FILL_STATE_ELEMENT_ID}">${json}</script>`,
    );
}

/**
 * An embedded page (`/form/<id>/embed`) as its host page asks for it: `?theme=light|dark` draws it
 * in that scheme rather than the system's, and an inline frame (without `frame=own`) lets the host
 * page show through, from the first byte, as /theme-init.js does once it runs (and without it).
 */
export function withEmbedLook(html: string, address: { embed: boolean; search: string }): string {
  if (!address.embed) return html;
  const query = new URLSearchParams(address.search);
  const theme = query.get('theme');
  const classes = [
    theme === 'dark' ? 'dark' : theme === 'light' ? '' : 'nojs',
    query.get('frame') === 'own' ? '' : 'fs-see-through',
  ].filter(Boolean);
  return html.replace(
    /(<html [^>]*)class="nojs">/,
    (_tag, start: string) => `${start}class="${classes.join(' ')}">`,
  );
}
