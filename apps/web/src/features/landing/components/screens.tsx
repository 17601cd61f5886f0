import { Screenshot } from './screenshot.tsx';
import { SectionHeading } from './section-heading.tsx';
import { SHOTS } from './shots.ts';

/** Two more screens of the product, captured from the running app. */
export function Screens() {
  return (
    <section aria-labelledby="screens-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="screens-title" eyebrow="Screens" title="What you and your respondents see">
          Screenshots of Formsmith itself, not mock-ups.
        </SectionHeading>
        <div className="mt-14 grid items-start gap-10 lg:grid-cols-[2fr_5fr]">
          <figure className="mx-auto w-full max-w-xs">
            <Screenshot shot={SHOTS.respondent} className="rounded-2xl" />
            <figcaption className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
              A published form on a phone: no account, no tracking.
            </figcaption>
          </figure>
          <figure>
            <Screenshot shot={SHOTS.analytics} />
            <figcaption className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
              Analytics, computed on your own server.
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
