import { Check, ExternalLink } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { SectionHeading } from './section-heading.tsx';

type Tier = {
  id: string;
  name: string;
  price: number;
  term: string;
  perks: string[];
  recommended?: boolean;
};

const TIERS: Tier[] = [
  {
    id: 'one-year',
    name: 'Supporter',
    price: 5,
    term: '1-year subscription guarantee',
    perks: [
      'Formsmith stays free for you for at least 1 year',
      'Helps fund development and hosting of the project',
    ],
  },
  {
    id: 'three-years',
    name: 'Backer',
    price: 20,
    term: '3-year subscription guarantee',
    perks: [
      'Formsmith stays free for you for at least 3 years',
      'Your name in the supporters list, if you like',
    ],
    recommended: true,
  },
  {
    id: 'lifetime',
    name: 'Lifetime',
    price: 100,
    term: 'Lifetime subscription guarantee',
    perks: [
      'Formsmith stays free for you for life',
      'Priority support',
      'Early access to new features',
      'Custom feature requests',
    ],
  },
];

/** The tier's address at the operator's support page (SUPPORT_URL), naming the tier chosen. */
function tierUrl(supportUrl: string, tier: string): string {
  const url = new URL(supportUrl);
  url.searchParams.set('tier', tier);
  return url.toString();
}

/** The optional contributions, leading to the page the operator named (SUPPORT_URL). */
export function SupportTiers({ supportUrl }: { supportUrl: string }) {
  return (
    <section id="support" aria-labelledby="support-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="support-title" eyebrow="Support Formsmith" title="Free to use. Supported by you.">
          There are no billing features during the beta. If Formsmith helps you, an optional one-time
          contribution keeps it free and independent.
        </SectionHeading>
        <ul className="mt-14 grid items-start gap-6 lg:grid-cols-3">
          {TIERS.map((tier) => (
            <li
              key={tier.id}
              aria-labelledby={`tier-${tier.id}`}
              className={cn(
                'relative flex h-full flex-col rounded-2xl border bg-white p-7 dark:bg-slate-900',
                tier.recommended
                  ? 'border-brand-600 shadow-xl shadow-brand-600/15 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
                  : 'border-slate-200 shadow-sm dark:border-slate-800',
              )}
            >
              {tier.recommended ? (
                <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                  Recommended
                </p>
              ) : null}
              <h3 id={`tier-${tier.id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
                {tier.name}
              </h3>
              <p className="mt-4 flex items-baseline gap-2">
                <span className="text-5xl font-bold tracking-tight text-slate-900 dark:text-white">
                  ${tier.price}
                </span>
                <span className="text-sm font-medium text-slate-600 dark:text-slate-400">one-time</span>
              </p>
              <p className="mt-2 font-medium text-brand-700 dark:text-brand-200">{tier.term}</p>
              <ul className="mt-6 flex-1 space-y-3 text-sm">
                {tier.perks.map((perk) => (
                  <li key={perk} className="flex gap-3 text-slate-700 dark:text-slate-300">
                    <Check
                      aria-hidden="true"
                      className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                    />
                    {perk}
                  </li>
                ))}
              </ul>
              <a
                href={tierUrl(supportUrl, tier.id)}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(
                  'mt-8 inline-flex h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors',
                  tier.recommended
                    ? 'bg-brand-600 text-white hover:bg-brand-700'
                    : 'border border-slate-300 text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800',
                )}
              >
                Contribute ${tier.price}
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">(opens the support page in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
          All contributions are one-time payments on an external page. Nothing renews.
        </p>
      </div>
    </section>
  );
}
