import { type Folder, NO_FOLDER } from '@formsmith/core/forms/folders';
import { FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useSaveFolder } from '../../../lib/forms-api/save-folder.ts';

type FolderBarProps = {
  folders: Folder[];
  /** The folder shown (its id, or `none`); undefined: every form. */
  selected: string | undefined;
  /** The list's address for a folder (undefined: every form). */
  hrefOf: (folder?: string) => string;
  /** Deletes a folder (the list moves to every form first: the folder's own list is gone). */
  onDelete: (folder: Folder) => Promise<void>;
};

const chip =
  'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors';
const chipOff =
  'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700';
const chipOn = 'border-brand-600 bg-brand-600 text-white';

/** The folders to show the forms of, and making, renaming and deleting folders. */
export function FolderBar({ folders, selected, hrefOf, onDelete }: FolderBarProps) {
  const [editing, setEditing] = useState<'new' | 'rename' | 'delete' | null>(null);
  const current = folders.find((f) => String(f.id) === selected);
  const links = [
    { key: 'all', label: 'All forms', href: hrefOf(), on: selected === undefined, count: null },
    { key: NO_FOLDER, label: 'No folder', href: hrefOf(NO_FOLDER), on: selected === NO_FOLDER, count: null },
    ...folders.map((f) => ({
      key: String(f.id),
      label: f.name,
      href: hrefOf(String(f.id)),
      on: selected === String(f.id),
      count: f.form_count,
    })),
  ];
  return (
    <div className="mt-6 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label="Folders" className="min-w-0">
          <ul className="flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.key} className="min-w-0">
                <Link
                  to={link.href}
                  aria-current={link.on ? 'page' : undefined}
                  // The count said in words ('Events, 3 forms'); on screen it is the number alone.
                  aria-label={
                    link.count === null
                      ? undefined
                      : `${link.label}, ${link.count} ${link.count === 1 ? 'form' : 'forms'}`
                  }
                  className={cn(chip, 'max-w-full', link.on ? chipOn : chipOff)}
                >
                  <span className="truncate">{link.label}</span>
                  {link.count !== null && (
                    <span aria-hidden="true" className="text-xs opacity-80">
                      {link.count}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Button size="sm" variant="ghost" className="h-9" onClick={() => setEditing('new')}>
          <FolderPlus aria-hidden="true" className="h-4 w-4" />
          New folder
        </Button>
        {current && (
          <>
            <Button size="sm" variant="ghost" className="h-9" onClick={() => setEditing('rename')}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Rename folder
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-9 text-red-700 dark:text-red-400"
              onClick={() => setEditing('delete')}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete folder
            </Button>
          </>
        )}
      </div>
      {editing === 'new' && <FolderNameForm onDone={() => setEditing(null)} />}
      {editing === 'rename' && current && (
        <FolderNameForm key={current.id} folder={current} onDone={() => setEditing(null)} />
      )}
      {editing === 'delete' && current && (
        <DeleteFolder
          folder={current}
          onCancel={() => setEditing(null)}
          onDelete={() => {
            setEditing(null);
            return onDelete(current);
          }}
        />
      )}
    </div>
  );
}

/** Names a new folder, or renames one. */
function FolderNameForm({ folder, onDone }: { folder?: Folder; onDone: () => void }) {
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveFolder();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Name the folder');
    save.mutate(
      { id: folder?.id, name },
      {
        onSuccess: onDone,
        onError: (err) =>
          setError(
            err instanceof ApiError ? (err.fields?.name ?? err.message) : 'The folder could not be saved',
          ),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0 flex-1">
        <FormField label={folder ? `New name for “${folder.name}”` : 'Folder name'} error={error}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoFocus />
        </FormField>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {folder ? 'Rename' : 'Create folder'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteFolder(props: { folder: Folder; onCancel: () => void; onDelete: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const remove = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await props.onDelete();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <div
      role="alertdialog"
      aria-labelledby="delete-folder-title"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-red-900 dark:bg-red-950"
    >
      <p id="delete-folder-title" className="text-sm text-red-900 dark:text-red-100">
        Delete the folder “{props.folder.name}”? Its forms stay, in no folder.
        {failed && <span role="alert"> The folder could not be deleted. Try again.</span>}
      </p>
      <div className="flex gap-2">
        <Button variant="danger" disabled={busy} onClick={remove} autoFocus>
          Yes, delete it
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
