import { FileText, Globe, Inbox, LayoutTemplate, PenLine, Plus, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { Alert, EmptyState, Spinner } from '../../components/ui/feedback.tsx';
import { ViewOnlyNote } from '../../components/workspaces/view-only-note.tsx';
import { useForms } from '../../lib/forms-api/list-forms.ts';
import type { FormSummary } from '../../lib/forms-api/stored-form.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { useTimedValue } from '../../lib/use-timed-flag.ts';
import { useCanEditWorkspace } from '../../lib/workspaces-api/current-workspace.ts';
import { RecentFormCard } from './recent-form-card.tsx';
import { RecentSubmissionsCard } from './recent-submissions-card.tsx';
import { publishedPercentage } from './relative-time.ts';

const RECENT_FORMS = 4;

function byLastSaved(a: FormSummary, b: FormSummary): number {
  return (Date.parse(b.lastSaved ?? '') || 0) - (Date.parse(a.lastSaved ?? '') || 0);
}

/** /dashboard: stats, the 4 most recently saved forms, and recent submissions. */
export function DashboardPage() {
  return (
    <ErrorBoundary>
      <Dashboard />
    </ErrorBoundary>
  );
}

function Dashboard() {
  const forms = useForms();
  const canEdit = useCanEditWorkspace();
  const user = useCurrentUser();
  const [message, showMessage] = useTimedValue<{ tone: 'success' | 'error'; text: string }>(3000);

  if (forms.isPending)
    return (
      <div className="flex items-center justify-center gap-3 py-20 text-slate-600 dark:text-slate-300">
        <Spinner label="Loading" />
        <p>Loading your dashboard...</p>
      </div>
    );
  if (forms.isError)
    return (
      <section className="mx-auto max-w-lg px-6 py-16 text-center" role="alert">
        <h1 className="text-xl font-semibold">Error Loading Dashboard</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{forms.error.message}</p>
        <Button className="mt-4" onClick={() => forms.refetch()}>
          Try again
        </Button>
      </section>
    );

  const all = [...forms.data].sort(byLastSaved);
  const published = all.filter((f) => f.isPublished).length;
  const submissions = all.reduce((sum, f) => sum + f.submissions, 0);
  const firstName = user.data?.name?.split(' ')[0];

  return (
    <section className="mx-auto w-full max-w-7xl space-y-8 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">
            {firstName ? `Welcome back, ${firstName}` : 'Dashboard'}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Here is what is happening with your forms.
          </p>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/templates" className={buttonClasses('secondary')}>
              <LayoutTemplate aria-hidden="true" className="h-4 w-4" />
              Use a template
            </Link>
            <Link to="/forms/ai-builder" className={buttonClasses('secondary')}>
              <Sparkles aria-hidden="true" className="h-4 w-4" />
              Create with AI
            </Link>
            <Link to="/forms/new" className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create New Form
            </Link>
          </div>
        ) : (
          <ViewOnlyNote />
        )}
      </div>

      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>

      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Forms" value={all.length} icon={<FileText className="h-5 w-5" />} />
        <Stat
          label="Published"
          value={published}
          detail={`${publishedPercentage(published, all.length).toFixed(1)}% of your forms`}
          icon={<Globe className="h-5 w-5" />}
        />
        <Stat label="Total Submissions" value={submissions} icon={<Inbox className="h-5 w-5" />} />
        <Stat label="Drafts" value={all.length - published} icon={<PenLine className="h-5 w-5" />} />
      </dl>

      <div className="grid gap-8 xl:grid-cols-3">
        <section aria-labelledby="recent-forms" className="min-w-0 xl:col-span-2">
          <div className="mb-3 flex items-center justify-between">
            <h2 id="recent-forms" className="text-lg font-semibold">
              Recent Forms
            </h2>
            <Link
              to="/dashboard/forms"
              className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
            >
              View all forms
            </Link>
          </div>
          {all.length === 0 ? (
            <EmptyState title="No forms yet">
              {canEdit ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Create your first form to get started.
                </p>
              ) : (
                <ViewOnlyNote />
              )}
              {canEdit && (
                <div className="flex flex-wrap justify-center gap-3">
                  <Link to="/templates" className={buttonClasses('primary')}>
                    <LayoutTemplate aria-hidden="true" className="h-4 w-4" />
                    Browse templates
                  </Link>
                  <Link to="/forms/ai-builder" className={buttonClasses('secondary')}>
                    <Sparkles aria-hidden="true" className="h-4 w-4" />
                    Create form with AI
                  </Link>
                </div>
              )}
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" aria-label="Recent forms">
              {all.slice(0, RECENT_FORMS).map((form) => (
                <li key={form.id} className="flex min-w-0 [&>article]:min-w-0 [&>article]:flex-1">
                  <RecentFormCard form={form} onMessage={showMessage} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <RecentSubmissionsCard />
      </div>
    </section>
  );
}

function Stat({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: number;
  detail?: string;
  icon: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dt className="flex items-center justify-between text-sm font-medium text-slate-600 dark:text-slate-300">
        {label}
        <span aria-hidden="true" className="text-brand-600 dark:text-brand-400">
          {icon}
        </span>
      </dt>
      <dd className="mt-2 text-2xl font-bold">{value.toLocaleString('en-US')}</dd>
      {detail && <dd className="text-xs text-slate-600 dark:text-slate-400">{detail}</dd>}
    </div>
  );
}
