import { chipSpans, type Referable, recallToChips } from '@formsmith/core/logic/recall-names';
import type { ReactNode } from 'react';

/** A chip's look: colour only, no padding or border, so a chip is exactly as wide as its words. */
export const CHIP_CLASSES =
  'rounded-sm bg-brand-100 text-brand-900 box-decoration-clone dark:bg-brand-900/60 dark:text-brand-50';

/** A shown text cut into plain runs and `@chip` runs, chips drawn as such. */
export function chipRuns(text: string, refs: readonly Referable[]): ReactNode[] {
  const runs: ReactNode[] = [];
  let from = 0;
  for (const span of chipSpans(text, refs)) {
    if (span.start > from) runs.push(text.slice(from, span.start));
    runs.push(
      <span key={span.start} className={CHIP_CLASSES}>
        {text.slice(span.start, span.end)}
      </span>,
    );
    from = span.end;
  }
  if (from < text.length) runs.push(text.slice(from));
  return runs;
}

/** A stored text (a label, a help text) with its recall shown as question-name chips. */
export function ChipText({ text, refs }: { text: string; refs: readonly Referable[] }) {
  return <>{chipRuns(recallToChips(text, refs), refs)}</>;
}
