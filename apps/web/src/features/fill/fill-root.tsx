import type { FillPageState } from '@formsmith/core/fill-page/state';
import { StrictMode } from 'react';
import { FillPage } from './fill-page.tsx';

/**
 * The page's whole tree. The server renders it and the browser hydrates it: both must build the
 * same tree, or the ids that tie labels to inputs would differ.
 */
export function FillRoot({ initial }: { initial?: FillPageState }) {
  return (
    <StrictMode>
      <FillPage initial={initial} />
    </StrictMode>
  );
}
