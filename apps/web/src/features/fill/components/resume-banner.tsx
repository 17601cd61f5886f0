import { primaryButton, secondaryButton } from '../lib/classes.ts';

/** Offered when this device has saved answers for the form: continue with them, or start over. */
export function ResumeBanner(props: { busy: boolean; onContinue: () => void; onStartOver: () => void }) {
  return (
    <section
      aria-labelledby="resume-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="space-y-1">
        <h2 id="resume-title" className="text-lg font-semibold">
          Welcome back
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          Your answers from your last visit are saved. Continue where you stopped, or start over.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" className={primaryButton} onClick={props.onContinue} disabled={props.busy}>
          {props.busy ? 'Loading…' : 'Continue'}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onStartOver} disabled={props.busy}>
          Start over
        </button>
      </div>
    </section>
  );
}

/** The short notice on a form that keeps answers as the respondent goes. */
export function SavingNotice({ note }: { note?: string | null }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
      Your answers are saved as you go.{note ? ` ${note}` : ''}
    </p>
  );
}
