import type { Form } from '@formsmith/core/forms/form';
import { answerFilterParam, readAnswerFilterParam } from '@formsmith/core/submissions/answer-filter';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/feedback.tsx';
import { submissionsKeys } from '../api/query-keys.ts';
import { useNeighbours } from '../hooks/use-neighbours.ts';
import { usePendingDeletes } from '../hooks/use-pending-deletes.ts';
import { NO_FILTERS, type SubmissionFilters } from '../lib/filters.ts';
import { SubmissionDetail } from './submission-detail.tsx';
import { SubmissionsTable } from './submissions-table.tsx';
import { UndoToast } from './undo-toast.tsx';
import { UnlockBar } from './unlock-bar.tsx';

/** The table, or the detail of the submission picked (kept in ?submission= so Back works). */
export function SubmissionsTab({ formId, form }: { formId: number; form: Form }) {
  const [params, setParams] = useSearchParams();
  // Filters and page live here so that they survive a visit to a detail; the answer filter lives
  // in the URL (?where=), so a reload or a shared link shows the same rows.
  const [rest, setFilters] = useState<SubmissionFilters>(NO_FILTERS);
  const whereText = params.get('where');
  const where = useMemo(() => (whereText ? readAnswerFilterParam(whereText) : null), [whereText]);
  const filters = useMemo(() => ({ ...rest, where: where?.ok ? where.filter : null }), [rest, where]);
  const [page, setPage] = useState(1);
  const selected = params.get('submission');
  const deletes = usePendingDeletes(formId);
  const neighbours = useNeighbours({ formId, filters, page, submissionId: selected, hidden: deletes.hidden });
  const changeFilters = useCallback(
    (next: SubmissionFilters) => {
      setFilters(next);
      setPage(1);
      setParams((prev) => {
        const url = new URLSearchParams(prev);
        if (next.where) url.set('where', answerFilterParam(next.where));
        else url.delete('where');
        return url;
      });
    },
    [setParams],
  );

  const open = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set('submission', id);
      setParams(next);
    },
    [params, setParams],
  );
  const client = useQueryClient();
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('submission');
    setParams(next);
    // The table's page stayed cached while the detail was open (its Previous/Next read it), so a
    // teammate's change meanwhile would not show: going back reads it again.
    client.invalidateQueries({ queryKey: submissionsKeys.lists(formId) });
  };

  return (
    <>
      <UnlockBar formId={formId} form={form} />
      {where && !where.ok && (
        <Alert tone="error">
          This link's answer filter could not be read, so every submission is shown. {where.message}.
        </Alert>
      )}
      {selected ? (
        <SubmissionDetail
          formId={formId}
          form={form}
          submissionId={selected}
          neighbours={neighbours}
          onOpen={open}
          onBack={close}
          onDelete={() => {
            deletes.schedule([selected]);
            close();
          }}
        />
      ) : (
        <SubmissionsTable
          formId={formId}
          form={form}
          filters={filters}
          onFiltersChange={changeFilters}
          page={page}
          onPageChange={setPage}
          onOpen={open}
          hidden={deletes.hidden}
          onDelete={deletes.schedule}
        />
      )}
      <UndoToast pending={deletes.pending} />
    </>
  );
}
