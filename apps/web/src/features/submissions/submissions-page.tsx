import { useState } from 'react';
import { useParams } from 'react-router';
import { FormPageNav } from '../../components/form-page-nav.tsx';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { accessSeesAnswers, useFormAccess } from '../../lib/forms-api/form-access.ts';
import { useForm } from '../../lib/forms-api/get-form.ts';
import { AnalyticsTab } from './components/analytics-tab.tsx';
import { CountsOnlyNote } from './components/counts-only-note.tsx';
import { SubmissionsTab } from './components/submissions-tab.tsx';

/** /forms/:formId/submissions: Submissions and Analytics tabs. */
export function SubmissionsPage() {
  const { formId } = useParams();
  if (!formId) return <PageMessage message="Form ID is required to load submissions" />;
  if (!/^\d{1,10}$/.test(formId) || Number(formId) < 1) return <PageMessage message="Invalid form ID" />;
  return <SubmissionsScreen formId={Number(formId)} />;
}

function PageMessage({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <Alert tone="error">{message}</Alert>
    </div>
  );
}

function SubmissionsScreen({ formId }: { formId: number }) {
  const form = useForm(formId);
  const access = useFormAccess(formId);
  const [tab, setTab] = useState('submissions');
  if (form.isPending || access.isPending) {
    return (
      <div className="flex justify-center p-12">
        <Spinner label="Loading form submissions" />
      </div>
    );
  }
  if (form.isError || access.isError) return <PageMessage message="Failed to load form submissions" />;
  // A viewer of a form that shows its viewers only counts: the figures, never the answers.
  const answers = accessSeesAnswers(access.data);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <header className="space-y-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold text-slate-900 dark:text-white">
            {form.data.title}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {answers ? 'Review, filter and export the responses.' : 'How many responded, and the figures.'}
          </p>
        </div>
        <FormPageNav formId={formId} />
      </header>
      <Tabs value={tab} onValueChange={setTab} className="space-y-4">
        <TabsList aria-label="Submissions page sections">
          <TabsTrigger value="submissions">Submissions</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="submissions" className="focus-visible:outline-none">
          {answers ? (
            <SubmissionsTab formId={formId} form={form.data} />
          ) : (
            <CountsOnlyNote onShowAnalytics={() => setTab('analytics')} />
          )}
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab formId={formId} form={form.data} answers={answers} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
