import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { primaryButton, secondaryButton } from '../../../components/public-page/classes.ts';

/** Offered when this device has saved answers for the form: continue with them, or start over. */
export function ResumeBanner(props: { busy: boolean; onContinue: () => void; onStartOver: () => void }) {
  const { t } = useChrome();
  return (
    <section
      aria-labelledby="resume-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="space-y-1">
        <h2 id="resume-title" className="text-lg font-semibold">
          {t('resume.welcomeBack')}
        </h2>
        <p className="text-slate-700 dark:text-slate-300">{t('resume.text')}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" className={primaryButton} onClick={props.onContinue} disabled={props.busy}>
          {props.busy ? t('resume.loading') : t('resume.continue')}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onStartOver} disabled={props.busy}>
          {t('resume.startOver')}
        </button>
      </div>
    </section>
  );
}

/** The short notice on a form that keeps answers as the respondent goes. */
export function SavingNotice({ note }: { note?: string | null }) {
  const { t } = useChrome();
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
      {t('resume.savingNotice')}
      {note ? ` ${note}` : ''}
    </p>
  );
}
