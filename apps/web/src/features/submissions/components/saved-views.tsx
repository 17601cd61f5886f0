import type { AnswerFilter } from '@formsmith/core/submissions/answer-filter';
import type { SavedView } from '@formsmith/core/submissions/view-state';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, Input, Select } from '../../../components/ui/input.tsx';
import { useDeleteView, useSavedViews, useSaveView } from '../api/saved-views.ts';

type SavedViewsProps = {
  formId: number;
  columns: string[];
  filter: AnswerFilter | null;
  onOpen: (view: SavedView) => void;
};

/** Opens a saved view (its columns and answer filter), saves the table as one, deletes one's own. */
export function SavedViews({ formId, columns, filter, onOpen }: SavedViewsProps) {
  const views = useSavedViews(formId);
  const save = useSaveView(formId);
  const remove = useDeleteView(formId);
  const [picked, setPicked] = useState('');
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const current = views.data?.find((v) => v.id === picked);

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
      {current?.mine && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => remove.mutate(current.id, { onSuccess: () => setPicked('') })}
        >
          Delete view
        </Button>
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
      {save.error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
