import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { Neighbours } from '../hooks/use-neighbours.ts';

/** Whether a key press belongs to something being typed in (a comment, a select), not to the page. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * "Previous" and "Next" through the table's page, by pointer or with j/k and the left/right arrow
 * keys; where it is now is announced ("3 of 10").
 */
export function DetailStepper({
  neighbours,
  onOpen,
}: {
  neighbours: Neighbours;
  onOpen: (submissionId: string) => void;
}) {
  const { previous, next } = neighbours;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const to =
        e.key === 'j' || e.key === 'ArrowRight'
          ? next
          : e.key === 'k' || e.key === 'ArrowLeft'
            ? previous
            : null;
      if (!to) return;
      e.preventDefault();
      onOpen(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, onOpen]);
  return (
    <nav aria-label="Submissions on this page" className="flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={!previous}
        onClick={() => previous && onOpen(previous)}
        aria-keyshortcuts="k ArrowLeft"
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </Button>
      <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {neighbours.position} of {neighbours.count}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={!next}
        onClick={() => next && onOpen(next)}
        aria-keyshortcuts="j ArrowRight"
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
