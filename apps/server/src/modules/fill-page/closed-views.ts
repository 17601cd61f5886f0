import type { FillView } from '@formsmith/core/fill-page/state';
import type { PublicFormView } from '@formsmith/core/forms/form-wire';
import { AppError } from '../../lib/app-error.ts';

/** A page that shows something else than the form, with its status. */
export type ClosedPage = { status: number; view: Exclude<FillView, { kind: 'form' | 'success' }> };

/**
 * What the page shows when a form's access rules turn the respondent away, as the JSON API's
 * errors say it: not found, expired, closed, the access code gate. Null for other errors.
 */
export function closedPageOf(err: unknown): ClosedPage | null {
  if (!(err instanceof AppError)) return null;
  const fields = err.fields ?? {};
  switch (err.code) {
    case 'NOT_FOUND':
      return { status: 404, view: { kind: 'unavailable' } };
    case 'FORM_EXPIRED':
      return { status: 410, view: { kind: 'expired' } };
    case 'FORM_CLOSED':
      return {
        status: 410,
        view: { kind: 'expired', closed: fields.closed_message ? { message: fields.closed_message } : {} },
      };
    case 'ACCESS_CODE_REQUIRED':
    case 'ACCESS_CODE_INVALID':
      return {
        status: 403,
        view: { kind: 'gate', title: fields.form_title, wrongCode: err.code === 'ACCESS_CODE_INVALID' },
      };
    default:
      return null;
  }
}

/**
 * The closed page drawn in the form's theme and with its logo, when it is a gate or a closed form
 * (a form not found says nothing of the form; the page keeps having no footer or links).
 */
export function brandedClosedPage(closed: ClosedPage, form: PublicFormView): ClosedPage {
  const { view } = closed;
  if (view.kind === 'unavailable' || !form.look) return closed;
  return { ...closed, view: { ...view, brand: { look: form.look, logo_url: form.logo_url } } };
}
