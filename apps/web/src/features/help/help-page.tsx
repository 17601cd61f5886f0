import { Hammer, Inbox, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { Disclosure } from '../../components/ui/disclosure.tsx';
import { HelpTopic } from './components/help-topic.tsx';

const LINK = 'font-medium text-brand-700 underline dark:text-brand-200';

const TOPICS = [
  { id: 'build', label: 'Build a form', icon: Hammer },
  { id: 'share', label: 'Share a form', icon: Share2 },
  { id: 'review', label: 'Review submissions', icon: Inbox },
] as const;

const FAQ = [
  {
    q: 'Why can’t respondents open my form?',
    a: 'Check that the form is published, that its expiry date has not passed, and that its access is not set to private. For a form with an access code, respondents must enter the code you chose.',
  },
  {
    q: 'Can I change a form after it has received submissions?',
    a: 'Yes. Earlier submissions keep their answers. Answers to a field you delete stay in the CSV export.',
  },
  {
    q: 'How do I get an email when someone answers?',
    a: 'Turn on “Form submission notifications” in Settings → Notifications. Each form can also override this in the Settings tab of its submissions page.',
  },
  {
    q: 'The AI generator made a field I don’t want. What now?',
    a: 'Generated forms are ordinary forms: select the field in the editor and delete it, or change its label, type and validation in the properties panel.',
  },
  {
    q: 'How do I download or delete all my data?',
    a: 'Go to Settings → Security and use “Download My Data” for a complete export, or “Delete My Data” to remove your account and everything it owns.',
  },
  {
    q: 'Does Formsmith cost anything?',
    a: 'No. Formsmith is free during the beta period and has no billing features. Optional one-time support contributions are listed on the home page.',
  },
];

/** /help: how to build, share and review, and a FAQ. */
export function HelpPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-300">
          Help center
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
          How can we help?
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Everything you need to build a form, share it with the right people and make sense of the answers.
        </p>
      </header>

      <nav aria-label="Help topics" className="mt-10">
        <ul className="grid gap-3 sm:grid-cols-3">
          {TOPICS.map(({ id, label, icon: Icon }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 font-medium text-slate-900 shadow-sm hover:border-brand-300 hover:bg-brand-50 dark:border-slate-800 dark:bg-slate-900 dark:text-white dark:hover:border-brand-700 dark:hover:bg-slate-800"
              >
                <Icon aria-hidden="true" className="h-5 w-5 text-brand-600 dark:text-brand-300" />
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-10 space-y-8">
        <HelpTopic
          id="build"
          icon={Hammer}
          title="Build a form"
          lead="Start from scratch or let the AI draft the form for you; either way you finish in the editor."
          steps={[
            <>
              Open{' '}
              <Link to="/forms/new" className={LINK}>
                Create Form
              </Link>{' '}
              to start blank, or the{' '}
              <Link to="/forms/ai-builder" className={LINK}>
                AI Form Builder
              </Link>{' '}
              and describe the form in a sentence or two.
            </>,
            'Add fields from the palette (text, paragraph, number, email, phone, checkbox, radio, dropdown, date), and move them up or down.',
            'Select a field to edit its label, placeholder, help text, whether it is required, and its validation.',
            'Check the Preview tab on desktop, tablet and mobile widths, then save.',
          ]}
        />
        <HelpTopic
          id="share"
          icon={Share2}
          title="Share a form"
          lead="Publishing makes a form reachable; sharing settings decide who may answer and until when."
          steps={[
            'From your forms list, choose Publish on the form and switch it on.',
            'Pick the access: public, protected by an access code, or private to you. Add a custom slug for a friendly link, and an expiry date if answers should stop on a given day.',
            'Copy the link, paste the embed code into your website, or download the QR code for print.',
          ]}
        />
        <HelpTopic
          id="review"
          icon={Inbox}
          title="Review submissions"
          lead="Every response lands in the form’s submissions page as soon as it is sent."
          steps={[
            <>
              Open{' '}
              <Link to="/dashboard/submissions" className={LINK}>
                Submissions
              </Link>{' '}
              and pick a form.
            </>,
            'Search and filter the table, and open any row to see the full submission.',
            'Use Export CSV or Export Excel (.xlsx) to download every response, or switch to the Analytics tab for trends and answer breakdowns.',
          ]}
        />
      </div>

      <section aria-labelledby="help-faq-title" className="mt-16">
        <h2
          id="help-faq-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
        >
          Frequently asked questions
        </h2>
        <div className="mt-8 space-y-3">
          {FAQ.map(({ q, a }) => (
            <Disclosure key={q} summary={q}>
              <p>{a}</p>
            </Disclosure>
          ))}
        </div>
      </section>
    </div>
  );
}
