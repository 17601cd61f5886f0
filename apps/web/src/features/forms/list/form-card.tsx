import type { Folder } from '@formsmith/core/forms/folders';
import type { Workspace } from '@formsmith/core/workspaces/api';
import { roleAllows } from '@formsmith/core/workspaces/roles';
import {
  BarChart3,
  Check,
  CopyPlus,
  Eye,
  FileText,
  Globe,
  Inbox,
  Link2,
  Pencil,
  Send,
  Trash2,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DeleteFormDialog } from '../../../components/forms/delete-form-dialog.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { controlClasses } from '../../../components/ui/input.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { useDuplicateForm } from '../../../lib/forms-api/duplicate-form.ts';
import { useFileForm, useMoveForm } from '../../../lib/forms-api/file-form.ts';
import type { FormSummary } from '../../../lib/forms-api/stored-form.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useCurrentWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';
import { SaveAsTemplateButton } from '../templates/save-as-template.tsx';
import { formatLastEdited } from './last-edited.ts';

type FormCardProps = { form: FormSummary; folders: Folder[]; submissionsMode: boolean };

function fieldCount(form: FormSummary): string {
  return `${form.fieldCount} ${form.fieldCount === 1 ? 'field' : 'fields'}`;
}

/** One form of the list: its facts and actions (or, in submissions mode, a way in). */
export function FormCard({ form, folders, submissionsMode }: FormCardProps) {
  const submissionsPath = `/forms/${form.id}/submissions`;
  return (
    <article
      aria-labelledby={`form-${form.id}-title`}
      className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`form-${form.id}-title`} className="min-w-0 break-words text-lg font-semibold">
          {form.title}
        </h2>
        {form.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
      </div>
      <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">
        {form.description || 'No description'}
      </p>
      <dl className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
        <div className="flex items-center gap-1">
          <dt className="sr-only">Fields</dt>
          <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
          <dd>{fieldCount(form)}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="sr-only">Submissions</dt>
          <Inbox aria-hidden="true" className="h-4 w-4 shrink-0" />
          <dd>
            {form.submissions} {form.submissions === 1 ? 'submission' : 'submissions'}
          </dd>
        </div>
        <div className="flex w-full items-center gap-1">
          <dt>Last edited:</dt>
          <dd>{formatLastEdited(form.lastSaved)}</dd>
        </div>
      </dl>
      {form.isPublished && form.sharing.shareUrl && !submissionsMode && (
        <ShareLinkWidget url={form.sharing.shareUrl} />
      )}
      <div className="mt-auto pt-4">
        {submissionsMode ? (
          // The link covers the card (after:inset-0), so a click anywhere on it opens the submissions.
          <Link
            to={submissionsPath}
            className={`${buttonClasses('primary', 'sm')} w-full after:absolute after:inset-0 after:rounded-xl`}
          >
            <Eye aria-hidden="true" className="h-4 w-4 shrink-0" />
            View Submissions
          </Link>
        ) : (
          <CardActions form={form} folders={folders} />
        )}
      </div>
    </article>
  );
}

function ShareLinkWidget({ url }: { url: string }) {
  return (
    <div className="mt-3 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
      <Globe aria-hidden="true" className="h-4 w-4 shrink-0 text-green-700 dark:text-green-400" />
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="min-w-0 truncate text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        {url}
      </a>
    </div>
  );
}

