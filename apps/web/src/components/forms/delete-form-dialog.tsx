import { TRASH_DAYS } from '@formsmith/core/forms/trash';
import { useDeleteForm } from '../../lib/forms-api/delete-form.ts';
import { useDeleteImpact } from '../../lib/forms-api/get-delete-impact.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Alert, Spinner } from '../ui/feedback.tsx';

type DeleteFormDialogProps = {
  form: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Delete for good (from the Trash) instead of moving the form to the Trash. */
  permanent?: boolean;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a delete takes with it, in words: "2 submissions and 1 file". */
export function impactText(impact: { submissions: number; files: number }): string {
  return `${plural(impact.submissions, 'submission')} and ${plural(impact.files, 'file')}`;
}

/** Asks before deleting a form, saying how many submissions and files go with it. */
export function DeleteFormDialog({ form, open, onOpenChange, permanent = false }: DeleteFormDialogProps) {
  const impact = useDeleteImpact(form.id, open);
  const remove = useDeleteForm();
  const what = impact.data ? impactText(impact.data) : null;
  const title = permanent ? 'Delete this form forever?' : 'Move this form to the Trash?';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {impact.isPending ? (
          <Spinner label="Counting submissions" />
        ) : impact.isError ? (
          <Alert tone="error">Could not count this form's submissions. Please try again.</Alert>
        ) : permanent ? (
          <p>
            “{form.title}” and its {what} will be deleted for good. This cannot be undone.
          </p>
        ) : (
          <p>
            “{form.title}” and its {what} go to the Trash. Its public link stops working at once; you can
            restore it from the Trash for {TRASH_DAYS} days, after which it is deleted for good.
          </p>
        )}
        {remove.isError && <Alert tone="error">Failed to delete the form. Please try again.</Alert>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending || !impact.data}
            onClick={() =>
              remove.mutate({ id: form.id, permanent }, { onSuccess: () => onOpenChange(false) })
            }
          >
            {remove.isPending ? 'Deleting…' : permanent ? 'Delete forever' : 'Move to Trash'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
