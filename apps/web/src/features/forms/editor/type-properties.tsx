import { RATING_MAX_STARS, RATING_MIN_STARS } from '@formsmith/core/fields/constants';
import { CALLING_CODES } from '@formsmith/core/fields/phone-countries';
import { ratingStars } from '@formsmith/core/fields/rating';
import type { FieldOf, FieldPatch, FieldValidation, FormField } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import { countryNames } from '../../../components/form-renderer/country-names.ts';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { Checkbox, Input, Select } from '../../../components/ui/input.tsx';
import { AddressProperties } from './address-properties.tsx';
import { DateRangeProperties } from './date-range-properties.tsx';
import { NumberRule } from './number-rule.tsx';
import { PictureProperties } from './picture-properties.tsx';

type Props = {
  field: FormField;
  update: (patch: FieldPatch) => void;
  setRule: (patch: Partial<FieldValidation>) => void;
};

const MB = 1024 * 1024;

/**
 * What only some types have: an image's picture, a file's accepted types and size, a slider's
 * step, the words at the ends of an NPS scale or a slider, a matrix's checkboxes, a rating's stars,
 * a ranking's top N.
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
          <NumberRule
            label={`How many files (1 to ${LIMITS.uploadMaxFiles})`}
            hint="More than 1 lets respondents add several files; empty takes one"
            min={1}
            max={LIMITS.uploadMaxFiles}
            value={field.validation.maxFiles}
            // What the owner typed is stored as typed; a total only counts when several files are
            // allowed, so setting 1 drops it rather than keep a limit that does nothing.
            onChange={(n) =>
              setRule(
                n === undefined
                  ? { maxFiles: undefined }
                  : { maxFiles: Math.floor(n), ...(n < 2 ? { maxTotalSize: undefined } : {}) },
              )
            }
          />
          {((field.validation.maxFiles ?? 1) > 1 || field.validation.maxTotalSize !== undefined) && (
            <NumberRule
              label="Total size of all files (MB)"
              hint="Leave empty for no total limit"
              min={0}
              value={
                field.validation.maxTotalSize === undefined ? undefined : field.validation.maxTotalSize / MB
              }
              onChange={(mb) => setRule({ maxTotalSize: mb === undefined ? undefined : Math.round(mb * MB) })}
            />
          )}
        </>
      );
    case 'nps':
      return (
        <EndLabels
          field={field}
          update={update}
          low={{ label: 'Label under 0', hint: 'e.g. Not at all likely' }}
          high={{ label: 'Label under 10', hint: 'e.g. Extremely likely' }}
        />
      );
    case 'matrix':
      return (
        <CheckboxRow
          id={`${field.id}-multiple`}
          checked={field.multiple === true}
          label="Several answers per row (checkboxes)"
          onChange={(multiple) => update({ multiple: multiple || undefined })}
        />
      );
    case 'rating':
      return (
        <>
          <Labelled label="Number of stars">
            <Select
              value={String(ratingStars(field))}
              onChange={(e) => update({ stars: Number(e.target.value) })}
            >
              {Array.from(
                { length: RATING_MAX_STARS - RATING_MIN_STARS + 1 },
                (_, i) => i + RATING_MIN_STARS,
              ).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Labelled>
          <CheckboxRow
            id={`${field.id}-half`}
            checked={field.halfStars === true}
            label="Allow half stars"
            onChange={(halfStars) => update({ halfStars: halfStars || undefined })}
          />
        </>
      );
    case 'picture_choice':
      return <PictureProperties field={field} update={update} />;
    case 'ranking':
      return (
        <NumberRule
          label="Rank only the top"
          hint="Empty: respondents order every option"
          min={1}
          max={field.options.length}
          value={field.rankTop}
          onChange={(rankTop) =>
            update({ rankTop: rankTop === undefined || rankTop < 1 ? undefined : Math.floor(rankTop) })
          }
        />
      );
    case 'phone':
      return (
        <Labelled label="Default country" hint="The country picker starts here; respondents can change it">
          <Select
            value={field.defaultCountry ?? ''}
            onChange={(e) => update({ defaultCountry: e.target.value || undefined })}
          >
            <option value="">None: numbers typed with their +code</option>
            {countryChoices().map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </Select>
        </Labelled>
      );
    case 'address':
      return <AddressProperties field={field} update={update} />;
    case 'date_range':
      return <DateRangeProperties field={field} update={update} setRule={setRule} />;
    case 'range':
      return (
        <>
          <NumberRule
            label="Step"
            min={0}
            value={field.validation.step}
            onChange={(step) => setRule({ step })}
          />
          <EndLabels
            field={field}
            update={update}
            low={{ label: 'Label at the low end', hint: 'e.g. Cold' }}
            high={{ label: 'Label at the high end', hint: 'e.g. Hot' }}
          />
        </>
      );
    default:
      return null;
  }
}

/** The words under the two ends of a 0 to 10 scale or a slider; an emptied box removes its word. */
function EndLabels(props: {
  field: FieldOf<'nps' | 'range'>;
  update: (patch: FieldPatch) => void;
  low: { label: string; hint: string };
  high: { label: string; hint: string };
}) {
  const { field, update } = props;
  return (
    <>
      <Labelled label={props.low.label} hint={props.low.hint}>
        <Input
          value={field.lowLabel ?? ''}
          onChange={(e) => update({ lowLabel: e.target.value || undefined })}
        />
      </Labelled>
      <Labelled label={props.high.label} hint={props.high.hint}>
        <Input
          value={field.highLabel ?? ''}
          onChange={(e) => update({ highLabel: e.target.value || undefined })}
        />
      </Labelled>
    </>
  );
}

/** The countries of the phone picker, named in English as the editor is, by name. */
function countryChoices() {
  return countryNames('en').map(({ code, name }) => ({ code, label: `${name} (+${CALLING_CODES[code]})` }));
}

function CheckboxRow(props: {
  id: string;
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={props.id} checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
    </div>
  );
}
