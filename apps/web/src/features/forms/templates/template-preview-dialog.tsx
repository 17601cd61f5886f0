import type { FormTemplate } from '@formsmith/core/templates/template';
import { formFromTemplate } from '@formsmith/core/templates/template';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormPreview } from '../editor/form-preview.tsx';
import { templateFacts } from './template-facts.ts';

type TemplatePreviewDialogProps = {
  template: FormTemplate | undefined;
  onClose: () => void;
  onUse: (template: FormTemplate) => void;
  busy: boolean;
};

/** The template as respondents will see it (the editor's preview, answers kept local), and Use. */
export function TemplatePreviewDialog({ template, onClose, onUse, busy }: TemplatePreviewDialogProps) {
  const form = useMemo(() => (template ? formFromTemplate(template) : undefined), [template]);
  return (
    <Dialog
      open={template !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={template ? `Preview: ${template.title}` : 'Preview'}
      description={template?.summary}
      wide
    >
      {template && form && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {template.category} · {templateFacts(template).join(' · ')}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => onUse(template)} disabled={busy}>
                {busy ? 'Creating…' : 'Use template'}
              </Button>
            </div>
          </div>
          {/* Keyed by template so its answers start fresh for each one. */}
          <FormPreview key={template.id} form={form} compact />
        </div>
      )}
    </Dialog>
  );
}
