import { ArrowRight, PlayCircle, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/** Decorative preview of a generated form; hidden from assistive technology. */
function FormPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-4 rounded-3xl bg-gradient-to-tr from-brand-400/30 via-violet-400/20 to-sky-300/30 blur-2xl dark:from-brand-500/20 dark:via-violet-500/10 dark:to-sky-500/10" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:bg-brand-500/15 dark:text-brand-100">
          <Sparkles className="h-4 w-4 shrink-0" />
          <span className="truncate">“A sign-up form for our spring workshop”</span>
        </div>
        <div className="mt-5 space-y-1">
          <div className="text-lg font-semibold text-slate-900 dark:text-white">
            Spring Workshop Registration
          </div>
          <div className="text-sm text-slate-600 dark:text-slate-400">Reserve your seat in two minutes.</div>
        </div>
        <div className="mt-5 space-y-4">
          {['Full name', 'Email address'].map((label) => (
            <div key={label}>
              <div className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</div>
              <div className="mt-1.5 h-9 rounded-md border border-slate-300 bg-slate-50 dark:border-slate-600 dark:bg-slate-800" />
            </div>
          ))}
          <div>
            <div className="text-sm font-medium text-slate-700 dark:text-slate-200">Which session?</div>
            <div className="mt-2 flex flex-wrap gap-2">
              {['Morning', 'Afternoon', 'Evening'].map((option, i) => (
                <span
                  key={option}
                  className={cn(
                    'rounded-full border px-3 py-1 text-xs font-medium',
                    i === 0
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200',
                  )}
                >
                  {option}
                </span>
              ))}
            </div>
          </div>
          <div className="flex h-10 items-center justify-center rounded-lg bg-brand-600 text-sm font-medium text-white">
            Register
          </div>
        </div>
      </div>
      <div className="absolute -bottom-10 -left-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-lg sm:-left-8 dark:border-slate-700 dark:bg-slate-900">
        <div className="text-xs text-slate-600 dark:text-slate-400">Submissions this week</div>
        <div className="text-xl font-bold text-slate-900 dark:text-white">1.2K</div>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(99_102_241/0.18),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(99_102_241/0.25),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-sm font-medium text-brand-700 dark:border-brand-800 dark:bg-slate-900/70 dark:text-brand-200">
            <span className="h-2 w-2 rounded-full bg-emerald-500" />
            Free during the beta
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white"
          >
            <span className="whitespace-nowrap lg:block">Describe it.</span>{' '}
            <span className="whitespace-nowrap bg-gradient-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent lg:block dark:from-brand-300 dark:to-violet-300">
              Get a form.
            </span>{' '}
            <span className="whitespace-nowrap lg:block">Own your data.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600 dark:text-slate-300">
            Formsmith turns a plain-language description into a ready-to-share form, then lets you publish it,
            protect it and review every response, on a server you control. Privacy by design, end-to-end
            encryption, no tracking.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/register"
              className={cn(buttonClasses('primary', 'lg'), 'shadow-lg shadow-brand-600/25')}
            >
              Start building for free
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <Link to="/demo" className={buttonClasses('secondary', 'lg')}>
              <PlayCircle aria-hidden="true" className="h-5 w-5" />
              Try the live demo
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            No credit card. No billing. Self-hosted.
          </p>
        </div>
        <FormPreview />
      </div>
    </section>
  );
}
