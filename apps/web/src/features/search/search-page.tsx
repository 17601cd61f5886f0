import { FileText, Inbox, Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Alert, EmptyState, Spinner } from '../../components/ui/feedback.tsx';
import { Input } from '../../components/ui/input.tsx';
import { submissionPath } from '../../lib/submission-link.ts';
import { useCurrentWorkspace } from '../../lib/workspaces-api/current-workspace.ts';
import { useAccountSearch } from './api/search-account.ts';

const linkClass = 'font-medium text-brand-700 hover:underline dark:text-brand-400';

/** /dashboard/search?q=: forms by title or description, submissions by answer. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const search = useAccountSearch(q);
  const { workspace } = useCurrentWorkspace();
  useEffect(() => setText(q), [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  const empty = search.data && search.data.forms.length === 0 && search.data.submissions.length === 0;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Search</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Forms and answers in {workspace.personal ? 'your personal workspace' : workspace.name}.
      </p>
      <search className="mt-6 block">
        <form onSubmit={submit} className="flex gap-3">
          <label htmlFor="account-search" className="sr-only">
            Search forms and submissions
          </label>
          <Input
            id="account-search"
            type="search"
            placeholder="Search forms and submissions..."
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit">
            <Search aria-hidden="true" className="h-4 w-4" />
            Search
          </Button>
        </form>
      </search>

      <div className="mt-6 space-y-6">
        {!q && (
          <p className="text-slate-600 dark:text-slate-400">Type a word to find forms and submissions.</p>
        )}
        {search.isFetching && <Spinner label="Searching" />}
        {search.isError && <Alert tone="error">Search failed. Please try again.</Alert>}
        {empty && (
          <EmptyState title="No results">
            <p className="text-sm text-slate-600 dark:text-slate-400">Nothing matches “{q}”.</p>
          </EmptyState>
        )}
        {search.data && search.data.forms.length > 0 && (
          <Card>
            <CardHeader>
              <h2 className="flex items-center gap-2 font-semibold">
                <FileText aria-hidden="true" className="h-4 w-4" /> Forms ({search.data.forms.length})
              </h2>
            </CardHeader>
            <CardBody>
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {search.data.forms.map((form) => (
                  <li key={form.id} className="py-3">
                    <Link to={`/forms/${form.id}/edit`} className={linkClass}>
                      {form.title}
                    </Link>
                    {form.description && (
                      <p className="mt-0.5 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
                        {form.description}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </CardBody>
          </Card>
        )}
        {search.data && search.data.submissions.length > 0 && (
          <Card>
            <CardHeader>
              <h2 className="flex items-center gap-2 font-semibold">
                <Inbox aria-hidden="true" className="h-4 w-4" /> Submissions ({search.data.submissions.length}
                )
              </h2>
            </CardHeader>
            <CardBody>
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {search.data.submissions.map((s) => (
                  <li key={s.id} className="py-3">
                    <Link to={submissionPath(s.form_id, s.id)} className={linkClass}>
                      {s.form_title}
                    </Link>
                    <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">
                      {new Date(s.created_at).toLocaleString('en-US', {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </span>
                    {s.snippet && (
                      <p className="mt-0.5 break-words text-sm text-slate-700 dark:text-slate-300">
                        {s.snippet}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </CardBody>
          </Card>
        )}
      </div>
    </div>
  );
}
