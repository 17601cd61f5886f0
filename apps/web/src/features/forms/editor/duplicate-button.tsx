import { CopyPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDuplicateForm } from '../../../lib/forms-api/duplicate-form.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';

type DuplicateButtonProps = {
  /** Stores what is not saved yet; false when that failed. */
  saveNow: () => Promise<boolean>;
  /** The form as stored after that save. */
  getStored: () => StoredForm | undefined;
  onError: (message: string) => void;
};

/**
 * 'Duplicate': saves the draft first (the copy is made from the stored form, and would otherwise
 * miss the last edits), then opens the copy in the editor.
 */
export function DuplicateButton({ saveNow, getStored, onError }: DuplicateButtonProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { mutateAsync: duplicateForm } = useDuplicateForm();
  const duplicate = async () => {
    setBusy(true);
    try {
      const saved = (await saveNow()) ? getStored() : undefined;
      if (!saved)
        return onError('Your changes could not be saved, so the form was not duplicated. Try again.');
      const copy = await duplicateForm(saved.id);
      navigate(`/forms/${copy.id}/edit`);
    } catch (error) {
      onError(error instanceof Error ? error.message : 'The form could not be duplicated');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={duplicate} disabled={busy} aria-label="Duplicate this form">
      <CopyPlus aria-hidden="true" className="h-4 w-4" />
      <span className="hidden sm:inline">{busy ? 'Duplicating…' : 'Duplicate'}</span>
    </Button>
  );
}
