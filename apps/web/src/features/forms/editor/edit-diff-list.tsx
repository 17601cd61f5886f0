import { cn } from '../../../lib/cn.ts';
import type { DiffLine } from './edit-diff.ts';

const STYLES: Record<DiffLine['kind'], { mark: string; word: string; className: string }> = {
  added: {
    mark: '+',
    word: 'Added',
    className:
      'border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100',
  },
  removed: {
    mark: '−',
    word: 'Removed',
    className: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  },
  changed: {
    mark: '~',
    word: 'Changed',
    className:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
  },
};

/** The lines of a proposed change: added, removed and changed fields, each marked in words too. */
export function EditDiffList({ lines }: { lines: DiffLine[] }) {
  if (lines.length === 0) return <p className="text-slate-600 dark:text-slate-300">Nothing would change.</p>;
  return (
    <ul aria-label="Changes" className="max-h-64 space-y-1 overflow-y-auto">
      {lines.map((line) => {
        const style = STYLES[line.kind];
        return (
          <li
            key={`${line.kind}-${line.text}`}
            className={cn('flex gap-2 rounded border px-3 py-1.5 break-words', style.className)}
          >
            <span aria-hidden="true" className="font-mono">
              {style.mark}
            </span>
            <span className="min-w-0">
              <span className="font-medium">{style.word}:</span> {line.text}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