function CardActions({ form, folders }: { form: FormSummary; folders: Folder[] }) {
  const [copied, showCopied] = useTimedValue<string>(2000);
  const [note, showNote] = useTimedValue<string>(4000);
  const [confirming, setConfirming] = useState(false);
  const duplicate = useDuplicateForm();
  const file = useFileForm();
  const folderSelect = useId();
  // Other workspaces where the caller may edit: the form can move there.
  const { workspace, workspaces } = useCurrentWorkspace();
  const targets = workspaces.filter((w) => w.id !== workspace.id && roleAllows(w.role, 'editor'));
  const [moving, setMoving] = useState<Workspace | null>(null);
  const linkClass = `${buttonClasses('secondary', 'sm')} gap-1.5 px-2`;

  async function share() {
    try {
      if (!form.isPublished || !form.sharing.shareUrl)
        throw new Error('No share URL available for this form');
      await copyText(form.sharing.shareUrl);
      showCopied('Copied!');
    } catch (error) {
      showCopied(error instanceof Error ? error.message : 'Failed to copy URL to clipboard');
    }
  }

  function copyForm() {
    duplicate.mutate(form.id, {
      onSuccess: (copy) => showNote(`Duplicated as “${copy.title}”`),
      onError: () => showNote('The form could not be duplicated'),
    });
  }

  function moveTo(value: string) {
    if (value.startsWith('workspace:')) {
      setMoving(targets.find((w) => `workspace:${w.id}` === value) ?? null);
      return;
    }
    const folderId = value === '' ? null : Number(value);
    const name = folders.find((f) => f.id === folderId)?.name;
    file.mutate(
      { formId: form.id, folderId },
      {
        onSuccess: () => showNote(name ? `Moved to “${name}”` : 'Taken out of its folder'),
        onError: () => showNote('The form could not be moved'),
      },
    );
  }

  return (
    <div className="space-y-2">
      <div className="grid grid-cols-3 gap-2">
        <Link to={`/forms/${form.id}/edit`} className={linkClass} aria-label={`Edit ${form.title}`}>
          <Pencil aria-hidden="true" className="h-4 w-4 shrink-0" />
          Edit
        </Link>
        <Link to={`/forms/${form.id}/submissions`} className={linkClass} aria-label={`View ${form.title}`}>
          <Eye aria-hidden="true" className="h-4 w-4 shrink-0" />
          View
        </Link>
        <Link
          to={`/dashboard/analytics?formId=${form.id}`}
          className={linkClass}
          aria-label={`Analytics of ${form.title}`}
        >
          <BarChart3 aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="truncate">Analytics</span>
        </Link>
        <Link to={`/forms/${form.id}/publish`} className={linkClass} aria-label={`Publish ${form.title}`}>
          <Send aria-hidden="true" className="h-4 w-4 shrink-0" />
          Publish
        </Link>
        <Button
          variant="secondary"
          size="sm"
          className="gap-1.5 px-2"
          onClick={share}
          aria-label={`Share ${form.title}`}
        >
          {copied === 'Copied!' ? (
            <Check aria-hidden="true" className="h-4 w-4 shrink-0" />
          ) : (
            <Link2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          )}
          {copied === 'Copied!' ? 'Copied!' : 'Share'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="gap-1.5 px-2"
          onClick={copyForm}
          disabled={duplicate.isPending}
          aria-label={`Duplicate ${form.title}`}
        >
          <CopyPlus aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="truncate">Duplicate</span>
        </Button>
        {roleAllows(workspace.role, 'editor') && (
          <SaveAsTemplateButton form={form} workspaceId={workspace.id} className="col-span-3 gap-1.5 px-2" />
        )}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={folderSelect} className="sr-only">
          {targets.length > 0 ? 'Folder or workspace of' : 'Folder of'} {form.title}
        </label>
        <select
          id={folderSelect}
          value={form.folderId === null ? '' : String(form.folderId)}
          onChange={(e) => moveTo(e.target.value)}
          disabled={file.isPending}
          className={`${controlClasses} h-8 min-w-0 flex-1 py-0`}
        >
          <option value="">No folder</option>
          {folders.map((f) => (
            <option key={f.id} value={String(f.id)}>
              Folder: {f.name}
            </option>
          ))}
          {targets.length > 0 && (
            <optgroup label="Move to workspace">
              {targets.map((w) => (
                <option key={w.id} value={`workspace:${w.id}`}>
                  Workspace: {w.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Delete ${form.title}`}
          className="shrink-0 gap-1.5 px-2 text-red-700 dark:text-red-400"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          Delete
        </Button>
      </div>
      <DeleteFormDialog form={form} open={confirming} onOpenChange={setConfirming} />
      {moving && <MoveFormDialog form={form} to={moving} onClose={() => setMoving(null)} />}
      {copied && copied !== 'Copied!' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {copied}
        </p>
      )}
      <p className="text-sm text-slate-600 empty:hidden dark:text-slate-300" aria-live="polite">
        {note ?? ''}
      </p>
      <span className="sr-only" aria-live="polite">
        {copied === 'Copied!' ? 'Share link copied' : ''}
      </span>
    </div>
  );
}

/** Asks before a form leaves for another workspace: its members will see it and its responses. */
function MoveFormDialog({ form, to, onClose }: { form: FormSummary; to: Workspace; onClose: () => void }) {
  const move = useMoveForm(form.id, to.id);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move “${form.title}” to ${to.name}?`}
      description={`It goes with its responses, files and webhooks, and leaves this workspace's list and folder. ${to.name}'s members will reach it with their roles there.`}
      confirmLabel={`Move to ${to.name}`}
      confirmVariant="primary"
      action={move}
    />
  );
}
