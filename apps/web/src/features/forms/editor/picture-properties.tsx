import { isPicturePath } from '@formsmith/core/fields/picture-choice';
import type { FieldOf, FieldPatch, PictureOption } from '@formsmith/core/forms/field';
import { createContext, useContext, useState } from 'react';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { Checkbox, Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadPicture } from '../../../lib/forms-api/upload-picture.ts';

/** The form being edited, for what the editor stores under it (a picture choice's pictures). */
export const EditorFormIdContext = createContext<number | undefined>(undefined);

type Props = { field: FieldOf<'picture_choice'>; update: (patch: FieldPatch) => void };

/** A picture choice's own properties: one or several answers, and each option's picture and alt text. */
export function PictureProperties({ field, update }: Props) {
  const formId = useContext(EditorFormIdContext);
  const setOption = (index: number, patch: Partial<PictureOption>) =>
    update({ options: field.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${field.id}-multiple`}
          checked={field.multiple === true}
          onChange={(e) => update({ multiple: e.target.checked || undefined })}
        />
        <label htmlFor={`${field.id}-multiple`} className="text-sm font-medium">
          Allow several answers
        </label>
      </div>
      {formId === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Pictures can be added once the form is saved.
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Pictures">
          {field.options.map((option, index) => (
            <PictureRow
              key={option.id}
              formId={formId}
              option={option}
              onChange={(patch) => setOption(index, patch)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function PictureRow(props: {
  formId: number;
  option: PictureOption;
  onChange: (patch: Partial<PictureOption>) => void;
}) {
  const { option } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      props.onChange({ image: (await uploadPicture(props.formId, file)).url });
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'The picture could not be uploaded. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  const missingAlt = option.image !== undefined && (option.alt ?? '').trim() === '';
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p className="text-sm font-medium [overflow-wrap:anywhere]">{option.label}</p>
      {isPicturePath(option.image) && (
        <img src={option.image} alt={option.alt ?? ''} className="max-h-32 rounded-md" />
      )}
      <Labelled
        label={option.image ? `Replace picture of ${option.label}` : `Picture of ${option.label}`}
        hint="JPEG, PNG, WebP, GIF or AVIF, up to 10 MB"
      >
        <input
          type="file"
          accept="image/*"
          disabled={busy}
          className="block w-full text-sm"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Labelled>
      {busy && (
        <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
          Uploading…
        </p>
      )}
      {error && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
      {option.image !== undefined && (
        <>
          <Labelled
            label={`Alt text of ${option.label}`}
            hint="What the picture shows, for people who cannot see it"
            error={missingAlt ? 'An alt text is needed to publish the form' : undefined}
          >
            <Input value={option.alt ?? ''} onChange={(e) => props.onChange({ alt: e.target.value })} />
          </Labelled>
          <button
            type="button"
            className="text-sm text-red-700 underline dark:text-red-400"
            onClick={() => props.onChange({ image: undefined, alt: undefined })}
          >
            Remove picture
          </button>
        </>
      )}
    </li>
  );
}
