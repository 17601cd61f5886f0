import { type AnalyticsRange, DEFAULT_ANALYTICS_RANGE } from '@formsmith/core/analytics/format';
import { BarChart3, FilePlus2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AnalyticsReport } from '../../components/analytics/analytics-report.tsx';
import { useFormAnalytics } from '../../components/analytics/api/get-form-analytics.ts';
import { RangePicker } from '../../components/analytics/range-picker.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState, Spinner } from '../../components/ui/feedback.tsx';
import { Select } from '../../components/ui/input.tsx';
import { ViewOnlyNote } from '../../components/workspaces/view-only-note.tsx';
import { useCanEditWorkspace } from '../../lib/workspaces-api/current-workspace.ts';
import { type AnalyticsFormOption, useAnalyticsForms } from './api/list-forms.ts';

const FAILED = 'Failed to fetch analytics data';

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:px-6 lg:px-8">{children}</div>;
}

/** The failure screen: its title is 'Error Loading Analytics'. */
function ErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="mx-auto max-w-lg px-6 py-16 text-center" role="alert">
      <h1 className="text-xl font-semibold">Error Loading Analytics</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message || FAILED}</p>
      <Button className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}

function FormReport({ form, range }: { form: AnalyticsFormOption; range: AnalyticsRange }) {
  const query = useFormAnalytics(form.id, range);
  if (query.isPending) return <Loading label="Loading analytics" />;
  if (query.isError) {
    return (
      <div role="alert">
        <EmptyState title="Error Loading Analytics">
          <p className="text-sm text-slate-600 dark:text-slate-300">{query.error.message || FAILED}</p>
          <Button variant="secondary" size="sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </EmptyState>
      </div>
    );
  }
  const nothing =
    query.data.total_submissions === 0 && query.data.total_views === 0 && query.data.funnel.started === 0;
  if (nothing && form.submissions === 0) {
    return (
      <EmptyState
        title="No Analytics Data Yet"
        icon={<BarChart3 aria-hidden="true" className="h-8 w-8 text-slate-500" />}
      >
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">
          Share this form to start collecting responses; views, submissions and answers will appear here.
        </p>
        <Link to={`/forms/${form.id}/publish`} className={buttonClasses('secondary', 'sm')}>
          Publish and share
        </Link>
      </EmptyState>
    );
  }
  return <AnalyticsReport analytics={query.data} weekly={range === '90d'} />;
}

/** /dashboard/analytics: form selector (?formId= preselects), time range, and the report. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const forms = useAnalyticsForms();
  const canEdit = useCanEditWorkspace();

  if (forms.isPending) return <Loading label="Loading forms" />;
  if (forms.isError) return <ErrorScreen message={forms.error.message} onRetry={() => forms.refetch()} />;
  if (forms.data.length === 0) {
    return (
      <Page>
        <h1 className="text-2xl font-bold tracking-tight">Analytics</h1>
        <EmptyState
          title="No Forms Available"
          icon={<FilePlus2 aria-hidden="true" className="h-8 w-8 text-slate-500" />}
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Create a form to see its analytics here.
          </p>
          {canEdit ? (
            <Link to="/forms/new" className={buttonClasses('primary', 'sm')}>
              Create New Form
            </Link>
          ) : (
            <ViewOnlyNote />
          )}
        </EmptyState>
      </Page>
    );
  }
  const wanted = Number(params.get('formId'));
  const selected = forms.data.find((f) => f.id === wanted) ?? forms.data[0]!;

  return (
    <Page>
      <h1 className="text-2xl font-bold tracking-tight">Analytics</h1>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="w-full sm:max-w-sm">
          <label
            htmlFor="analytics-form"
            className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Form
          </label>
          <Select
            id="analytics-form"
            value={selected.id}
            onChange={(e) => setParams({ formId: e.target.value }, { replace: true })}
          >
            {forms.data.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title}
              </option>
            ))}
          </Select>
        </div>
        <RangePicker value={range} onChange={setRange} />
      </div>
      <h2 className="text-lg font-semibold">{selected.title}</h2>
      <FormReport form={selected} range={range} />
    </Page>
  );
}
