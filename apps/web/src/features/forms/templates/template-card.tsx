import type { GalleryTemplate } from '@formsmith/core/templates/template';
import { Eye } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { templateFacts } from './template-facts.ts';

type TemplateCardProps = {
  template: GalleryTemplate;
  onPreview: () => void;
  /** Left out where the caller cannot make forms (a viewer of the workspace). */
  onUse?: () => void;
  /** A draft is being made from some template: every 'Use template' waits. */
  busy: boolean;
  /** More actions after Use template (a saved template's Edit and Delete). */
  children?: ReactNode;
};

/** A template in the gallery: its title, what it is for, its shape, Preview and Use template. */
export function TemplateCard({ template, onPreview, onUse, busy, children }: TemplateCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={titleId} className="break-words font-semibold">
        {template.title}
      </h3>
      <p className="mt-1 flex-1 break-words text-sm text-slate-600 dark:text-slate-300">{template.summary}</p>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{templateFacts(template).join(' · ')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onPreview}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          Preview
        </Button>
        {onUse && (
          <Button size="sm" onClick={onUse} disabled={busy}>
            Use template
          </Button>
        )}
        {children}
      </div>
    </article>
  );
}
