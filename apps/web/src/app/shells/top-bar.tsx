import { Bell, CircleHelp, Menu, Plus, Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import { cn } from '../../lib/cn.ts';
import { useCanEditWorkspace } from '../../lib/workspaces-api/current-workspace.ts';
import { UserMenu } from './user-menu.tsx';

const ICON_LINK =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/** The top bar's search: submits to /dashboard/search?q=. */
function SearchBox({ className }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/dashboard/search' ? (params.get('q') ?? '') : '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(`/dashboard/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <search className={className}>
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
        <input
          key={current}
          id={id}
          name="q"
          type="search"
          defaultValue={current}
          placeholder="Search forms and submissions…"
          className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:bg-slate-900"
        />
      </form>
    </search>
  );
}

function HelpAndNotifications() {
  return (
    <>
      <Link to="/help" className={ICON_LINK} aria-label="Help" title="Help">
        <CircleHelp aria-hidden="true" className="h-5 w-5" />
      </Link>
      <Link
        to="/dashboard/notifications"
        className={ICON_LINK}
        aria-label="Notifications"
        title="Notifications"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
      </Link>
    </>
  );
}

/** Title by path, 'New Form', search, help, notifications, theme and the user menu. */
export function TopBar({
  title,
  onOpenMenu,
  menuEverywhere = false,
}: {
  title: string;
  onOpenMenu: () => void;
  /** The sidebar is folded away at every width (wide pages): the menu button shows on desktops too. */
  menuEverywhere?: boolean;
}) {
  // A viewer of the current workspace is not offered what its role cannot do.
  const canEdit = useCanEditWorkspace();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          className={cn(ICON_LINK, !menuEverywhere && 'lg:hidden')}
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
        </button>
        <p className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 md:flex-none sm:text-lg dark:text-white">
          {title}
        </p>
        <SearchBox className="mx-4 hidden max-w-md flex-1 md:block" />
        <div className="flex items-center gap-1 sm:gap-1.5">
          {canEdit && (
            <Link to="/forms/new" className={cn(buttonClasses('primary', 'sm'), 'h-9 px-2.5 sm:px-3')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only sm:not-sr-only">New Form</span>
            </Link>
          )}
          <div className="hidden items-center gap-1 md:flex">
            <HelpAndNotifications />
          </div>
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
      <div className="flex items-center gap-1 border-t border-slate-100 px-3 py-2 md:hidden dark:border-slate-800">
        <SearchBox className="flex-1" />
        <HelpAndNotifications />
      </div>
    </header>
  );
}
