import type { FieldAnalytics } from '@formsmith/core/analytics/api';
import { ANSWERS_HIDDEN } from '@formsmith/core/workspaces/viewer-answers';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/feedback.tsx';
import { Input } from '../ui/input.tsx';
import { useFieldAnswers } from './api/get-field-answers.ts';
import { longDate } from './chart-palette.ts';

/** Where a text question's answers come from: the server, or (an encrypted form) this browser. */
export type TextSource =
  | { kind: 'server'; formId: number; startDate: string }
  | { kind: 'local'; answers: ReadonlyMap<string, readonly LocalAnswer[]> };
export type LocalAnswer = { at: string; text: string };

/** How many answers a sample shows. */
export const SAMPLE_SIZE = 8;

function AnswerList({ label, answers }: { label: string; answers: readonly LocalAnswer[] }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
    >
      {answers.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: answers repeat; their order is fixed
        <li key={i} className="px-3 py-2">
          <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
            {a.text}
          </p>
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{longDate(a.at.slice(0, 10))}</p>
        </li>
      ))}
    </ul>
  );
}

function SearchBox({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        Search the answers to {label}
      </label>
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search answers"
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" aria-label={`Search the answers to ${label}`}>
        <Search aria-hidden="true" className="h-4 w-4" />
      </Button>
    </form>
  );
}

function ServerAnswers({
  field,
  source,
}: {
  field: FieldAnalytics;
  source: Extract<TextSource, { kind: 'server' }>;
}) {
  const [q, setQ] = useState('');
  const query = useFieldAnswers({
    formId: source.formId,
    fieldId: field.field_id,
    startDate: source.startDate,
    q,
  });
  if (query.error instanceof ApiError && query.error.code === ANSWERS_HIDDEN.code) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Only counts are shown to viewers of this form: the answers as typed are hidden.
      </p>
    );
  }
  if (query.error instanceof ApiError && query.error.status === 409) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        End-to-end encrypted: the answers are read in this browser once the form is unlocked.
      </p>
    );
  }
  const answers = (query.data?.pages ?? [])
    .flatMap((p) => p.answers)
    .map((a) => ({ at: a.created_at, text: a.text }));
  return (
    <div className="space-y-2">
      <SearchBox label={field.label} onSearch={setQ} />
      {query.isPending ? (
        <Spinner label="Loading answers" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {query.error.message || 'The answers could not be loaded.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {q
              ? `${answers.length} ${answers.length === 1 ? 'answer contains' : 'answers contain'} “${q}”${query.hasNextPage ? ' so far' : ''}`
              : 'Most recent answers'}
          </p>
          {answers.length > 0 && <AnswerList label={`Answers to ${field.label}`} answers={answers} />}
          {query.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : q ? 'Search older answers' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function LocalAnswers({ field, answers }: { field: FieldAnalytics; answers: readonly LocalAnswer[] }) {
  const [q, setQ] = useState('');
  const [shown, setShown] = useState(SAMPLE_SIZE);
  const needle = q.toLowerCase();
  const matching = needle ? answers.filter((a) => a.text.toLowerCase().includes(needle)) : answers;
  return (
    <div className="space-y-2">
      <SearchBox label={field.label} onSearch={setQ} />
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {q
          ? `${matching.length} ${matching.length === 1 ? 'answer contains' : 'answers contain'} “${q}”`
          : 'Most recent answers'}
      </p>
      {matching.length > 0 && (
        <AnswerList label={`Answers to ${field.label}`} answers={matching.slice(0, shown)} />
      )}
      {matching.length > shown && (
        <Button variant="secondary" size="sm" onClick={() => setShown(shown + SAMPLE_SIZE)}>
          Show more
        </Button>
      )}
    </div>
  );
}

/** A text question: how many answered, its latest answers, and a search through them. */
export function TextAnswers({ field, source }: { field: FieldAnalytics; source: TextSource }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        <strong className="tabular-nums">{field.response_count}</strong>{' '}
        {field.response_count === 1 ? 'answer' : 'answers'}
      </p>
      {field.response_count > 0 &&
        (source.kind === 'server' ? (
          <ServerAnswers field={field} source={source} />
        ) : (
          <LocalAnswers field={field} answers={source.answers.get(field.field_id) ?? []} />
        ))}
    </div>
  );
}
