import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { useRecentSubmissions } from '../../lib/account-api/recent-submissions.ts';
import { submissionPath } from '../../lib/submission-link.ts';
import { formatRelativeTime } from './relative-time.ts';

const SHOWN = 5;

/** The latest submissions across the owner's forms, one row per submission, each opening it. */
export function RecentSubmissionsCard() {
  const recent = useRecentSubmissions();
  return (
    <Card className="min-w-0 self-start">
      <CardHeader>
        <h2 className="text-lg font-semibold">Recent Submissions</h2>
      </CardHeader>
      <CardBody>
        {recent.isPending && <Spinner label="Loading recent submissions" />}
        {recent.isError && <Alert tone="error">Failed to load recent submissions</Alert>}
        {recent.data?.length === 0 && (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">No submissions yet</p>
        )}
        {recent.data && recent.data.length > 0 && (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Recent submissions">
            {recent.data.slice(0, SHOWN).map((submission) => (
              <li key={submission.id}>
                <Link
                  to={submissionPath(submission.form_id, submission.id)}
                  className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200"
                  >
                    <Inbox className="h-4 w-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{submission.form_title}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      New response ·{' '}
                      <time dateTime={submission.created_at}>
                        {formatRelativeTime(submission.created_at)}
                      </time>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
