import type { FormTemplate } from '@formsmith/core/templates/template';
import { Eye } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { templateFacts } from './template-facts.ts';

type TemplateCardProps = {
  template: FormTemplate;
  onPreview: () => void;
  onUse: () => void;
  /** A draft is being made from some template: every 'Use template' waits. */
  busy: boolean;
};

/** A template in the gallery: its title, what it is for, its shape, Preview and Use template. */
export function TemplateCard({ template, onPreview, onUse, busy }: TemplateCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={titleId} className="font-semibold">
        {template.title}
      </h3>
      <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">{template.summary}</p>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{templateFacts(template).join(' · ')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onPreview}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          Preview
        </Button>
        <Button size="sm" onClick={onUse} disabled={busy}>
          Use template
        </Button>
      </div>
    </article>
  );
}
