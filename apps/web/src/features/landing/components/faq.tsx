import { Disclosure } from '../../../components/ui/disclosure.tsx';
import { SectionHeading } from './section-heading.tsx';

const QUESTIONS = [
  {
    q: 'Is Formsmith really free?',
    a: 'Yes. Formsmith is free to use, and during the beta period there are no billing features at all.',
  },
  {
    support: true,
    q: 'What do the support contributions get me?',
    a: '$5 guarantees your subscription for 1 year, $20 for 3 years, and $100 for life, together with priority support, early access to new features and custom feature requests. Each is a one-time card payment; nothing renews.',
  },
  {
    q: 'How does AI form generation work?',
    a: 'Describe the form in plain language and Formsmith returns a title, a description and suitable fields. It works offline with its built-in generator, or with any OpenAI-compatible model you connect. You can edit everything afterwards.',
  },
  {
    q: 'Where is my data stored?',
    a: 'On the server where you run Formsmith: in its built-in database, or in your own PostgreSQL. With the Standard level, answers travel encrypted (HTTPS) and are stored encrypted under the server’s own key: a stolen database copy, a backup without its key, or the file bucket reveals no answers, but whoever runs the server with its key (its operator) can read them. With the Enhanced level, a form’s answers and files are encrypted in the respondent’s browser to a key only you unlock with your passphrase: the server, its backups and its administrator see ciphertext only. Enhanced forms cannot have answers checked, searched, mailed or sent to webhooks by the server, and losing both the passphrase and the recovery key loses the answers.',
  },
  {
    q: 'Do you track my respondents?',
    a: 'No. There is no third-party analytics, there are no tracking cookies, and we never sell data. The analytics you see are computed on your own server.',
  },
  {
    q: 'Can I restrict who fills in a form?',
    a: 'Yes. A form can be public, protected by an access code, or private to you, and it can stop accepting answers after an expiry date.',
  },
  {
    q: 'Can I put a form on my website?',
    a: 'Yes. Copy the embed code into any page, share the link or a custom slug, or download a QR code for print.',
  },
  {
    q: 'Can I export the responses?',
    a: 'Yes. Every form’s submissions can be exported as a CSV file that opens in any spreadsheet program.',
  },
];

/** The questions and answers; the one about support tiers only where the tiers are shown. */
export function Faq({ withSupport }: { withSupport: boolean }) {
  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="scroll-mt-20 bg-white py-20 sm:py-24 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12 space-y-3">
          {QUESTIONS.filter((item) => withSupport || !('support' in item)).map(({ q, a }) => (
            <Disclosure key={q} summary={q}>
              <p>{a}</p>
            </Disclosure>
          ))}
        </div>
      </div>
    </section>
  );
}
