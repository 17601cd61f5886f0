import type { ResumeResponse } from '@formsmith/core/submissions/progress';
import type { SubmitEnding } from '@formsmith/core/submissions/submit-answer';
import { type ComponentProps, useEffect, useState } from 'react';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { FormHeader } from '../../../components/public-page/form-header.tsx';
import { CenteredSpinner } from '../../../components/public-page/page-frame.tsx';
import type { ClosedInfo, LoadedForm } from '../api/get-public-form.ts';
import { resumeProgress } from '../api/progress.ts';
import { useProgressSaver } from '../hooks/use-progress-saver.ts';
import { keepResumeToken, readResumeToken } from '../lib/resume-token.ts';
import { FormView } from './form-view.tsx';
import { ResumeBanner } from './resume-banner.tsx';

type Start =
  | { kind: 'checking' }
  | { kind: 'offer'; token: string; busy: boolean }
  | { kind: 'ready'; resumed: ResumeResponse | null; note: string | null };

function linkToken(): string | null {
  // The server renders the page without an address bar: no link token there.
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('resume');
}

/** Takes the mailed link's token out of the address bar: it works once, and must not be shared on. */
function dropLinkToken() {
  const url = new URL(window.location.href);
  url.searchParams.delete('resume');
  window.history.replaceState(null, '', url.toString());
}

/**
 * A form that keeps answers as the respondent goes: opens a mailed resume link, or offers to
 * continue the answers this device saved, then the form with its saver.
 */
export function SavedFormView(props: {
  form: LoadedForm;
  language: string;
  accessCode: string | undefined;
  onSubmitted: (ending: SubmitEnding, submissionId: string) => void;
  onExpired: (closed?: ClosedInfo) => void;
  initial?: ComponentProps<typeof FormView>['initial'];
}) {
  const { form, accessCode } = props;
  const [start, setStart] = useState<Start>(() => {
    if (linkToken()) return { kind: 'checking' };
    const token = readResumeToken(form.id);
    return token ? { kind: 'offer', token, busy: false } : { kind: 'ready', resumed: null, note: null };
  });
  const saver = useProgressSaver({ formId: form.id, enabled: true, initialToken: null, accessCode });
  const code = accessCode ? { access_code: accessCode } : {};
  const { t } = useChrome();

  const resumeWith = (resumed: ResumeResponse) => {
    keepResumeToken(form.id, resumed.resume_token);
    saver.token.current = resumed.resume_token;
    setStart({ kind: 'ready', resumed, note: t('resume.filledIn') });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a mailed link is opened once, on load
  useEffect(() => {
    const link = linkToken();
    if (!link) return;
    dropLinkToken();
    void resumeProgress(form.id, { link_token: link, ...code }).then((result) => {
      if (result.ok) return resumeWith(result.saved);
      setStart({ kind: 'ready', resumed: null, note: result.message ?? t('resume.linkFailed') });
    });
  }, []);

  if (start.kind === 'ready') {
    return <FormView {...props} partials={{ saver, resumed: start.resumed, note: start.note }} />;
  }
  return (
    <div className="space-y-8">
      <FormHeader form={form} description={form.description} />
      {start.kind === 'checking' ? (
        <CenteredSpinner />
      ) : (
        <ResumeBanner
          busy={start.busy}
          onContinue={async () => {
            setStart({ ...start, busy: true });
            const result = await resumeProgress(form.id, { resume_token: start.token, ...code });
            if (result.ok) return resumeWith(result.saved);
            saver.forget();
            setStart({ kind: 'ready', resumed: null, note: result.message ?? null });
          }}
          onStartOver={() => {
            saver.forget();
            setStart({ kind: 'ready', resumed: null, note: null });
          }}
        />
      )}
    </div>
  );
}
