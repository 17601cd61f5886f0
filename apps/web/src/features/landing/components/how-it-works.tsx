import { type LucideIcon, MessageSquareText, PlayCircle, Rocket, Shield, Wand2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { SectionHeading } from './section-heading.tsx';

type Step = { icon: LucideIcon; title: string; text: string };

const STEPS: Step[] = [
  {
    icon: MessageSquareText,
    title: 'Describe',
    text: 'Tell Formsmith what the form is for: “a feedback form for our bakery with a 1–5 rating”.',
  },
  {
    icon: Wand2,
    title: 'Generate',
    text: 'Get a complete form in seconds, then add, reorder or fine-tune fields, rules and validation.',
  },
  {
    icon: Shield,
    title: 'Secure',
    text: 'Choose who can answer: anyone with the link, people with an access code, or only you. Add an expiry date.',
  },
  {
    icon: Rocket,
    title: 'Deploy',
    text: 'Publish and share the link, embed it on your website or hand out a QR code. Responses arrive right away.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow="How it works" title="From idea to live form in four steps" />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li
              key={title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-center gap-3">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span className="text-sm font-semibold text-slate-500 dark:text-slate-400">
                  Step {index + 1}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900">
          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">See it in action</h3>
            <p className="mt-1 text-slate-600 dark:text-slate-300">
              Fill in a live form published on this server, embedded as you would embed yours.
            </p>
          </div>
          <Link to="/demo" className={cn(buttonClasses('secondary'), 'shrink-0')}>
            <PlayCircle aria-hidden="true" className="h-4 w-4" />
            Open the live demo
          </Link>
        </div>
      </div>
    </section>
  );
}
