import {
  BarChart3,
  FileSpreadsheet,
  LockKeyhole,
  type LucideIcon,
  Server,
  Share2,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

type Feature = { icon: LucideIcon; title: string; text: string };

const FEATURES: Feature[] = [
  {
    icon: Sparkles,
    title: 'AI form generation',
    text: 'Describe what you need in plain words. Formsmith drafts the title, description and fields for you to refine in the editor.',
  },
  {
    icon: Share2,
    title: 'Share it your way',
    text: 'Publish with a link or a custom slug, lock it with an access code, keep it private, set an expiry date, embed it on your site or print a QR code.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Submissions and CSV export',
    text: 'Browse, search and filter every response, open any submission in detail and export everything to CSV in one click.',
  },
  {
    icon: BarChart3,
    title: 'Analytics that matter',
    text: 'Daily submissions, completion and bounce rates, time to complete and answer distributions for each field.',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy by design',
    text: 'No third-party analytics, no tracking cookies and no sale of data. Respondents never need an account.',
  },
  {
    icon: LockKeyhole,
    title: 'End-to-end encryption',
    text: 'Turn on Enhanced for a form and its answers and files are encrypted in the respondent’s browser; only you, with your passphrase, can read them. Not the server, not its backups.',
  },
];

export function Features() {
  return (
    <section aria-labelledby="features-title" className="bg-white py-20 sm:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to collect answers">
          From the first draft to the last export, without handing your respondents’ data to anyone else.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-600/30">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
          <li className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-slate-900 p-6 text-white sm:col-span-2 lg:col-span-3 lg:flex-row lg:items-center lg:justify-between dark:border-slate-700 dark:bg-slate-800">
            <div className="flex gap-5">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-white">
                <Server aria-hidden="true" className="h-5 w-5" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">Self-hosted</h3>
                <p className="mt-1 max-w-xl text-slate-300">
                  Two commands start Formsmith on your own machine or in your cloud, with its built-in
                  database or your own PostgreSQL. Your forms and answers never leave your infrastructure.
                </p>
              </div>
            </div>
            <pre className="overflow-x-auto rounded-lg bg-black/40 px-4 py-3 font-mono text-sm text-emerald-300">
              <code>npm install && npm start</code>
            </pre>
          </li>
        </ul>
      </div>
    </section>
  );
}
