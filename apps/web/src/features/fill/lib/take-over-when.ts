// When the public page's script takes over the page the server drew. The server's markup is a
// working form (it posts, the server checks it and answers with the next screen), so the app
// (its components, the state's schema, hydration) waits for the respondent's first tap, key or
// focus, unless the page needs script from the start. This module runs before that decision, in
// the page's small entry: it reads the state as the server encoded it (plain JSON, no schema) and
// imports nothing heavy.
import { readResumeToken } from './resume-token.ts';

/** Field types whose controls are drawn for script (buttons that move, a canvas) as the page opens. */
const SCRIPTED_FIELD_TYPES = new Set(['ranking', 'signature']);

/** The page as the entry sees it before the app: its address's query and whether it is framed. */
export type PageContext = { search: string; framed: boolean };

type Served = {
  embed?: unknown;
  view?: {
    kind?: unknown;
    form?: {
      id?: unknown;
      encryption?: unknown;
      save_partials?: unknown;
      language?: unknown;
      translations?: unknown;
      fields?: { type?: unknown; field_type?: unknown }[];
    };
  };
};

/**
 * Whether the app must take over as soon as it can, with why; null when it can wait for the
 * respondent's first interaction. At once:
 * - any screen but the form (a gate, a closed form, an ending, a form not found: the owner's
 *   preview is looked for at load);
 * - an end-to-end encrypted form (its answers are sealed by the script, never posted in clear);
 * - a form that saves answers as the respondent goes (it offers to resume what this device kept,
 *   opens a mailed `?resume=` link, and its 'Save and continue later' is a script's button);
 * - a form in a frame (it tells the host page its height, which sizes the frame);
 * - a form with a ranking or a signature (their controls, drawn for script, answer only to it);
 * - a form in several languages (its language list is a script's: a choice made before the app
 *   is live would be shown and not followed);
 * - state the entry cannot read (the app then draws the page itself).
 */
export function takeOverAtLoad(served: unknown, page: PageContext): string | null {
  const state = (served && typeof served === 'object' ? served : {}) as Served;
  const view = state.view;
  if (!view || typeof view !== 'object') return 'unreadable state';
  if (view.kind !== 'form') return `screen: ${String(view.kind)}`;
  const form = view.form;
  if (!form || typeof form !== 'object' || !Array.isArray(form.fields)) return 'unreadable state';
  if (form.encryption) return 'encrypted';
  if (form.save_partials === true) {
    const resume = new URLSearchParams(page.search).has('resume');
    const saved = typeof form.id === 'number' && readResumeToken(form.id) !== null;
    return resume ? 'a resume link' : saved ? 'saved answers' : 'saves answers';
  }
  if (state.embed === true && page.framed) return 'framed';
  const translations = form.translations && typeof form.translations === 'object' ? form.translations : {};
  if (Object.keys(translations).some((tag) => tag !== form.language)) return 'languages';
  const scripted = form.fields.some((field) =>
    SCRIPTED_FIELD_TYPES.has(String(field?.type ?? field?.field_type)),
  );
  return scripted ? 'scripted fields' : null;
}
