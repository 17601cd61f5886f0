import { formFromTemplate, type GalleryTemplate } from '@formsmith/core/templates/template';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormPreview } from '../editor/form-preview.tsx';
import { templateFacts } from './template-facts.ts';

type TemplatePreviewDialogProps = {
  template: GalleryTemplate | undefined;
  /** Where a template without a category comes from: '<workspace name> templates'. */
  shelf: string;
  onClose: () => void;
  /** Left out where the caller cannot make forms (a viewer of the workspace). */
  onUse?: (template: GalleryTemplate) => void;
  busy: boolean;
};

/** The template as respondents will see it (the editor's preview, answers kept local), and Use. */
export function TemplatePreviewDialog({ template, shelf, onClose, onUse, busy }: TemplatePreviewDialogProps) {
  const form = useMemo(() => (template ? formFromTemplate(template) : undefined), [template]);
  return (
    <Dialog
      open={template !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={template ? `Preview: ${template.title}` : 'Preview'}
      description={template?.summary || undefined}
      wide
    >
      {template && form && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {[template.category ?? shelf, ...templateFacts(template)].join(' · ')}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
              {onUse && (
                <Button onClick={() => onUse(template)} disabled={busy}>
                  {busy ? 'Creating…' : 'Use template'}
                </Button>
              )}
            </div>
          </div>
          {/* Keyed by template so its answers start fresh for each one. */}
          <FormPreview key={template.id} form={form} compact />
        </div>
      )}
    </Dialog>
  );
}
