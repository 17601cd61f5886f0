import {
  ADDRESS_PART_NAMES,
  ADDRESS_PARTS,
  type AddressPart,
  requiredAddressParts,
  shownAddressParts,
} from '@formsmith/core/fields/address';
import type { FieldOf, FieldPatch } from '@formsmith/core/forms/field';
import { countryNames } from '../../../components/form-renderer/country-names.ts';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { Checkbox, Select } from '../../../components/ui/input.tsx';

/**
 * An address's parts (each shown or not, required or not) and the country its picker starts at.
 * A part hidden is not required; an address keeps at least one part besides the country.
 */
export function AddressProperties(props: { field: FieldOf<'address'>; update: (patch: FieldPatch) => void }) {
  const { field, update } = props;
  const shown = shownAddressParts(field);
  const required = requiredAddressParts(field);
  const setShown = (part: AddressPart, on: boolean) => {
    const parts = ADDRESS_PARTS.filter((p) => (p === part ? on : shown.includes(p)));
    if (!parts.some((p) => p !== 'country')) return;
    update({ parts, requiredParts: required.filter((p) => parts.includes(p)) });
  };
  const setRequired = (part: AddressPart, on: boolean) =>
    update({ requiredParts: ADDRESS_PARTS.filter((p) => (p === part ? on : required.includes(p))) });
  return (
    <>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium">Address parts</legend>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              <th className="font-medium">Part</th>
              <th className="font-medium">Shown</th>
              <th className="font-medium">Required</th>
            </tr>
          </thead>
          <tbody>
            {ADDRESS_PARTS.map((part) => (
              <tr key={part}>
                <td className="py-0.5 pe-2">{ADDRESS_PART_NAMES[part]}</td>
                <td>
                  <Checkbox
                    aria-label={`Show ${ADDRESS_PART_NAMES[part]}`}
                    checked={shown.includes(part)}
                    onChange={(e) => setShown(part, e.target.checked)}
                  />
                </td>
                <td>
                  <Checkbox
                    aria-label={`Require ${ADDRESS_PART_NAMES[part]}`}
                    checked={required.includes(part)}
                    disabled={!shown.includes(part)}
                    onChange={(e) => setRequired(part, e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <Labelled
        label="Default country"
        hint="The country picker starts here; it is stored only with an address the respondent types"
      >
        <Select
          value={field.defaultCountry ?? ''}
          onChange={(e) => update({ defaultCountry: e.target.value || undefined })}
        >
          <option value="">None: respondents pick one</option>
          {countryNames('en').map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
      </Labelled>
    </>
  );
}
