import { type FormEvent, useId, useState } from 'react';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { primaryButton, secondaryButton } from '../../../components/public-page/classes.ts';
import { mailResumeLink } from '../api/progress.ts';

/**
 * 'Save and continue later': saves now, asks for an email address and mails a link that opens
 * the form with these answers on any device (sent only to the address typed).
 */
export function SaveLater(props: {
  formId: number;
  accessCode: string | undefined;
  /** Saves the answers now; the resume token, or null when the save failed. */
  saveNow: () => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const { t } = useChrome();

  const send = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setBusy(true);
    setError(null);
    const token = await props.saveNow();
    const failed = token
      ? await mailResumeLink(props.formId, {
          resume_token: token,
          email: email.trim(),
          ...(props.accessCode ? { access_code: props.accessCode } : {}),
        })
      : t('resume.saveFailed');
    setBusy(false);
    if (failed) setError(failed);
    else setSent(email.trim());
  };

  if (sent) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {t('resume.linkSent', { email: sent })}
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className={`${secondaryButton} w-full sm:w-auto`} onClick={() => setOpen(true)}>
        {t('resume.saveLater')}
      </button>
    );
  }
  // A separate form: its Enter must not submit the respondent's answers.
  return (
    <form
      onSubmit={send}
      noValidate
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <label htmlFor={`${id}-email`} className="block text-sm font-medium">
        {t('resume.emailLabel')}
      </label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button
        type="submit"
        className={`${primaryButton} w-full sm:w-auto`}
        disabled={busy || email.trim() === ''}
      >
        {busy ? t('resume.sending') : t('resume.sendLink')}
      </button>
    </form>
  );
}
