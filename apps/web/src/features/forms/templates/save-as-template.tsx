import type { SavedTemplate } from '@formsmith/core/templates/saved';
import { SAVED_TEMPLATE_LIMITS } from '@formsmith/core/templates/saved';
import { LayoutTemplate } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useSaveAsTemplate } from '../../../lib/forms-api/workspace-templates.ts';
import { useCurrentWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';
import { TemplateDetailsDialog } from './template-details-dialog.tsx';

type SaveAsTemplateButtonProps = {
  /** The form as it is now (its title is the template's title until changed). */
  form: { id: number; title: string };
  /** The form's workspace: the template is one of its templates. Undefined while it loads. */
  workspaceId: number | undefined;
  /**
   * Stores the editor's pending edits first (the template is made from the stored form, and would
   * otherwise miss the last ones); false when that failed.
   */
  saveNow?: () => Promise<boolean>;
  className?: string;
  /** Only the icon below `sm` (the editor's header), or the words always (a form's card). */
  compact?: boolean;
};

/**
 * 'Save as template': a title (the form's, to start with) and a one-sentence summary, then the
 * form's questions, logic and texts become a template on the workspace's shelf of /templates.
 */
export function SaveAsTemplateButton(props: SaveAsTemplateButtonProps) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<SavedTemplate | null>(null);
  const save = useSaveAsTemplate();
  const { form, workspaceId } = props;
  const { workspaces } = useCurrentWorkspace();
  const shelf = workspaces.find((w) => w.id === workspaceId)?.name;
  return (
    <>
      <Button
        variant="secondary"
        size={props.compact ? 'md' : 'sm'}
        className={props.className}
        onClick={() => setOpen(true)}
        disabled={workspaceId === undefined}
        aria-label={props.compact ? 'Save as template' : `Save as template: ${form.title}`}
      >
        <LayoutTemplate aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span className={props.compact ? 'hidden sm:inline' : 'truncate'}>Save as template</span>
      </Button>
      <TemplateDetailsDialog
        open={open && workspaceId !== undefined}
        onClose={() => setOpen(false)}
        title="Save as template"
        description="Its questions, logic and texts, for anyone in the workspace to start a form from. Its responses, sharing settings and webhooks stay with the form."
        initial={{ title: form.title.slice(0, SAVED_TEMPLATE_LIMITS.titleMaxLength), summary: '' }}
        submitLabel="Save template"
        onSubmit={async (details) => {
          if (workspaceId === undefined) return;
          if (props.saveNow && !(await props.saveNow()))
            throw new Error('Your changes could not be saved, so the template was not made. Try again.');
          const template = await save.mutateAsync({ ...details, formId: form.id, workspaceId });
          setSaved(template);
        }}
      />
      <Dialog
        open={saved !== null}
        onOpenChange={(next) => !next && setSaved(null)}
        title="Saved as a template"
        description={
          saved
            ? `“${saved.title}” is on the ${shelf ?? 'workspace'} templates shelf of the Templates page, for its members to start from.`
            : ''
        }
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setSaved(null)}>
            Close
          </Button>
          <Link to="/templates" className={buttonClasses('primary')}>
            Open Templates
          </Link>
        </div>
      </Dialog>
    </>
  );
}
