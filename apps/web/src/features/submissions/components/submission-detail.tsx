import { takesAnswer } from '@formsmith/core/fields/constants';
import type { Form } from '@formsmith/core/forms/form';
import { formLanguages, languageName } from '@formsmith/core/i18n/language';
import type { SubmissionDetail as DetailedSubmission, ExportFormat } from '@formsmith/core/submissions/api';
import { submissionPdfName } from '@formsmith/core/submissions/pdf';
import { describeQuizResult, quizResultOf } from '@formsmith/core/submissions/quiz-result';
import { referenceText } from '@formsmith/core/submissions/reference';
import { ArrowLeft, ChevronDown, Download, FileText, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { useUnlockedKey } from '../../../lib/form-keys/unlocked-keys.ts';
import { downloadSubmission, downloadSubmissionPdf } from '../api/download.ts';
import { useSubmission } from '../api/get-submission.ts';
import type { Neighbours } from '../hooks/use-neighbours.ts';
import { buildSealedSubmissionExport } from '../lib/export-sealed.ts';
import { answerOf, formatDateTime } from '../lib/format.ts';
import { useAnswers } from '../lib/open-answers.ts';
import { DetailStepper } from './detail-stepper.tsx';
import { FieldValue } from './field-value.tsx';
import { CommentsCard, TeamCard } from './team-panel.tsx';

type DetailProps = {
  formId: number;
  form: Form;
  submissionId: string;
  /** Its place on the table's page, to step to the one before or after; null when not on it. */
  neighbours: Neighbours | null;
  onOpen: (submissionId: string) => void;
  onBack: () => void;
  onDelete: () => void;
};

/** 'Submission Details': the answers of one submission, with its export, and the team's stage, assignee and comments. */
export function SubmissionDetail({
  formId,
  form,
  submissionId,
  neighbours,
  onOpen,
  onBack,
  onDelete,
}: DetailProps) {
  const submission = useSubmission(formId, submissionId);
  return (
    <section aria-labelledby="submission-details-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="icon" onClick={onBack} aria-label="Back to submissions">
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          </Button>
          <h2 id="submission-details-title" className="text-xl font-semibold text-slate-900 dark:text-white">
            Submission Details
            {submission.data && (
              <span className="ml-2 text-slate-600 dark:text-slate-400">
                {referenceText(submission.data.number)}
              </span>
            )}
          </h2>
        </div>
        {neighbours && <DetailStepper neighbours={neighbours} onOpen={onOpen} />}
        {submission.data && (
          <div className="flex flex-wrap items-start gap-2">
            <Button variant="secondary" onClick={onDelete} className="text-red-700 dark:text-red-400">
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </Button>
            <PdfButton formId={formId} form={form} submission={submission.data} />
            <ExportMenu formId={formId} submission={submission.data} />
          </div>
        )}
      </div>
      {submission.isPending ? (
        <div className="flex justify-center p-12">
          <Spinner label="Loading submission" />
        </div>
      ) : submission.isError ? (
        <Alert tone="error">Failed to load submission details</Alert>
      ) : (
        <DetailBody formId={formId} form={form} submission={submission.data} />
      )}
    </section>
  );
}

/**
 * 'Download PDF': the server's PDF of the submission. For answers sealed end to end, which the
 * server cannot read, this browser makes it once the form is unlocked (pdf-lib, loaded only when
 * pressed), and nothing of the answers leaves it; locked, none.
 */
function PdfButton({
  formId,
  form,
  submission,
}: {
  formId: number;
  form: Form;
  submission: DetailedSubmission;
}) {
  const key = useUnlockedKey(formId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sealed = submission.envelope !== undefined;
  if (sealed && !key) return null;
  const run = async () => {
    setError(null);
    setBusy(true);
    try {
      if (!sealed || !key) {
        await downloadSubmissionPdf({ formId, submissionId: submission.id, formTitle: form.title });
        return;
      }
      const { buildSealedSubmissionPdf } = await import('../lib/sealed-pdf.ts');
      const pdf = await buildSealedSubmissionPdf({ formId, form, submission, key });
      if (!pdf)
        setError('These answers cannot be decrypted with this form’s key, so there is no PDF of them.');
      else saveBlob(pdf, submissionPdfName(form.title, submission.id));
    } catch {
      setError('Failed to make the PDF. Please try again later.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" onClick={run} disabled={busy}>
        <FileText aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Making PDF…' : sealed ? 'Download decrypted PDF' : 'Download PDF'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The submission's export: the server's, or for answers sealed end to end (which the server's
 * would leave out) the one this browser builds once the form is unlocked; locked, none.
 */
function ExportMenu({ formId, submission }: { formId: number; submission: DetailedSubmission }) {
  const key = useUnlockedKey(formId);
  const [error, setError] = useState<string | null>(null);
  const sealed = submission.envelope !== undefined;
  if (sealed && !key) return null;
  const run = async (format: ExportFormat) => {
    setError(null);
    try {
      if (!sealed || !key) return await downloadSubmission(formId, submission.id, format);
      // The server cannot read sealed answers: this browser builds their CSV or JSON (no Excel).
      if (format === 'xlsx') return;
      const blob = await buildSealedSubmissionExport({ formId, submission, key, format });
      saveBlob(blob, `form_${formId}_submission_${submission.id}.${format}`);
    } catch {
      setError('Failed to export submission. Please try again later.');
    }
  };
  const itemClass =
    'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800';
  return (
    <div className="flex flex-col items-end gap-1">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonClasses('secondary')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => run('csv')}>
              {sealed ? 'Download decrypted CSV' : 'Download CSV'}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => run('json')}>
              {sealed ? 'Download decrypted JSON' : 'Download JSON'}
            </DropdownMenu.Item>
            {!sealed && (
              <DropdownMenu.Item className={itemClass} onSelect={() => run('xlsx')}>
                Download Excel (.xlsx)
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

const HIDDEN_KEYS = new Set(['_honeypot', '_formLoadTime', 'website']);

function DetailBody({
  formId,
  form,
  submission,
}: {
  formId: number;
  form: Form;
  submission: DetailedSubmission;
}) {
  const answers = useAnswers(formId, useUnlockedKey(formId), [submission])(submission);
  const data = answers.kind === 'plain' || answers.kind === 'open' ? answers.data : {};
  const sealedNote =
    answers.kind === 'locked'
      ? 'Locked: these answers are encrypted end to end. Unlock the form above to read them.'
      : answers.kind === 'unreadable'
        ? 'These answers cannot be decrypted with this form’s key.'
        : null;
  // The fields of the version this submission answered (labels as the respondent saw them).
  const answered = submission.fields;
  const fields = answered.filter((f) => takesAnswer(f.type));
  const known = new Set(fields.flatMap((f) => [f.id, f.label]));
  const otherKeys = Object.keys(data).filter((k) => !known.has(k) && !HIDDEN_KEYS.has(k));
  const quiz = quizResultOf(submission.metadata);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <InfoCard title="Submission ID">
          <span className="break-all font-mono text-sm">{submission.id}</span>
        </InfoCard>
        <InfoCard title="Submitted on">{formatDateTime(submission.created_at)}</InfoCard>
        {quiz && <InfoCard title="Quiz score">{describeQuizResult(quiz)}</InfoCard>}
        {submission.progress && (
          <InfoCard title="Incomplete: got as far as">
            {submission.progress.label} ({formatDateTime(submission.progress.updated_at)})
          </InfoCard>
        )}
        <InfoCard title="Form">{form.title}</InfoCard>
        {formLanguages(form).length > 1 && (
          <InfoCard title="Language">{languageName(submission.language, 'en')}</InfoCard>
        )}
      </div>
      {/* The answers first (also on phones), the team's work beside them on wide screens. */}
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <h3 className="font-semibold text-slate-900 dark:text-white">Responses</h3>
          </CardHeader>
          <CardBody>
            {sealedNote && (
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                {sealedNote}
              </p>
            )}
            <dl className="divide-y divide-slate-200 dark:divide-slate-800">
              {!sealedNote &&
                fields.map((field) => (
                  <div key={field.id} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                    <dt className="text-sm">
                      <span className="font-medium text-slate-900 dark:text-white">{field.label}</span>
                      {field.validation.required && (
                        <span className="ml-0.5 text-red-600 dark:text-red-400">
                          <span aria-hidden="true">*</span>
                          <span className="sr-only"> (required)</span>
                        </span>
                      )}
                      {field.helpText && (
                        <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                          {field.helpText}
                        </span>
                      )}
                    </dt>
                    <dd className="text-sm text-slate-800 sm:col-span-2 dark:text-slate-200">
                      <FieldValue
                        field={field}
                        value={answerOf(data, field)}
                        formId={formId}
                        submissionId={submission.id}
                      />
                    </dd>
                  </div>
                ))}
              {otherKeys.map((key) => (
                <div key={key} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                  <dt className="text-sm font-medium text-slate-900 dark:text-white">
                    {key}{' '}
                    <span className="font-normal text-slate-600 dark:text-slate-400">(deleted field)</span>
                  </dt>
                  <dd className="text-sm text-slate-800 sm:col-span-2 dark:text-slate-200">
                    <FieldValue
                      field={undefined}
                      value={data[key]}
                      formId={formId}
                      submissionId={submission.id}
                    />
                  </dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
        <div className="space-y-4">
          <TeamCard formId={formId} submissionId={submission.id} triage={submission.triage} />
          <CommentsCard formId={formId} submissionId={submission.id} />
        </div>
      </div>
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardBody>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {title}
        </p>
        <div className="mt-1 text-slate-900 dark:text-white">{children}</div>
      </CardBody>
    </Card>
  );
}
