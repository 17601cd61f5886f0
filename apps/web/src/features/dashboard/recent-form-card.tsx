import { Copy, ExternalLink, FileText, Inbox, MoreVertical, Pencil, Send, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeleteFormDialog } from '../../components/forms/delete-form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Badge } from '../../components/ui/feedback.tsx';
import { useDuplicateForm } from '../../lib/forms-api/duplicate-form.ts';
import type { FormSummary } from '../../lib/forms-api/stored-form.ts';
import { formatRelativeTime } from './relative-time.ts';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

type Props = {
  form: FormSummary;
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void;
};

/** A recently saved form with its menu: edit, submissions, publish, preview, duplicate, delete. */
export function RecentFormCard({ form, onMessage }: Props) {
  const navigate = useNavigate();
  const duplicate = useDuplicateForm();
  const [confirmDelete, setConfirmDelete] = useState(false);

  function onDuplicate() {
    duplicate.mutate(form.id, {
      onSuccess: () => onMessage({ tone: 'success', text: `“${form.title}” duplicated` }),
      onError: () => onMessage({ tone: 'error', text: 'Failed to duplicate form.' }),
    });
  }

  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          <Link to={`/forms/${form.id}/edit`} className="hover:underline">
            {form.title}
          </Link>
        </h3>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Actions for ${form.title}`}
              className="-mt-1 -mr-2 shrink-0"
            >
              <MoreVertical aria-hidden="true" className="h-4 w-4" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
              <DropdownMenu.Item className={ITEM} onSelect={() => navigate(`/forms/${form.id}/edit`)}>
                <Pencil aria-hidden="true" className="h-4 w-4" /> Edit Form
              </DropdownMenu.Item>
              <DropdownMenu.Item className={ITEM} onSelect={() => navigate(`/forms/${form.id}/submissions`)}>
                <Inbox aria-hidden="true" className="h-4 w-4" /> View Submissions
              </DropdownMenu.Item>
              <DropdownMenu.Item className={ITEM} onSelect={() => navigate(`/forms/${form.id}/publish`)}>
                <Send aria-hidden="true" className="h-4 w-4" /> Publish Settings
              </DropdownMenu.Item>
              <DropdownMenu.Item className={ITEM} asChild>
                <a href={`/form/${form.id}`} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" className="h-4 w-4" /> Preview
                </a>
              </DropdownMenu.Item>
              <DropdownMenu.Item className={ITEM} onSelect={onDuplicate} disabled={duplicate.isPending}>
                <Copy aria-hidden="true" className="h-4 w-4" /> Duplicate
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
              <DropdownMenu.Item
                className={`${ITEM} text-red-700 dark:text-red-400`}
                onSelect={() => setConfirmDelete(true)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete Form
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <p className="mt-1 line-clamp-2 text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">
        {form.description || 'No description'}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-4 text-xs text-slate-600 dark:text-slate-300">
        {form.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
        <span className="inline-flex items-center gap-1">
          <FileText aria-hidden="true" className="h-3.5 w-3.5" />
          {form.fieldCount} {form.fieldCount === 1 ? 'field' : 'fields'}
        </span>
        <span className="inline-flex items-center gap-1">
          <Inbox aria-hidden="true" className="h-3.5 w-3.5" />
          {form.submissions} {form.submissions === 1 ? 'submission' : 'submissions'}
        </span>
        <span>Saved {formatRelativeTime(form.lastSaved)}</span>
      </div>
      <DeleteFormDialog form={form} open={confirmDelete} onOpenChange={setConfirmDelete} />
    </article>
  );
}
