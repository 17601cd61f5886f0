import { randomInt, randomUUID } from 'node:crypto';
import type { FillFormView, FillPageState } from '@formsmith/core/fill-page/state';
import { fillPageHtml, type PageServedOn } from './page-html.ts';
import type { FillPageKit } from './renderer.ts';

/**
 * Stand-ins for what differs between two respondents opening the same form: when the page was
 * loaded (the anti-spam timing) and the submit's idempotency key. The page is rendered once with
 * them and each respondent gets the copy with their own values put in. Random per process, so no
 * form's text can spell them.
 */
const LOADED_AT_MARK = 900_000_000_000_000 + randomInt(99_999_999_999);
const SUBMIT_KEY_MARK = randomUUID();

/** Rendered pages of one form version, by what else shapes them (address, language, prefill). */
const MAX_VARIANTS = 64;
const pages = new WeakMap<object, Map<string, string>>();

/**
 * The blank form as a respondent opening it gets it, which only the form version, the address,
 * the language and the address's prefill shape: such a page is rendered once and kept. Any other
 * screen (answers posted, errors, the access code carried) is rendered for its request.
 */
function variantOf(state: FillPageState, view: FillFormView, served?: PageServedOn): string | null {
  const fresh =
    view.stepId === null &&
    Object.keys(view.errors).length === 0 &&
    view.banner === undefined &&
    view.accessCode === undefined;
  if (!fresh) return null;
  return JSON.stringify([
    state.identifier,
    state.embed,
    state.language ?? null,
    view.values,
    served?.origin ?? null,
  ]);
}

async function renderPage(kit: FillPageKit, state: FillPageState, served?: PageServedOn): Promise<string> {
  const { markup, title } = await kit.renderer.renderFillPage(state);
  return fillPageHtml(kit.template, { markup, title, state, ...(served ? { served } : {}) });
}

/**
 * The page's HTML for a state: kept beside the form version it shows (the object the form cache
 * holds, so a changed or unpublished form is never served from it) when it is a blank form, with
 * this request's load time and submit key put in.
 */
export async function pageHtml(
  kit: FillPageKit,
  state: FillPageState,
  served?: PageServedOn,
): Promise<string> {
  const { view } = state;
  const variant = view.kind === 'form' ? variantOf(state, view, served) : null;
  if (view.kind !== 'form' || variant === null) return renderPage(kit, state, served);
  let rendered = pages.get(view.form);
  if (!rendered) {
    rendered = new Map();
    pages.set(view.form, rendered);
  }
  let html = rendered.get(variant);
  if (html === undefined) {
    const marked = { ...view, loadedAt: LOADED_AT_MARK, submitKey: SUBMIT_KEY_MARK };
    html = await renderPage(kit, { ...state, view: marked }, served);
    if (rendered.size < MAX_VARIANTS) rendered.set(variant, html);
  }
  // Replacer functions: a replacement string would read `$` patterns in what it puts in.
  return html
    .replaceAll(String(LOADED_AT_MARK), () => String(view.loadedAt))
    .replaceAll(SUBMIT_KEY_MARK, () => view.submitKey);
}
