import type { Workspace } from '@formsmith/core/workspaces/api';
import {
  type MemberNotifications,
  SUBMISSION_MAIL_CHOICES,
  SUBMISSION_MAIL_LABELS,
  type SubmissionMailChoice,
} from '@formsmith/core/workspaces/notifications';
import { Check } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ErrorFallback } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useSaveWorkspaceNotifications, useWorkspaceNotifications } from '../api/notifications.ts';

const SUBMISSION_HINTS: Record<SubmissionMailChoice, string> = {
  all: 'Every form in this workspace, whoever made it',
  mine: 'As each form’s own setting and your account’s say',
  none: 'No mail about new responses here',
};

const SWITCHES: { key: 'mentions' | 'assigned'; label: string; hint: string }[] = [
  { key: 'mentions', label: 'Mentions', hint: 'When someone mentions you in a comment.' },
  { key: 'assigned', label: 'Assigned to me', hint: 'When someone gives you a submission to handle.' },
];

/** The member's own mail choices in the current workspace, each saved as soon as it changes. */
export function NotificationsCard({ workspace }: { workspace: Workspace }) {
  const choices = useWorkspaceNotifications(workspace.id);
  const save = useSaveWorkspaceNotifications(workspace.id);
  const [saved, showSaved] = useTimedValue<true>(2500);
  const change = (body: Partial<MemberNotifications>) =>
    save.mutate(body, { onSuccess: () => showSaved(true) });
  // What was just picked shows at once; a refused change falls back to what the server holds.
  const value = save.isPending ? { ...choices.data!, ...save.variables } : choices.data;

  return (
    <Card role="region" aria-labelledby="workspace-notifications-heading">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="workspace-notifications-heading" className="text-lg font-semibold">
            Notifications
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The emails you get from {workspace.name}. Only yours: other members choose their own.
          </p>
        </div>
        <p role="status" className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          {save.isPending ? (
            'Saving…'
          ) : saved ? (
            <>
              <Check aria-hidden="true" className="h-4 w-4 text-green-600 dark:text-green-400" />
              Saved
            </>
          ) : null}
        </p>
      </CardHeader>
      <CardBody className="space-y-5">
        {choices.isPending && <Spinner label="Loading your notification choices" />}
        {choices.isError && <ErrorFallback error={choices.error} onRetry={() => choices.refetch()} />}
        {value && (
          <>
            <fieldset aria-describedby="notify-submissions-hint">
              <legend className="text-sm font-medium text-slate-900 dark:text-white">New submissions</legend>
              <p id="notify-submissions-hint" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
                Which forms mail you each new response.
              </p>
              <div className="grid gap-2 sm:grid-cols-3">
                {SUBMISSION_MAIL_CHOICES.map((choice) => (
                  <label
                    key={choice}
                    className={cn(
                      'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                      value.submissions === choice
                        ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/40'
                        : 'border-slate-200 dark:border-slate-700',
                    )}
                  >
                    <span className="flex items-center gap-2 font-medium">
                      <input
                        type="radio"
                        name="notify_submissions"
                        checked={value.submissions === choice}
                        onChange={() => change({ submissions: choice })}
                        className="h-4 w-4 accent-brand-600"
                      />
                      {SUBMISSION_MAIL_LABELS[choice]}
                    </span>
                    <span className="text-xs text-slate-600 dark:text-slate-300">
                      {SUBMISSION_HINTS[choice]}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {SWITCHES.map(({ key, label, hint }) => (
              <div key={key} className="flex items-start justify-between gap-4">
                <div className="min-w-0">
                  <label htmlFor={`notify-${key}`} className="text-sm font-medium">
                    {label}
                  </label>
                  <p id={`notify-${key}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
                    {hint}
                  </p>
                </div>
                <Switch
                  id={`notify-${key}`}
                  checked={value[key]}
                  aria-describedby={`notify-${key}-hint`}
                  onCheckedChange={(on) => change({ [key]: on })}
                />
              </div>
            ))}
            {save.isError && <Alert tone="error">Your choice was not saved: {save.error.message}</Alert>}
          </>
        )}
      </CardBody>
    </Card>
  );
}
