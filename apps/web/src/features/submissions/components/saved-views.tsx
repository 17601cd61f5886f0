import type { AnswerFilter } from '@formsmith/core/submissions/answer-filter';
import type { SavedView } from '@formsmith/core/submissions/view-state';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, Input, Select } from '../../../components/ui/input.tsx';
import { useDeleteView, useSavedViews, useSaveView, useUpdateView } from '../api/saved-views.ts';

type SavedViewsProps = {
  formId: number;
  columns: string[];
  filter: AnswerFilter | null;
  onOpen: (view: SavedView) => void;
};

/**
 * Opens a saved view (its columns and answer filter), saves the table as one, and renames or
 * deletes one's own (a deletion is asked again first).
 */
export function SavedViews({ formId, columns, filter, onOpen }: SavedViewsProps) {
  const views = useSavedViews(formId);
  const save = useSaveView(formId);
  const remove = useDeleteView(formId);
  const [picked, setPicked] = useState('');
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  // The open view's own controls: renaming it (with the name typed so far) or confirming its deletion.
  const [mode, setMode] = useState<'idle' | 'renaming' | 'deleting'>('idle');
  const [newName, setNewName] = useState('');
  const rename = useUpdateView(formId);
  const current = views.data?.find((v) => v.id === picked);

  const submitRename = (e: React.FormEvent) => {
    e.preventDefault();
    if (!current) return;
    const body = { name: newName, shared: current.shared, state: current.state };
    rename.mutate({ id: current.id, body }, { onSuccess: () => setMode('idle') });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name, shared, state: { columns, filter } },
      {
        onSuccess: (view) => {
          setSaving(false);
          setName('');
          setPicked(view.id);
        },
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        aria-label="Saved view"
        className="w-full sm:w-56"
        value={picked}
        onChange={(e) => {
          setPicked(e.target.value);
          setMode('idle');
          rename.reset();
          remove.reset();
          const view = views.data?.find((v) => v.id === e.target.value);
          if (view) onOpen(view);
        }}
      >
        <option value="">{views.data?.length ? 'Open a saved view…' : 'No saved views yet'}</option>
        {views.data?.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
            {v.shared ? ' (shared)' : ''}
          </option>
        ))}
      </Select>
      {current?.mine && mode === 'idle' && (
        <>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setNewName(current.name);
              setMode('renaming');
            }}
          >
            Rename view
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMode('deleting')}>
            Delete view
          </Button>
        </>
      )}
      {current?.mine && mode === 'renaming' && (
        <form
          aria-label="Rename the view"
          onSubmit={submitRename}
          className="flex w-full flex-wrap items-center gap-2 sm:w-auto"
        >
          <Input
            aria-label="New name of the view"
            className="w-full sm:w-48"
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
          />
          <Button type="submit" size="sm" disabled={rename.isPending}>
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setMode('idle');
              rename.reset();
            }}
          >
            Cancel
          </Button>
        </form>
      )}
      {current?.mine && mode === 'deleting' && (
        <fieldset aria-label="Delete the view" className="flex flex-wrap items-center gap-2 text-sm">
          <span>Delete “{current.name}”?</span>
          <Button
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(current.id, {
                onSuccess: () => {
                  setPicked('');
                  setMode('idle');
                },
              })
            }
          >
            Delete
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMode('idle')}>
            Keep it
          </Button>
        </fieldset>
      )}
      {!saving ? (
        <Button variant="secondary" size="sm" onClick={() => setSaving(true)}>
          Save view
        </Button>
      ) : (
        <form onSubmit={submit} className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Input
            aria-label="View name"
            placeholder="View name"
            className="w-full sm:w-48"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <CheckboxField
            label="Share with the team"
            checked={shared}
            onChange={(e) => setShared(e.target.checked)}
          />
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSaving(false)}>
            Cancel
          </Button>
        </form>
      )}
      {[save.error, rename.error, remove.error].map(
        (error) =>
          error && (
            <p key={error.message} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
              {error.message}
            </p>
          ),
      )}
    </div>
  );
}
