import { formatAnswer } from '@formsmith/core/fields/answer-format';
import type { Form } from '@formsmith/core/fields/types';
import { Inbox } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { PAGE_SIZE, useSubmissions } from '../api/list-submissions.ts';
import type { Submission } from '../api/types.ts';
import { NO_FILTERS, type SubmissionFilters, sameFilters } from '../lib/filters.ts';
import { answerOf, cellText, formatDateTime, shortId } from '../lib/format.ts';
import { Pagination } from './pagination.tsx';
import { SubmissionsToolbar } from './submissions-toolbar.tsx';

type TableProps = {
  formId: number;
  form: Form;
  filters: SubmissionFilters;
  onFiltersChange: (filters: SubmissionFilters) => void;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (submissionId: string) => void;
};

function safeCell(form: Form['fields'][number], submission: Submission): string {
  try {
    return cellText(formatAnswer(form, answerOf(submission.data ?? {}, form)));
  } catch {
    return '-';
  }
}

/** The submissions table with its toolbar, empty states and pagination (SPEC §2). */
export function SubmissionsTable({
  formId,
  form,
  filters,
  onFiltersChange,
  page,
  onPageChange,
  onOpen,
}: TableProps) {
  const list = useSubmissions(formId, { ...filters, page });
  const columns = form.fields.filter((f) => f.type !== 'image').slice(0, 3);
  // An empty page under filters says so, not that the form has no submissions at all.
  const filtering = !sameFilters(filters, NO_FILTERS);

  return (
    <div className="space-y-4">
      <SubmissionsToolbar formId={formId} filters={filters} onFiltersChange={onFiltersChange} />
      {list.isPending ? (
        <div className="flex justify-center p-12">
          <Spinner label="Loading submissions" />
        </div>
      ) : list.isError ? (
        <Alert tone="error">Failed to load form submissions</Alert>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={filtering ? 'No matching submissions' : 'No submissions yet'}
          icon={<Inbox aria-hidden="true" className="h-10 w-10 text-slate-400 dark:text-slate-500" />}
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {filtering
              ? 'No submission matches these filters. Try other filters, or clear them to see every submission.'
              : "This form hasn't received any submissions yet"}
          </p>
          {filtering && (
            <Button variant="secondary" onClick={() => onFiltersChange(NO_FILTERS)}>
              Clear filters
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Submissions</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    ID
                  </th>
                  {columns.map((field) => (
                    <th key={field.id} scope="col" className="px-4 py-3">
                      {field.label}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3">
                    Submitted
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {list.data.items.map((submission) => (
                  <tr
                    key={submission.id}
                    onClick={() => onOpen(submission.id)}
                    className="cursor-pointer text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/60"
                  >
                    <td className="whitespace-nowrap px-4 py-3 font-mono text-xs" title={submission.id}>
                      {shortId(submission.id)}
                    </td>
                    {columns.map((field) => (
                      <td key={field.id} className="whitespace-nowrap px-4 py-3">
                        {safeCell(field, submission)}
                      </td>
                    ))}
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-400">
                      {formatDateTime(submission.created_at)}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <button
                        type="button"
                        onClick={(e) => {
                          e.stopPropagation();
                          onOpen(submission.id);
                        }}
                        className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
                        aria-label={`View submission ${shortId(submission.id)}`}
                      >
                        View
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPageChange={onPageChange} />
        </>
      )}
    </div>
  );
}
