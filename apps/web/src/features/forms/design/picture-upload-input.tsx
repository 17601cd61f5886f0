import type { PicturePurpose } from '@formsmith/core/fields/picture-choice';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadPicture } from '../../../lib/forms-api/upload-picture.ts';

type Props = {
  formId: number;
  purpose: PicturePurpose;
  label: string;
  /** What the instance does with the picture, under the input. */
  hint?: string;
  /** The path the instance serves the kept picture at. */
  onUploaded: (url: string) => void;
};

/** A file input that uploads a picture to this instance, saying while it works and why it refused one. */
export function PictureUploadInput({ formId, purpose, label, hint, onUploaded }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded((await uploadPicture(formId, file, purpose)).url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The picture could not be uploaded. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={fileId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={fileId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        disabled={busy}
        aria-describedby={
          [hint && `${fileId}-hint`, error && `${fileId}-error`].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-slate-800"
      />
      {hint && (
        <p id={`${fileId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {busy && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Uploading…
        </p>
      )}
      {error && (
        <p id={`${fileId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
