import { ArrowRight, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { Screenshot } from './screenshot.tsx';
import { SHOTS } from './shots.ts';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(99_102_241/0.18),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(99_102_241/0.25),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[5fr_6fr] lg:pb-28">
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
        <figure>
          <Screenshot shot={SHOTS.editor} eager />
          <figcaption className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
            The editor, as it is: a screenshot of this app.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
