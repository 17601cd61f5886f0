import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import type { Form } from '@formsmith/core/forms/form';
import { formContentSchema, type PublicFormView, publicFormSchema } from '@formsmith/core/forms/form-wire';
import type { PublicPageLook } from '@formsmith/core/themes/api';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { isFormId } from '../lib/location.ts';
import { type PublicResponse, publicRequest } from './public-request.ts';

/**
 * The form as the page renders it, whether it keeps answers as the respondent goes, and the public
 * key its answers are sealed to when it is end-to-end encrypted (null: not ready yet).
 */
export type LoadedForm = Form & {
  id: number;
  savePartials: boolean;
  encryption?: { publicKey: string | null };
  /** The page's theme, footer and branding as the server resolved them (absent: the page as it was). */
  look?: PublicPageLook;
};

export type FormLoad =
  | { kind: 'form'; form: LoadedForm }
  | { kind: 'gate'; wrongCode: boolean; title?: string }
  | { kind: 'expired'; closed?: ClosedInfo }
  | { kind: 'unavailable' };

/** A form closed by its owner's limits or schedule (410 FORM_CLOSED), with their message if any. */
export type ClosedInfo = { message?: string };

/** The closed-form details of a 410 answer, or undefined when the form expired instead. */
export function closedInfo(res: PublicResponse): ClosedInfo | undefined {
  if (res.body?.code !== 'FORM_CLOSED') return undefined;
  const fields = res.body.fields as Record<string, unknown> | undefined;
  const message = fields?.closed_message;
  return typeof message === 'string' ? { message } : {};
}

/**
 * The path with the access code, and the page's `?lang=` when it names one: a refusal (the gate's
 * title, a closed message) then comes in that language (else the browser's Accept-Language).
 */
function withCode(path: string, accessCode: string | undefined): string {
  const query = new URLSearchParams();
  if (accessCode) query.set('access_code', accessCode);
  const lang = new URLSearchParams(window.location.search).get('lang');
  if (lang) query.set('lang', lang);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

type FormContent = Omit<PublicFormView, 'is_published' | 'slug' | 'access_restriction' | 'expiration_date'>;

/** The public view as the page's form model (the renderer reads the same model as the editor). */
export function toLoadedForm(view: FormContent & Partial<PublicFormView>): LoadedForm {
  return {
    id: view.id,
    savePartials: view.save_partials ?? false,
    ...(view.encryption ? { encryption: { publicKey: view.encryption.public_key } } : {}),
    ...(view.look ? { look: view.look } : {}),
    title: view.title,
    description: view.description,
    fields: view.fields,
    ...(view.logo_url ? { logoUrl: view.logo_url } : {}),
    themeConfig: { theme: FORM_DEFAULTS.theme, ...view.theme_config },
    isPublished: true,
    submissions: 0,
    submitButtonText: view.submit_button_text,
    successMessage: view.success_message,
    logic: view.logic,
    display: view.display,
    language: view.language,
    translations: view.translations,
    sharing: {
      accessRestriction: view.access_restriction ?? 'public',
      expirationDate: view.expiration_date ?? null,
      ...(view.slug ? { slug: view.slug } : {}),
    },
  };
}

function classify(res: PublicResponse): FormLoad | null {
  if (res.status === 200 && res.body) {
    // A body that is not a public form is shown as an unavailable form, never half-rendered.
    const parsed = publicFormSchema.safeParse(res.body);
    return parsed.success ? { kind: 'form', form: toLoadedForm(parsed.data) } : { kind: 'unavailable' };
  }
  const code = res.body?.code;
  if (res.status === 403 && (code === 'ACCESS_CODE_REQUIRED' || code === 'ACCESS_CODE_INVALID')) {
    const fields = res.body?.fields as Record<string, unknown> | undefined;
    const title = typeof fields?.form_title === 'string' ? fields.form_title : undefined;
    return { kind: 'gate', wrongCode: code === 'ACCESS_CODE_INVALID', title };
  }
  if (res.status === 410) return { kind: 'expired', closed: closedInfo(res) };
  return null;
}

/**
 * Loads the public view of a form: a numeric identifier is an id; anything else is a
 * slug, tried through the shared lookup first and then as /forms/<identifier>.
 */
export async function getPublicForm(identifier: string, accessCode?: string): Promise<FormLoad> {
  const encoded = encodeURIComponent(identifier);
  if (!isFormId(identifier)) {
    const shared = await publicRequest(withCode(`/forms/shared/${encoded}`, accessCode));
    const result = classify(shared);
    if (result) return result;
  }
  const direct = await publicRequest(withCode(`/forms/${encoded}`, accessCode));
  return classify(direct) ?? { kind: 'unavailable' };
}

/**
 * The owner's own form, when the visitor is signed in as its owner and respondents cannot open
 * it (unpublished or private): the server answers the owner's view to the owner's token only.
 * Null for everyone else. The page shows it as a preview that sends nothing.
 */
export async function getOwnerPreview(identifier: string): Promise<LoadedForm | null> {
  const token = readStorage(STORAGE_KEYS.token);
  if (!token) return null;
  const encoded = encodeURIComponent(identifier);
  const path = isFormId(identifier) ? `/forms/${encoded}` : `/forms/shared/${encoded}`;
  const res = await publicRequest(path, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body || !('sharing' in res.body)) return null;
  const parsed = formContentSchema.safeParse(res.body);
  return parsed.success ? toLoadedForm(parsed.data) : null;
}
