import { Link, useParams } from 'react-router';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useForm } from '../../lib/forms-api/get-form.ts';
import { AnalyticsTab } from './components/analytics-tab.tsx';
import { ConfirmationCard } from './components/confirmation-card.tsx';
import { EncryptionCard } from './components/encryption-card.tsx';
import { LimitsCard } from './components/limits-card.tsx';
import { PartialsCard } from './components/partials-card.tsx';
import { SettingsTab } from './components/settings-tab.tsx';
import { SubmissionsTab } from './components/submissions-tab.tsx';
import { WebhooksCard } from './components/webhooks-card.tsx';

/** /forms/:formId/submissions: Submissions, Analytics and Settings tabs. */
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
  if (form.isPending) {
    return (
      <div className="flex justify-center p-12">
        <Spinner label="Loading form submissions" />
      </div>
    );
  }
  if (form.isError) return <PageMessage message="Failed to load form submissions" />;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold text-slate-900 dark:text-white">
            {form.data.title}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Review, filter and export the responses.
          </p>
        </div>
        <Link
          to={`/forms/${formId}/edit`}
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          Edit form
        </Link>
      </header>
      <Tabs defaultValue="submissions" className="space-y-4">
        <TabsList aria-label="Submissions page sections">
          <TabsTrigger value="submissions">Submissions</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="submissions" className="focus-visible:outline-none">
          <SubmissionsTab formId={formId} form={form.data} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab formId={formId} form={form.data} />
        </TabsContent>
        <TabsContent value="settings" className="space-y-6">
          <SettingsTab formId={formId} />
          <LimitsCard formId={formId} />
          <EncryptionCard formId={formId} />
          <PartialsCard formId={formId} />
          <ConfirmationCard formId={formId} fields={form.data.fields} />
          <WebhooksCard formId={formId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
