import type { SavedTemplate } from '@formsmith/core/templates/saved';
import type { GalleryTemplate } from '@formsmith/core/templates/template';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeleteTemplate, useUpdateTemplate } from '../../../lib/forms-api/workspace-templates.ts';
import { TemplateCard } from './template-card.tsx';
import { TemplateDetailsDialog } from './template-details-dialog.tsx';

type WorkspaceShelfProps = {
  /** '<workspace name> templates'. */
  name: string;
  /** The workspace's templates the search and category let through. */
  templates: SavedTemplate[];
  /** Whether an empty shelf shows, saying how to make a template (else it is left out). */
  showEmpty: boolean;
  /** Editors (and above) change and delete them; viewers only look. */
  canEdit: boolean;
  busy: boolean;
  onPreview: (template: SavedTemplate) => void;
  onUse?: (template: GalleryTemplate) => void;
};

/** The gallery's first shelf: the templates the current workspace's editors saved from its forms. */
export function WorkspaceShelf(props: WorkspaceShelfProps) {
  const { templates } = props;
  if (templates.length === 0 && !props.showEmpty) return null;
  return (
    <section aria-label={props.name} className="space-y-3">
      <h2 className="break-words text-lg font-semibold">{props.name}</h2>
      {templates.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No templates yet. Save a form as a template from its card on the Forms page, or from the editor, and
          everyone in the workspace can start from it here.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {templates.map((template) => (
            <li key={template.id} className="min-w-0">
              <TemplateCard
                template={template}
                busy={props.busy}
                onPreview={() => props.onPreview(template)}
                onUse={props.onUse && (() => props.onUse?.(template))}
              >
                {props.canEdit && <SavedTemplateActions template={template} />}
              </TemplateCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Edit (title and summary) and Delete, with a confirmation: an editor's actions on a saved template. */
function SavedTemplateActions({ template }: { template: SavedTemplate }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateTemplate(template);
  const remove = useDeleteTemplate(template);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setEditing(true)}
        aria-label={`Edit ${template.title}`}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setDeleting(true)}
        aria-label={`Delete ${template.title}`}
        className="text-red-700 dark:text-red-400"
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </Button>
      <TemplateDetailsDialog
        open={editing}
        onClose={() => setEditing(false)}
        title="Edit template"
        description="Its title and summary on the card. To change its questions, make a form from it, edit the form, and save that as a template."
        initial={{ title: template.title, summary: template.summary }}
        submitLabel="Save changes"
        onSubmit={(details) => update.mutateAsync(details)}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete the template “${template.title}”?`}
        description="It leaves the workspace's shelf for everyone. Forms already made from it stay as they are."
        confirmLabel="Delete template"
        action={remove}
      />
    </>
  );
}
