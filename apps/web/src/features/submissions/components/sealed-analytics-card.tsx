import { type AnalyticsRange, rangeStartDate } from '@formsmith/core/analytics/format';
import type { Form } from '@formsmith/core/forms/form';
import { useQuery } from '@tanstack/react-query';
import { AnswerDistribution } from '../../../components/analytics/answer-distribution.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { useUnlockedKey } from '../../../lib/form-keys/unlocked-keys.ts';
import { useEncryption } from '../../../lib/forms-api/encryption.ts';
import { computeSealedFieldAnalytics } from '../lib/sealed-analytics.ts';

/**
 * An encrypted form's answer figures, computed in this browser once unlocked (the server's
 * analytics count views, submissions and times only), over the range the analytics page shows:
 * from the same first day, which the server's report is asked for too.
 */
export function SealedAnalyticsCard({
  formId,
  form,
  range,
}: {
  formId: number;
  form: Form;
  range: AnalyticsRange;
}) {
  const settings = useEncryption(formId);
  const key = useUnlockedKey(formId);
  const figures = useQuery({
    queryKey: ['forms', formId, 'sealed-analytics', range],
    queryFn: () =>
      computeSealedFieldAnalytics({ formId, form, key: key!, from: rangeStartDate(range, new Date()) }),
    enabled: key !== null,
    gcTime: 0,
  });
  if (!settings.data?.key) return null;
  return (
    <Card role="region" aria-labelledby="sealed-analytics-title">
      <CardHeader>
        <h2 id="sealed-analytics-title" className="font-semibold text-slate-900 dark:text-white">
          Answers (end-to-end encrypted)
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Computed in this browser from the complete submissions of the chosen period; the server cannot read
          them.
        </p>
      </CardHeader>
      <CardBody className="space-y-4">
        {!key ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Locked: unlock the form on the Submissions tab to see how each question was answered.
          </p>
        ) : figures.isPending ? (
          <Spinner label="Decrypting answers" />
        ) : figures.isError ? (
          <Alert tone="error">The answers could not be read. Try again.</Alert>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
              {figures.data.fields.map((f) => (
                <li key={f.field_id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="font-medium text-slate-900 dark:text-white">{f.label}</span>
                  <span className="text-slate-700 dark:text-slate-300">
                    {f.response_count} answered, {f.skip_count} skipped
                  </span>
                </li>
              ))}
            </ul>
            <AnswerDistribution
              fields={figures.data.fields}
              text={{ kind: 'local', answers: figures.data.texts }}
              title="Answers by question, decrypted here"
              id="sealed-answer-distribution-title"
            />
          </>
        )}
      </CardBody>
    </Card>
  );
}
