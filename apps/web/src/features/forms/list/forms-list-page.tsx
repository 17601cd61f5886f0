import type { Folder } from '@formsmith/core/forms/folders';
import { ArrowDown, ArrowUp, LayoutTemplate, Plus, Search, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ErrorBoundary, ErrorFallback } from '../../../components/ui/error-boundary.tsx';
import { EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ViewOnlyNote } from '../../../components/workspaces/view-only-note.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useDeleteFolder } from '../../../lib/forms-api/delete-folder.ts';
import { useFolders } from '../../../lib/forms-api/list-folders.ts';
import { useForms } from '../../../lib/forms-api/list-forms.ts';
import type { FormSummary } from '../../../lib/forms-api/stored-form.ts';
import { useCanEditWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';
import { FolderBar } from './folder-bar.tsx';
import { FormCard } from './form-card.tsx';
import { DEFAULT_SORT, filterAndSortForms, nextSort, type SortKey, type SortState } from './sort-forms.ts';

const SORTS: { key: SortKey; label: string }[] = [
  { key: 'date', label: 'Date' },
  { key: 'name', label: 'Name' },
  { key: 'submissions', label: 'Submissions' },
];

/** /dashboard/forms and /dashboard/submissions (submissions mode). */
export function FormsListPage() {
  const submissionsMode = useLocation().pathname.startsWith('/dashboard/submissions');
  return (
    <ErrorBoundary>
      <FormsList submissionsMode={submissionsMode} />
    </ErrorBoundary>
  );
}

function FormsList({ submissionsMode }: { submissionsMode: boolean }) {
  // The folder shown is in the address (?folder=<id>|none), so it survives a reload and Back.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const folder = params.get('folder') ?? undefined;
  const hrefOf = (shown?: string) => (shown === undefined ? pathname : `${pathname}?folder=${shown}`);
  const forms = useForms(folder);
  const canEdit = useCanEditWorkspace();
  const folders = useFolders();
  const removeFolder = useDeleteFolder();
  // Away from the folder first: its list answers 404 once it is gone.
  const deleteFolder = async (gone: Folder) => {
    navigate(hrefOf(), { replace: true });
    await removeFolder.mutateAsync(gone.id);
  };
  const folderBar = (
    <FolderBar folders={folders.data ?? []} selected={folder} hrefOf={hrefOf} onDelete={deleteFolder} />
  );
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const visible = useMemo(() => filterAndSortForms(forms.data ?? [], query, sort), [forms.data, query, sort]);

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 pb-24 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">
          {submissionsMode ? 'Form Submissions' : 'Your Forms'}
        </h1>
        {canEdit ? (
          <Link to="/forms/new" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create New Form
          </Link>
        ) : (
          <ViewOnlyNote />
        )}
      </div>

      {forms.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300">
          <Spinner label="Loading" />
          <p>Loading your forms....</p>
        </div>
      ) : forms.isError && folder !== undefined && isNotFound(forms.error) ? (
        <>
          {folderBar}
          <div className="mt-6">
            <EmptyState title="This folder does not exist">
              <Link to={hrefOf()} className={buttonClasses('secondary')}>
                Show all forms
              </Link>
            </EmptyState>
          </div>
        </>
      ) : forms.isError ? (
        <ErrorFallback error={forms.error} onRetry={() => forms.refetch()} />
      ) : forms.data.length === 0 && folder === undefined ? (
        <div className="mt-6">
          <NoForms />
        </div>
      ) : (
        <>
          {folderBar}
          {forms.data.length === 0 ? (
            <div className="mt-6">
              <EmptyState title="No forms in this folder">
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Move a form here with the Folder menu on its card.
                </p>
              </EmptyState>
            </div>
          ) : (
            <Toolbar
              query={query}
              onQuery={setQuery}
              sort={sort}
              onSort={(key) => setSort(nextSort(sort, key))}
            />
          )}
          {submissionsMode && forms.data.length > 0 && totalSubmissions(forms.data) === 0 && (
            <div className="mt-6">
              <EmptyState title="No submissions yet">
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Publish and share a form to start collecting responses.
                </p>
              </EmptyState>
            </div>
          )}
          {forms.data.length === 0 ? null : visible.length === 0 ? (
            <div className="mt-6">
              <EmptyState title="No forms found">
                <p className="text-sm text-slate-600 dark:text-slate-300">No forms match “{query.trim()}”.</p>
                <Button variant="secondary" onClick={() => setQuery('')}>
                  Clear search
                </Button>
              </EmptyState>
            </div>
          ) : (
            <ul className="mt-6 grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Forms">
              {visible.map((form) => (
                <li key={form.id} className="flex">
                  <div className="flex w-full flex-col [&>article]:flex-1">
                    <FormCard form={form} folders={folders.data ?? []} submissionsMode={submissionsMode} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <Link
        to="/forms/new"
        aria-label="Create new form"
        className="fixed right-5 bottom-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 md:hidden"
      >
        <Plus aria-hidden="true" className="h-6 w-6" />
      </Link>
    </section>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function totalSubmissions(forms: FormSummary[]): number {
  return forms.reduce((sum, f) => sum + f.submissions, 0);
}

function NoForms() {
  return (
    <EmptyState title="No forms yet">
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
        Create your first form by hand, or describe it and let AI build it for you.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/forms/ai-builder" className={buttonClasses('primary')}>
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          Create form with AI
        </Link>
        <Link to="/templates" className={buttonClasses('secondary')}>
          <LayoutTemplate aria-hidden="true" className="h-4 w-4" />
          Browse templates
        </Link>
        <Link to="/forms/new" className={buttonClasses('secondary')}>
          Start from scratch
        </Link>
      </div>
    </EmptyState>
  );
}

type ToolbarProps = {
  query: string;
  onQuery: (query: string) => void;
  sort: SortState;
  onSort: (key: SortKey) => void;
};

function Toolbar({ query, onQuery, sort, onSort }: ToolbarProps) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="relative w-full sm:max-w-sm">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder="Search forms..."
          aria-label="Search forms"
          className="pl-9"
        />
      </div>
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">Sort by</legend>
        <span aria-hidden="true" className="text-sm text-slate-600 dark:text-slate-300">
          Sort by
        </span>
        {SORTS.map(({ key, label }) => {
          const active = sort.key === key;
          const Arrow = sort.direction === 'desc' ? ArrowDown : ArrowUp;
          return (
            <Button
              key={key}
              size="sm"
              variant={active ? 'primary' : 'secondary'}
              aria-pressed={active}
              onClick={() => onSort(key)}
              className={cn(active && 'pr-2')}
            >
              {label}
              {active && (
                <>
                  <Arrow aria-hidden="true" className="h-3.5 w-3.5" />
                  <span className="sr-only">
                    {sort.direction === 'desc' ? '(descending)' : '(ascending)'}
                  </span>
                </>
              )}
            </Button>
          );
        })}
      </fieldset>
    </div>
  );
}
