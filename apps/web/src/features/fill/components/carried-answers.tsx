import { type AddressPart, addressPartName, addressWithCountry } from '@formsmith/core/fields/address';
import { takesAnswer } from '@formsmith/core/fields/constants';
import {
  DATE_RANGE_PARTS,
  type DateRangePart,
  dateRangePart,
  dateRangePartName,
} from '@formsmith/core/fields/date-range';
import { matrixCellName, matrixRowAnswer } from '@formsmith/core/fields/matrix';
import { allowsOther, otherTextKey } from '@formsmith/core/fields/other';
import { phoneCountryKey } from '@formsmith/core/fields/phone-countries';
import { placesOf, rankPlaceName } from '@formsmith/core/fields/ranking';
import type { FormField } from '@formsmith/core/forms/field';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import {
  controlIdOf,
  type FieldValue,
  type FieldValues,
  fileValues,
  textList,
} from '../../../components/form-renderer/values.ts';

/** A value as the posted strings of its inputs (none for an unticked box or no file). */
function postedStrings(value: FieldValue): string[] {
  if (value === null || value === false) return [];
  if (value === true) return ['true'];
  if (typeof value === 'string') return [value];
  // A stored file (or each of several) rides as its JSON.
  const files = fileValues(value);
  if (files.length > 0) return files.flatMap((file) => (file.upload_id ? [JSON.stringify(file)] : []));
  if (Array.isArray(value)) return textList(value);
  return [];
}

/**
 * The inputs of a field whose control posts under names of its own, as that control posts them:
 * a matrix each row's columns under the row's name, a ranking each ranked option's place, an
 * address each part typed and the country picked, a date range each date typed.
 */
function namedInputs(
  field: FormField,
  value: FieldValue,
  values: FieldValues,
): [string, string][] | undefined {
  if (field.type === 'address') {
    const typed = addressWithCountry(field, values[phoneCountryKey(field.id)], value);
    return Object.entries(typed).map(([part, text]): [string, string] => [
      addressPartName(field.id, part as AddressPart),
      text,
    ]);
  }
  if (field.type === 'date_range') {
    return DATE_RANGE_PARTS.flatMap((part: DateRangePart): [string, string][] => {
      const date = dateRangePart(value, part);
      return date === '' ? [] : [[dateRangePartName(field.id, part), date]];
    });
  }
  if (field.type === 'matrix') {
    return field.rows.flatMap((row) =>
      matrixRowAnswer(value, row.value).map((column): [string, string] => [
        matrixCellName(field.id, row.value),
        column,
      ]),
    );
  }
  if (field.type === 'ranking') {
    const places = placesOf(textList(value));
    return field.options.flatMap((option): [string, string][] => {
      const place = places.get(option.value);
      return place === undefined ? [] : [[rankPlaceName(field.id, option.value), String(place)]];
    });
  }
  return undefined;
}

/** Whether a field's value rides in a hidden input: off this screen, read-only, or a stored file. */
function isCarried(field: FormField, shown: ReadonlySet<string>, value: FieldValue): boolean {
  if (!takesAnswer(field.type) || field.type === 'calculated') return false;
  if (field.type === 'file') return fileValues(value).length > 0;
  return !shown.has(field.id) || field.isReadOnly === true;
}

/**
 * The answers of the other screens as hidden inputs. Without JavaScript the server steps through
 * the form, and each screen posts everything answered so far; with it, the page sends nothing
 * from here.
 */
export function CarriedAnswers(props: { fields: FormField[]; shown: FormField[]; values: FieldValues }) {
  const shown = new Set(props.shown.map((f) => f.id));
  return (
    <>
      {props.fields.flatMap((field) => {
        const value = props.values[field.id] ?? null;
        if (!isCarried(field, shown, value)) return [];
        const named = namedInputs(field, value, props.values);
        if (named) {
          return named.map(([name, text]) => (
            <input key={`${name}:${text}`} type="hidden" name={name} value={text} />
          ));
        }
        // A field's posted strings are distinct (one text, or the options ticked).
        const inputs = postedStrings(value).map((text) => (
          <input key={`${field.id}:${text}`} type="hidden" name={field.id} value={text} />
        ));
        // A phone's country goes with its number, so that the number reads the same on the last screen.
        const country = props.values[phoneCountryKey(field.id)];
        if (field.type === 'phone' && typeof country === 'string' && country !== '') {
          const name = phoneCountryKey(field.id);
          return [...inputs, <input key={name} type="hidden" name={name} value={country} />];
        }
        const other = props.values[otherTextKey(field.id)];
        if (!allowsOther(field) || typeof other !== 'string' || other === '') return inputs;
        const name = otherTextKey(field.id);
        return [...inputs, <input key={name} type="hidden" name={name} value={other} />];
      })}
    </>
  );
}

/** The errors of a screen as links to their fields, above the form (focused when the server sent them). */
export function ErrorSummary(props: {
  fields: FormField[];
  errors: Record<string, string>;
  prefix: string;
  focus: boolean;
}) {
  const { t } = useChrome();
  const invalid = props.fields.filter((f) => props.errors[f.id]);
  if (invalid.length === 0) return null;
  const headingId = `${props.prefix}-errors`;
  return (
    <section
      tabIndex={-1}
      autoFocus={props.focus}
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <h2 id={headingId} className="font-semibold">
        {t('form.errorSummary')}
      </h2>
      <ul className="list-disc space-y-1 ps-5">
        {invalid.map((field) => (
          <li key={field.id}>
            <a href={`#${controlIdOf(props.prefix, field)}`} className="underline underline-offset-2">
              {field.label}: {props.errors[field.id]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
