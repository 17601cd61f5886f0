import type { FillPageState, PostedFields } from '@formsmith/core/fill-page/state';
import { readPostedValues } from './posted-values.ts';

/**
 * The server's page with what the respondent typed into it before its script took over: read
 * from the form's inputs as a post would send them, so nothing typed early is lost. Chosen files
 * are not read (the page uploads a file when it is chosen, which it was not there to do).
 */
export function withTypedValues(state: FillPageState, form: HTMLFormElement | null): FillPageState {
  const { view } = state;
  if (view.kind !== 'form' || !form) return state;
  const posted: PostedFields = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') posted[name] = [...(posted[name] ?? []), value];
  }
  const typed = readPostedValues({ fields: view.form.fields, posted, files: {} });
  for (const [id, value] of Object.entries(view.values)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) typed[id] = value;
  }
  return { ...state, view: { ...view, values: { ...view.values, ...typed } } };
}
