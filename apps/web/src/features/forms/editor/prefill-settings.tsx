import type { FieldPatch, FormField } from '@formsmith/core/forms/field';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { CheckboxField, Input } from '../../../components/ui/input.tsx';

/** Types a URL parameter cannot fill: files, pictures, calculations and page breaks. */
const NOT_PREFILLABLE: ReadonlySet<FormField['type']> = new Set([
  'file',
  'image',
  'calculated',
  'page_break',
]);

type Props = { field: FormField; update: (patch: FieldPatch) => void };

/**
 * Filling the field from the page's address (`?ref=…`, under the parameter named here): only when
 * the owner allows it, for hidden and visible fields alike.
 */
export function PrefillSettings({ field, update }: Props) {
  if (NOT_PREFILLABLE.has(field.type)) return null;
  // Hidden fields too take a URL value only when the owner allows it: otherwise anyone with the
  // link could set what the owner meant to fix.
  const hidden = field.type === 'hidden';
  const allowed = field.prefill?.fromUrl === true;
  const param = (
    <Labelled label="URL parameter" hint={`The address's ?${field.prefill?.param || field.id}=… fills it`}>
      <Input
        value={field.prefill?.param ?? ''}
        placeholder={field.id}
        spellCheck={false}
        className="font-mono"
        onChange={(e) => update({ prefill: { fromUrl: allowed, param: e.target.value || undefined } })}
      />
    </Labelled>
  );
  return (
    <>
      <CheckboxField
        label={hidden ? 'Take its value from the URL' : 'Allow prefilling from the URL'}
        checked={allowed}
        onChange={(e) =>
          update({ prefill: e.target.checked ? { fromUrl: true, param: field.prefill?.param } : undefined })
        }
      />
      {allowed && param}
    </>
  );
}
