import { useChrome } from '../../../components/form-renderer/chrome-context.ts';

/** Where the respondent is in the form ('Page 2 of 4'), as text and as a bar. */
export function ProgressBar({ at, of, unit }: { at: number; of: number; unit: 'page' | 'question' }) {
  const { t } = useChrome();
  const text = t(unit === 'page' ? 'form.progressPage' : 'form.progressQuestion', { at, total: of });
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400" aria-hidden="true">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={t('form.progress')}
        aria-valuemin={1}
        aria-valuemax={of}
        aria-valuenow={at}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${(at / of) * 100}%` }}
        />
      </div>
    </div>
  );
}
