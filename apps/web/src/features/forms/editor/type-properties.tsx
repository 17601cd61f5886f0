import type { FieldValidation, FormField } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NumberRule } from './number-rule.tsx';

type Props = {
  field: FormField;
  update: (patch: Partial<FormField>) => void;
  setRule: (patch: Partial<FieldValidation>) => void;
};

const MB = 1024 * 1024;

/**
 * What only some types have: an image's picture, a file's accepted types and size, a scale's
 * step, the words at an NPS scale's ends.
 */
export function TypeProperties({ field, update, setRule }: Props) {
  switch (field.type) {
    case 'image':
      return (
        <Labelled label="Image URL" hint="The picture shown in the form">
          <Input
            type="url"
            placeholder="https://example.com/picture.png"
            value={field.imageUrl ?? ''}
            onChange={(e) => update({ imageUrl: e.target.value || undefined })}
          />
        </Labelled>
      );
    case 'file':
      return (
        <>
          <Labelled
            label="Accepted file types"
            hint="Extensions or types, comma-separated, e.g. .pdf, image/*"
          >
            <Input
              value={(field.validation.accept ?? []).join(', ')}
              onChange={(e) => {
                const accept = e.target.value
                  .split(',')
                  .map((part) => part.trim())
                  .filter(Boolean);
                setRule({ accept: accept.length ? accept : undefined });
              }}
            />
          </Labelled>
          <NumberRule
            label={`Largest file (MB, at most ${LIMITS.uploadMaxBytes / MB})`}
            min={0}
            value={field.validation.maxFileSize === undefined ? undefined : field.validation.maxFileSize / MB}
            onChange={(mb) => setRule({ maxFileSize: mb === undefined ? undefined : Math.round(mb * MB) })}
          />
        </>
      );
    case 'nps':
      return (
        <>
          <Labelled label="Label under 0" hint="e.g. Not at all likely">
            <Input
              value={field.lowLabel ?? ''}
              onChange={(e) => update({ lowLabel: e.target.value || undefined })}
            />
          </Labelled>
          <Labelled label="Label under 10" hint="e.g. Extremely likely">
            <Input
              value={field.highLabel ?? ''}
              onChange={(e) => update({ highLabel: e.target.value || undefined })}
            />
          </Labelled>
        </>
      );
    case 'range':
      return (
        <NumberRule
          label="Step"
          min={0}
          value={field.validation.step}
          onChange={(step) => setRule({ step })}
        />
      );
    default:
      return null;
  }
}
