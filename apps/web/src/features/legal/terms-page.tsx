import { Link } from 'react-router';
import { LegalPageLayout, type LegalSection } from './components/legal-page-layout.tsx';

const LINK = 'font-medium text-brand-700 underline dark:text-brand-200';

// Exactly 13 numbered sections; the e2e journey counts them.
const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Formsmith (the “Service”), you agree to these Terms of Service. If you
        do not agree, do not use the Service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Description of the Service',
    body: (
      <p>
        Formsmith lets you build online forms by hand or from a plain-language description, publish and share
        them, and review their submissions and analytics. Respondents can fill in a shared form without an
        account.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 13 years old to use the Service. The Service is not directed at children under
        13, and children under 13 may not create an account. If you use the Service on behalf of an
        organisation, you confirm that you may bind it to these Terms.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your Account',
    body: (
      <p>
        Give accurate information when you register and keep it up to date. You are responsible for keeping
        your password secret and for everything done through your account. Tell the operator at once if you
        suspect unauthorised use.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <>
        <p>You agree not to use the Service to:</p>
        <ul>
          <li>collect passwords, payment card numbers or other sensitive data by deception (phishing);</li>
          <li>send spam, or distribute malware or unlawful content;</li>
          <li>infringe anyone’s rights, including privacy and intellectual property rights;</li>
          <li>disrupt, overload or probe the Service beyond normal use, or get around its security.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your Content and Submissions',
    body: (
      <p>
        You keep all rights to the forms you create and the submissions you collect. You give the Service only
        the permission it needs to store, process and display that content to provide the Service to you. You
        are responsible for having a lawful basis for the data your forms collect and for telling respondents
        how you use it.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        Our{' '}
        <Link to="/privacy" className={LINK}>
          Privacy Policy
        </Link>{' '}
        explains how personal data is handled. In short: no third-party analytics, no tracking cookies and no
        sale of data.
      </p>
    ),
  },
  {
    id: 'beta',
    title: 'Free Beta and Optional Contributions',
    body: (
      <p>
        The Service is offered at no cost during the beta period, and there are no billing features. You may
        make an optional one-time contribution through an external card payment page; contributions are
        voluntary, do not renew, and come with the guarantees described on our home page at the time you
        contribute.
      </p>
    ),
  },
  {
    id: 'ai',
    title: 'AI-Generated Content',
    body: (
      <p>
        Forms generated from a description are suggestions. Review every generated form before you publish it;
        you are responsible for the forms you publish, whatever produced their first draft.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and Changes to the Service',
    body: (
      <p>
        We work to keep the Service available and your data safe, but we may change, suspend or discontinue
        features, especially during the beta. Keep your own copy of important submissions; CSV export is
        available for every form.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimer and Limitation of Liability',
    body: (
      <p>
        The Service is provided “as is” and “as available”, without warranties of any kind. To the fullest
        extent the law allows, we are not liable for indirect, incidental or consequential damages, or for
        loss of data, profits or goodwill, arising from your use of the Service.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using the Service and delete your account at any time from your settings; deletion
        removes your forms and submissions. We may suspend or close accounts that seriously or repeatedly
        break these Terms.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms. We will give at least 30 days’ notice of material changes, by email to
        account holders and on this page, before they take effect. Continuing to use the Service after that
        date means you accept the updated Terms.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPageLayout
      title="Terms of Service"
      lastUpdated="May 5, 2025"
      numbered
      intro={<p>These terms govern your use of Formsmith. They are written to be read; please do.</p>}
      sections={SECTIONS}
    />
  );
}
