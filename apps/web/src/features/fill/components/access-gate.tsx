import type { FormEvent } from 'react';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { primaryButton } from '../../../components/public-page/classes.ts';
import { Input } from '../../../components/ui/input.tsx';
import { BrandLogo } from './brand-logo.tsx';

/** The password gate: title, 'Access Code' password input, Submit; 'Incorrect access code'. */
export function AccessGate(props: {
  title?: string;
  wrongCode: boolean;
  /** Shown instead of 'Incorrect access code' (too many tries). */
  message?: string;
  checking: boolean;
  /** The form's logo, when its page is drawn in its theme. */
  logoUrl?: string | null;
  onSubmit: (code: string) => void;
}) {
  const { t } = useChrome();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Read from the box itself (it keeps no copy in state): a code typed while the page was still
    // loading its script is there too.
    const code = new FormData(e.currentTarget).get('access_code');
    if (typeof code === 'string' && code.trim() !== '') props.onSubmit(code);
  };
  return (
    // Without JavaScript the code is posted to the page, which answers with the form.
    <form method="post" onSubmit={submit} className="mx-auto max-w-sm space-y-5 py-4" noValidate>
      <input type="hidden" name="_action" value="access" />
      <div className="space-y-2 text-center">
        <BrandLogo url={props.logoUrl} title={props.title} />
        <h1 className="text-2xl font-semibold">{props.title ?? t('gate.title')}</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('gate.text')}</p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="access-code" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('gate.label')}
        </label>
        <Input
          id="access-code"
          name="access_code"
          type="password"
          autoComplete="off"
          autoFocus
          aria-invalid={props.wrongCode || undefined}
          aria-describedby={props.wrongCode ? 'access-code-error' : undefined}
        />
        {props.wrongCode && (
          <p id="access-code-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
            {props.message ?? t('gate.incorrect')}
          </p>
        )}
      </div>
      <button type="submit" className={`${primaryButton} w-full`} disabled={props.checking}>
        {props.checking ? t('gate.checking') : t('gate.submit')}
      </button>
    </form>
  );
}
