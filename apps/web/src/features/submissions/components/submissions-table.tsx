import { formatAnswer } from '@formsmith/core/fields/answer-format';
import type { Form } from '@formsmith/core/forms/form';
import { formLanguages, languageName } from '@formsmith/core/i18n/language';
import type { WireSubmission as Submission } from '@formsmith/core/submissions/api';
import { quizResultOf } from '@formsmith/core/submissions/quiz-result';
import { referenceText } from '@formsmith/core/submissions/reference';
import { TRIAGE_LABELS } from '@formsmith/core/submissions/triage';
import { Inbox, MessageSquare, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { useUnlockedKey } from '../../../lib/form-keys/unlocked-keys.ts';
import { useEncryption } from '../../../lib/forms-api/encryption.ts';
import { PAGE_SIZE, useSubmissions } from '../api/list-submissions.ts';
import { useSealedSearch } from '../hooks/use-sealed-search.ts';
import { type TableColumn, useTableColumns } from '../hooks/use-table-columns.ts';
import { NO_FILTERS, type SubmissionFilters, sameFilters } from '../lib/filters.ts';
import { answerOf, cellText, formatDateTime } from '../lib/format.ts';
import { type AnswersState, useAnswers } from '../lib/open-answers.ts';
import { AnswerFilterPanel } from './answer-filter-panel.tsx';
import { ColumnPicker } from './column-picker.tsx';
import { Pagination } from './pagination.tsx';
import { SavedViews } from './saved-views.tsx';
import { SubmissionsToolbar } from './submissions-toolbar.tsx';
import { STAGE_TONES } from './team-panel.tsx';

type TableProps = {
  formId: number;
  form: Form;
  filters: SubmissionFilters;
  onFiltersChange: (filters: SubmissionFilters) => void;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (submissionId: string) => void;
  /** Submissions waiting to be deleted (undo window): not shown, not counted. */
  hidden: ReadonlySet<string>;
  onDelete: (submissionIds: string[]) => void;
};

function safeCell(form: Form['fields'][number], answers: AnswersState): string {
  if (answers.kind === 'locked') return 'Locked';
  if (answers.kind === 'unreadable') return 'Cannot decrypt';
  try {
    return cellText(formatAnswer(form, answerOf(answers.data, form)));
  } catch {
    return '-';
  }
}

/** The submissions table with its toolbar, empty states and pagination. */
export function SubmissionsTable({
  formId,
  form,
  filters,
  onFiltersChange,
  page,
  onPageChange,
  onOpen,
  hidden,
  onDelete,
}: TableProps) {
  const key = useUnlockedKey(formId);
  // The server cannot filter an end-to-end encrypted form's answers (it answers 409 while the
  // level is Enhanced): the panel says so instead, and a filter from a link is not applied.
  const encrypted = useEncryption(formId).data?.level === 'enhanced';
  const applied = encrypted ? { ...filters, where: null } : filters;
  // An unlocked encrypted form is searched in this browser (the server cannot read its answers).
  const sealedSearch = useSealedSearch({ formId, form, key, filters: applied });
  const server = useSubmissions(formId, {
    ...applied,
    ...(sealedSearch ? { search: '' } : {}),
    page,
  });
  const list = sealedSearch
    ? {
        isPending: sealedSearch.isPending,
        isError: sealedSearch.isError,
        data: sealedSearch.data && {
          items: sealedSearch.data.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
          total: sealedSearch.data.length,
        },
      }
    : server;
  const { available, shown, columns, setShown } = useTableColumns(formId, form);
  const languages = formLanguages(form);
  // An empty page under filters says so, not that the form has no submissions at all.
  const filtering = !sameFilters(applied, NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [answerPanel, setAnswerPanel] = useState(filters.where !== null);
  // A new panel per filter applied from elsewhere (a saved view), so its rows show that filter.
  const panelKey = JSON.stringify(filters.where);
  const items = (list.data?.items ?? []).filter((s) => !hidden.has(s.id));
  // Sealed answers (end-to-end encrypted forms) are opened here once the form is unlocked.
  const answersFor = useAnswers(formId, key, items);
  const total = Math.max(0, (list.data?.total ?? 0) - hidden.size);
  const chosen = items.filter((s) => selected.has(s.id)).map((s) => s.id);
  const allChosen = items.length > 0 && chosen.length === items.length;
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const remove = (ids: string[]) => {
    onDelete(ids);
    setSelected(new Set());
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <SubmissionsToolbar
          formId={formId}
          languages={languages}
          filters={filters}
          onFiltersChange={onFiltersChange}
        />
        <ColumnPicker available={available} shown={shown} onChange={setShown} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={answerPanel}
          onClick={() => setAnswerPanel((open) => !open)}
        >
          Filter on answers{applied.where ? ` (${applied.where.rules.length})` : ''}
        </Button>
        <SavedViews
          formId={formId}
          columns={shown}
          filter={applied.where}
          onOpen={(view) => {
            setShown(view.state.columns);
            onFiltersChange({ ...filters, where: view.state.filter });
            setAnswerPanel(view.state.filter !== null);
          }}
        />
      </div>
      {answerPanel && (
        <AnswerFilterPanel
          key={panelKey}
          form={form}
          filter={applied.where}
          encrypted={encrypted}
          onApply={(where) => onFiltersChange({ ...filters, where })}
        />
      )}
      {list.isPending ? (
        <div className="flex justify-center p-12">
          <Spinner label="Loading submissions" />
        </div>
      ) : list.isError ? (
        <Alert tone="error">Failed to load form submissions</Alert>
      ) : items.length === 0 ? (
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
          {chosen.length > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm dark:border-slate-800 dark:bg-slate-800/60">
              <span>{chosen.length} selected</span>
              <Button variant="danger" size="sm" onClick={() => remove(chosen)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete selected
              </Button>
            </div>
          )}
          <section
            aria-label="Submissions table, scrolls sideways"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard.
            tabIndex={0}
            className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Submissions</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
                <tr>
                  <th scope="col" className={`${STICKY} left-0 w-10 px-4 py-3`}>
                    <span className="sr-only">Select</span>
                    <input
                      type="checkbox"
                      aria-label="Select all submissions on this page"
                      checked={allChosen}
                      onChange={() => setSelected(allChosen ? new Set() : new Set(items.map((s) => s.id)))}
                      className="h-4 w-4 accent-brand-600"
                    />
                  </th>
                  <th scope="col" className={`${STICKY} left-10 px-4 py-3`}>
                    Reference
                  </th>
                  {columns.map((column) => (
                    <th key={column.key} scope="col" className="max-w-[16rem] px-4 py-3">
                      <span className="line-clamp-2" title={column.label}>
                        {column.label}
                      </span>
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {items.map((submission) => (
                  <tr
                    key={submission.id}
                    onClick={() => onOpen(submission.id)}
                    className="cursor-pointer text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/60"
                  >
                    <td className={`${STICKY_CELL} left-0 px-4 py-3`}>
                      <input
                        type="checkbox"
                        aria-label={`Select submission ${referenceText(submission.number)}`}
                        checked={selected.has(submission.id)}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => toggle(submission.id)}
                        className="h-4 w-4 accent-brand-600"
                      />
                    </td>
                    <th
                      scope="row"
                      className={`${STICKY_CELL} left-10 whitespace-nowrap px-4 py-3 font-semibold`}
                      title={submission.id}
                    >
                      {referenceText(submission.number)}
                    </th>
                    {columns.map((column) => (
                      <td key={column.key} className="whitespace-nowrap px-4 py-3">
                        <Cell column={column} submission={submission} answers={answersFor(submission)} />
                      </td>
                    ))}
                    <td className="whitespace-nowrap px-4 py-3 text-right">
                      <button
                        type="button"
                        onClick={(e) => {
                          e.stopPropagation();
                          onOpen(submission.id);
                        }}
                        className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
                        aria-label={`View submission ${referenceText(submission.number)}`}
                      >
                        View
                      </button>
                      <button
                        type="button"
                        onClick={(e) => {
                          e.stopPropagation();
                          remove([submission.id]);
                        }}
                        className="ml-1 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
                        aria-label={`Delete submission ${referenceText(submission.number)}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <Pagination page={page} pageSize={PAGE_SIZE} total={total} onPageChange={onPageChange} />
        </>
      )}
    </div>
  );
}

// The select box and the reference stay in view while the answers scroll sideways under them.
const STICKY = 'sticky z-10 bg-slate-50 dark:bg-slate-800';
const STICKY_CELL = 'sticky z-10 bg-white dark:bg-slate-900';

/** One cell: an answer formatted as in the detail, or a meta column. */
function Cell({
  column,
  submission,
  answers,
}: {
  column: TableColumn;
  submission: Submission;
  answers: AnswersState;
}) {
  if (column.kind === 'field') return <>{safeCell(column.field, answers)}</>;
  switch (column.meta) {
    case 'submitted':
      return (
        <span className="text-slate-600 dark:text-slate-400">
          {formatDateTime(submission.created_at)}
          {submission.progress && (
            <span className="block text-xs">
              Incomplete: {submission.progress.label}, {formatDateTime(submission.progress.updated_at)}
            </span>
          )}
        </span>
      );
    case 'language':
      return <span title={submission.language}>{languageName(submission.language, 'en')}</span>;
    case 'stage':
      return <StageCell submission={submission} />;
    case 'assignee':
      return <>{submission.triage?.assignee?.name ?? '-'}</>;
    case 'score':
      return <>{scoreCell(submission)}</>;
  }
}

/** The stage as a badge, then how many comments it has. */
function StageCell({ submission }: { submission: Submission }) {
  const triage = submission.triage;
  if (!triage) return null;
  return (
    <span className="inline-flex items-center gap-2">
      <Badge tone={STAGE_TONES[triage.status]}>{TRIAGE_LABELS[triage.status]}</Badge>
      {triage.comment_count > 0 && (
        <span className="inline-flex items-center gap-0.5 text-slate-600 dark:text-slate-400">
          <MessageSquare aria-hidden="true" className="h-3.5 w-3.5" />
          {triage.comment_count}
          <span className="sr-only">{triage.comment_count === 1 ? ' comment' : ' comments'}</span>
        </span>
      )}
    </span>
  );
}

/** '7 / 10' for a scored quiz answer; a dash for one without a score (sent before the quiz began). */
function scoreCell(submission: Submission): string {
  const result = quizResultOf(submission.metadata);
  return result ? `${result.score} / ${result.max}` : '–';
}
