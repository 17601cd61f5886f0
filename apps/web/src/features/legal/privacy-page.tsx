import { Link } from 'react-router';
import { LegalPageLayout, type LegalSection } from './components/legal-page-layout.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this policy covers',
    body: (
      <p>
        Formsmith is a self-hosted form builder. Each installation is run by an operator (a person or
        organisation) who decides what the installation is used for and is responsible for the personal data
        stored on it. This policy explains what data Formsmith handles, why, and the rights you have over it.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Information we collect',
    body: (
      <ul>
        <li>
          <strong>Account information</strong>: your name, email address, optional company name and a one-way
          hash of your password (never the password itself).
        </li>
        <li>
          <strong>Forms you create</strong>: titles, descriptions, fields, sharing settings and any logo you
          upload.
        </li>
        <li>
          <strong>Submissions</strong>: the answers respondents send through your forms, with the time of
          submission.
        </li>
        <li>
          <strong>Technical data</strong>: active sign-in sessions (device type taken from the browser’s user
          agent and the time of last use) and IP addresses, used only to keep the service secure and to limit
          abuse.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use your information',
    body: (
      <ul>
        <li>
          To provide the service: storing your forms, collecting and showing submissions, and computing
          analytics.
        </li>
        <li>
          To sign you in and to send the emails you ask for, such as verification links, login links and
          submission notifications.
        </li>
        <li>
          To protect accounts and forms from abuse, for example by rate-limiting repeated sign-in attempts.
        </li>
      </ul>
    ),
  },
  {
    id: 'no-tracking',
    title: 'No analytics trackers, no tracking cookies, no sale of data',
    body: (
      <>
        <p>
          <strong>We use no third-party analytics.</strong> Form analytics are computed on the Formsmith
          server from the submissions themselves; no data is sent to analytics or advertising providers.
        </p>
        <p>
          <strong>We use no tracking cookies.</strong> Your browser’s local storage keeps only your sign-in
          token and your light or dark mode preference.
        </p>
        <p>
          <strong>We never sell your data</strong>, nor rent, trade or share it with third parties for their
          own purposes.
        </p>
      </>
    ),
  },
  {
    id: 'respondents',
    title: 'Respondents',
    body: (
      <p>
        People who fill in a form do not need an account. The form’s owner decides which questions are asked
        and is responsible for the answers collected; respondents who want to exercise their rights over their
        answers should contact the form’s owner.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security and encryption',
    body: (
      <p>
        Formsmith is meant to be served over HTTPS, so data travels encrypted between your browser and the
        server that stores it. Passwords are hashed with argon2id, sign-in tokens are stored only as hashes
        and can be revoked at any time, and forms can be protected with access codes, made private or given an
        expiry date.
      </p>
    ),
  },
  {
    id: 'encryption-levels',
    title: 'What each encryption level protects',
    body: (
      <>
        <p>
          Standard: answers travel encrypted over HTTPS and are stored encrypted under the server’s own key,
          so a stolen copy of the database, a backup without its key, or the file bucket reveals no answers.
          The server opens them to search, count, export, mail and send them to webhooks, so this does not
          protect them from whoever runs the server with its key (its operator).
        </p>
        <p className="mt-3">
          Enhanced (end-to-end): the respondent’s browser encrypts the answers and every uploaded file to the
          form’s public key before sending them. The private key is kept only wrapped under the owner’s
          passphrase and a recovery key, so the server, its database, backups and administrator see ciphertext
          only. The server still sees when a submission arrives, how many there are and the times, and it
          enforces access codes, limits and anti-spam. It cannot check, search or analyse answers, and mails
          and webhooks carry none. Answers are read in the owner’s browser after unlocking; if both the
          passphrase and the recovery key are lost, nobody can read them again.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <p>
        Your account, forms and submissions are kept until you delete them, or until the data retention period
        you set in your settings runs out. When you delete your account, everything it owns (forms,
        submissions and settings) is deleted.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong> the personal data held about you;
          </li>
          <li>
            <strong>Correction</strong> of data that is inaccurate or incomplete;
          </li>
          <li>
            <strong>Deletion</strong> of your data and your account;
          </li>
          <li>
            <strong>Export</strong> your data in a portable, machine-readable format;
          </li>
          <li>
            <strong>Withdrawal of consent</strong> at any time, for example to marketing emails, without
            affecting what was done before.
          </li>
        </ul>
        <p>
          You can correct your profile in Settings, and use <strong>Download My Data</strong> or{' '}
          <strong>Delete My Data</strong> under Settings → Security. For anything else, contact the operator
          of your installation.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Formsmith is not intended for children under 13, and we do not knowingly collect their personal data.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When this policy changes, the date at the top of this page changes with it. Material changes are
        announced to account holders by email at least 30 days before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about this policy or your data go to the operator of the Formsmith installation you use. See
        also our{' '}
        <Link to="/terms" className="font-medium text-brand-700 underline dark:text-brand-200">
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPageLayout
      title="Privacy Policy"
      lastUpdated="May 5, 2025"
      intro={
        <p>
          Privacy by design is how Formsmith is built: we collect only what the service needs, keep it on the
          server you control, and never track or sell it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
