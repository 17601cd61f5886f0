import type { ReactNode } from 'react';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';

/** The page around every state: a centred card on the page, nothing but the content when embedded. */
export function PageFrame({ embed, children }: { embed: boolean; children: ReactNode }) {
  if (embed) return <main className="p-4 sm:p-6">{children}</main>;
  return (
    <main className="min-h-screen px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        {children}
      </div>
    </main>
  );
}

/** A mark no message contains, to put the brand's link where the language places the name. */
const BRAND = '\u0000';

export function PoweredBy({ embed }: { embed: boolean }) {
  const { t } = useChrome();
  const [before = '', after = ''] = t('form.poweredBy', { brand: BRAND }).split(BRAND);
  return (
    <p className="mt-8 text-center text-xs text-slate-600 dark:text-slate-400">
      {before}
      <a
        href="/"
        target={embed ? '_blank' : undefined}
        rel={embed ? 'noopener' : undefined}
        className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        Formsmith
      </a>
      {after}
    </p>
  );
}

export function CenteredSpinner() {
  const { t } = useChrome();
  return (
    <div className="flex justify-center py-16">
      <span role="status" className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          className="h-8 w-8 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 dark:border-slate-600 dark:border-t-brand-500"
        />
        <span className="sr-only">{t('form.loading')}</span>
      </span>
    </div>
  );
}
