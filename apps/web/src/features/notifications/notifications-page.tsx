import { Bell, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { Alert, EmptyState, Spinner } from '../../components/ui/feedback.tsx';
import { useRecentSubmissions } from '../../lib/account-api/recent-submissions.ts';
import { submissionPath } from '../../lib/submission-link.ts';
import { useCurrentWorkspace } from '../../lib/workspaces-api/current-workspace.ts';

function timeAgo(iso: string): string {
  const minutes = Math.floor((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** /dashboard/notifications: the latest submissions to the current workspace's forms. */
export function NotificationsPage() {
  const recent = useRecentSubmissions();
  const { workspace } = useCurrentWorkspace();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Notifications</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        The latest submissions to the forms of{' '}
        {workspace.personal ? 'your personal workspace' : workspace.name}.
      </p>
      <div className="mt-6">
        {recent.isPending && <Spinner label="Loading notifications" />}
        {recent.isError && <Alert tone="error">Failed to load form submissions</Alert>}
        {recent.data?.length === 0 && (
          <EmptyState
            title="No notifications yet"
            icon={<Bell aria-hidden="true" className="h-8 w-8 text-slate-400" />}
          >
            <p className="text-sm text-slate-600 dark:text-slate-400">
              New submissions to your forms will show up here.
            </p>
          </EmptyState>
        )}
        {recent.data && recent.data.length > 0 && (
          <Card>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {recent.data.map((s) => (
                <li key={s.id}>
                  <Link
                    to={submissionPath(s.form_id, s.id)}
                    className="flex items-center gap-3 px-5 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                  >
                    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-700 dark:text-white">
                      <Inbox aria-hidden="true" className="h-4 w-4" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                        New submission to {s.form_title}
                      </span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        <time dateTime={s.created_at}>{timeAgo(s.created_at)}</time>
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </div>
  );
}
