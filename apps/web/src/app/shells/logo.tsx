import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** The Formsmith mark and name, linking to the landing page. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-base font-bold tracking-tight sm:text-lg',
        className,
      )}
    >
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-violet-600 shadow-sm">
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="#fff">
          <rect x="0" y="0" width="16" height="3" rx="1.5" />
          <rect x="0" y="6.5" width="11" height="3" rx="1.5" fillOpacity=".85" />
          <rect x="0" y="13" width="7" height="3" rx="1.5" fillOpacity=".7" />
        </svg>
      </span>
      <span className="text-slate-900 dark:text-white">Formsmith</span>
    </Link>
  );
}

/** The first Tab stop: jumps past the navigation to the page's main content. */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}
