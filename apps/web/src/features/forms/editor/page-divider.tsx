import type { FormField } from '@formsmith/core/forms/field';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { inPlaceClasses } from './canvas-header.tsx';
import type { DraftAction } from './form-draft.ts';

type Props = {
  /** The page break; its label is the new page's title. */
  field: FormField;
  pageNumber: number;
  dispatch: (action: DraftAction) => void;
  handle: ReactNode;
  toolbar: ReactNode;
  /** The page's logic badges. */
  children?: ReactNode;
};

/** Where a new page starts on the canvas: its number and its title, edited in place. */
export function PageDivider({ field, pageNumber, dispatch, handle, toolbar, children }: Props) {
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-1">
        {handle}
        <h2 className="shrink-0 px-1 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
          Page {pageNumber}
        </h2>
        <span className="flex-1" />
        {toolbar}
      </div>
      <textarea
        aria-label={`Page ${pageNumber} title`}
        rows={1}
        value={field.label}
        placeholder="Page title"
        onChange={(e) =>
          dispatch({ type: 'update', id: field.id, patch: { label: e.target.value.replace(/\n/g, ' ') } })
        }
        className={cn(inPlaceClasses, 'text-base font-semibold')}
      />
      {children}
    </div>
  );
}

/** The first page's header, shown once the form has more than one page. */
export function FirstPageHeader({ children }: { children?: ReactNode }) {
  return (
    <li className="space-y-2 rounded-xl border border-dashed border-brand-300 bg-brand-50/60 p-3 dark:border-brand-800 dark:bg-brand-950/40">
      <h2 className="px-1 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
        Page 1
      </h2>
      {children}
    </li>
  );
}
