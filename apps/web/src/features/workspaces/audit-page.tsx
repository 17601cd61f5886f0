import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditEntry } from '@formsmith/core/workspaces/audit';
import { roleAllows } from '@formsmith/core/workspaces/roles';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ErrorFallback } from '../../components/ui/error-boundary.tsx';
import { Alert, EmptyState, Spinner } from '../../components/ui/feedback.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { failureMessage } from '../../lib/field-messages.ts';
import { useCurrentWorkspace } from '../../lib/workspaces-api/current-workspace.ts';
import { type AuditFilters, downloadAuditCsv, useAuditLog } from './api/audit.ts';
import { useMembers } from './api/members.ts';

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /dashboard/workspace/audit: who did what in the current workspace, for its owners and admins. */
export function AuditPage() {
  const { workspace } = useCurrentWorkspace();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          What happened in {workspace.personal ? 'your personal workspace' : workspace.name}: who did it,
          when, from which address and how.
        </p>
      </div>
      {roleAllows(workspace.role, 'admin') ? (
        <AuditLog key={workspace.id} workspaceId={workspace.id} />
      ) : (
        <Alert tone="info">
          Only the owners and admins of this workspace see its audit log.{' '}
          <Link to="/dashboard/workspace" className="font-medium underline">
            See its members
          </Link>
        </Alert>
      )}
    </div>
  );
}

function AuditLog({ workspaceId }: { workspaceId: number }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const members = useMembers(workspaceId);
  const log = useAuditLog(workspaceId, filters);
  const set = (key: keyof AuditFilters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value === '' ? undefined : value }));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Card>
      <CardHeader className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Action">
            <Select value={filters.action ?? ''} onChange={(e) => set('action')(e.target.value)}>
              <option value="">All actions</option>
              {AUDIT_ACTION_NAMES.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTIONS[action]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Member">
            <Select value={filters.actor ?? ''} onChange={(e) => set('actor')(e.target.value)}>
              <option value="">Everyone</option>
              {(members.data?.members ?? []).map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {m.name} ({m.email})
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="From">
            <Input type="date" value={filters.from ?? ''} onChange={(e) => set('from')(e.target.value)} />
          </FormField>
          <FormField label="To">
            <Input type="date" value={filters.to ?? ''} onChange={(e) => set('to')(e.target.value)} />
          </FormField>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              setDownloadError(null);
              downloadAuditCsv(workspaceId, filters).catch((err: unknown) =>
                setDownloadError(failureMessage(err)),
              );
            }}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download CSV
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Everything these filters select, newest first.
          </p>
        </div>
        <div aria-live="polite">{downloadError && <Alert tone="error">{downloadError}</Alert>}</div>
      </CardHeader>
      <CardBody className="px-2 sm:px-3">
        {log.isPending ? (
          <Spinner label="Loading the audit log" />
        ) : log.isError ? (
          <ErrorFallback error={log.error} onRetry={() => log.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState title="Nothing recorded">
            <p className="text-sm text-slate-600 dark:text-slate-300">No entry matches these filters.</p>
          </EmptyState>
        ) : (
          <>
            <ol aria-label="Audit entries" className="divide-y divide-slate-200 dark:divide-slate-800">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ol>
            {log.hasNextPage && (
              <div className="flex justify-center pt-4">
                <Button
                  variant="secondary"
                  onClick={() => log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                >
                  {log.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
                </Button>
              </div>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}

function actorOf(entry: AuditEntry): string {
  if (entry.via === 'system') return 'Formsmith (automatic)';
  const who = entry.actor.name ?? entry.actor.email ?? 'A deleted account';
  return entry.via === 'api_key' ? `${who}, with an API key` : who;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const label = AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS] ?? entry.action;
  return (
    <li className="grid gap-1 px-2 py-3 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
      <time dateTime={entry.at} className="text-slate-600 dark:text-slate-400">
        {TIME.format(new Date(entry.at))}
      </time>
      <div className="min-w-0 space-y-0.5">
        <p className="break-words">
          <span className="font-medium">{label}</span>
          {entry.target.label && (
            <span className="text-slate-700 dark:text-slate-300">: {entry.target.label}</span>
          )}
        </p>
        <p className="break-words text-slate-600 dark:text-slate-400">
          {actorOf(entry)}
          {entry.ip && ` · ${entry.ip}`}
        </p>
      </div>
    </li>
  );
}
