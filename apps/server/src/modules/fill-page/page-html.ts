import {
  FILL_STATE_ELEMENT_ID,
  type FillPageState,
  fillPageStateSchema,
} from '@formsmith/core/fill-page/state';
import { isRightToLeft } from '@formsmith/core/i18n/language';
import { encode } from 'zod';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/**
 * The built fill.html with the rendered markup in its root element and the state beside it as
 * JSON (not a script that runs: the page's CSP allows none inline), for the page to take over.
 * The `nojs` class lets the styles follow the system's dark mode until the theme script runs; `lang`
 * and `dir` are the language the page is rendered in.
 */
export function fillPageHtml(
  template: string,
  input: { markup: string; title: string; state: FillPageState },
): string {
  // The form in its wire shape, as the API sends it: the page reads it through the same schema.
  const json = JSON.stringify(encode(fillPageStateSchema, input.state)).replace(/</g, '\\u003c');
  // The language and its direction from the first byte: the page before its script runs (and
  // without it) reads right to left in Arabic or Hebrew, and is spoken in its language.
  const language = input.state.language ?? 'en';
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  // Replacer functions, not strings: the title, markup and state carry text from the address and
  // the owner, where `$\``, `$'` or `$&` in a replacement string would paste pieces of the template.
  return template
    .replace('<html lang="en">', () => `<html lang="${escapeHtml(language)}" dir="${dir}" class="nojs">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(input.title)}</title>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${input.markup}</div><script type="application/json" id="${FILL_STATE_ELEMENT_ID}">${json}</script>`,
    );
}
