import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { pageWindow } from '../lib/format.ts';

/** 'Showing x to y of n results', Previous/Next and up to 5 sliding page buttons. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        Showing {first} to {last} of {total} results
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'primary' : 'ghost'}
            size="sm"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            className={cn('min-w-8 px-2')}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
