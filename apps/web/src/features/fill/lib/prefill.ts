import { addressPartName, isAddressCountry, shownAddressParts } from '@formsmith/core/fields/address';
import { DATE_RANGE_PARTS, dayNumber } from '@formsmith/core/fields/date-range';
import { type FieldOf, type FormField, optionsOf } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import {
  type FieldValue,
  type FieldValues,
  isCheckboxGroup,
} from '../../../components/form-renderer/values.ts';

/** The URL parameter that fills a field: the owner's name for it, else the field id. */
function paramOf(field: FormField): string | null {
  if (field.prefill?.fromUrl !== true) return null;
  return field.prefill.param?.trim() || field.id;
}

/** An option's value from the URL's text, which may name the option's value or its label. */
function optionValue(field: FormField, text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  return optionsOf(field)?.find((o) => o.value.toLowerCase() === wanted || o.label.toLowerCase() === wanted)
    ?.value;
}

function valueFromUrl(field: FormField, text: string): FieldValue | undefined {
  switch (field.type) {
    case 'checkbox':
      if (!isCheckboxGroup(field)) return ['true', '1', 'yes', 'on'].includes(text.trim().toLowerCase());
      return text.split(',').flatMap((part) => optionValue(field, part) ?? []);
    case 'radio':
    case 'select':
      return optionValue(field, text);
    // Pictures are prefilled like the choices they are: by value or label, several comma-separated.
    case 'picture_choice':
      if (!field.multiple) return optionValue(field, text);
      return text.split(',').flatMap((part) => optionValue(field, part) ?? []);
    // A '+' left unencoded in a link (?phone=+44…) reads as a space: it was the number's +code.
    case 'phone':
      return text.replace(/^ (?=\d)/, '+');
    // Files need an upload; images, page breaks and calculated values hold no answer.
    // A grid's rows and an order are answered on the page, not given by a link.
    // An address is prefilled part by part (?home[city]=Paris), a date range date by date
    // (?stay[start]=2026-05-01), in prefillFromUrl.
    case 'address':
    case 'date_range':
    case 'matrix':
    case 'ranking':
    case 'file':
    // A signature is made on the page, never given by a link.
    case 'signature':
    case 'image':
    case 'page_break':
    case 'calculated':
      return undefined;
    default:
      return text;
  }
}

/**
 * An address's parts from the URL, each under the field's parameter and the part's name
 * (`?ship[city]=Paris&ship[country]=FR`): the parts fill their inputs, a known country its picker.
 */
function prefillAddress(
  field: FieldOf<'address'>,
  param: string,
  params: URLSearchParams,
  filled: FieldValues,
) {
  const typed: Record<string, string> = {};
  for (const part of shownAddressParts(field)) {
    const text = params.get(`${param}[${part}]`);
    if (text === null || text.length > LIMITS.prefillMaxLength) continue;
    if (part !== 'country') typed[part] = text;
    else if (isAddressCountry(text.trim().toUpperCase()))
      filled[addressPartName(field.id, 'country')] = text.trim().toUpperCase();
  }
  if (Object.keys(typed).length > 0) filled[field.id] = typed;
}

/**
 * A date range's dates from the URL (`?stay[start]=2026-05-01&stay[end]=2026-05-04`): each that
 * names a day fills its input; the check that the end is not before the start is the page's.
 */
function prefillDateRange(param: string, params: URLSearchParams): Record<string, string> | undefined {
  const dates: Record<string, string> = {};
  for (const part of DATE_RANGE_PARTS) {
    const text = params.get(`${param}[${part}]`)?.trim();
    if (text !== undefined && dayNumber(text) !== undefined) dates[part] = text;
  }
  return Object.keys(dates).length > 0 ? dates : undefined;
}

/**
 * The blank form's values with what the page's URL gives the fields whose owner allows it
 * (`?ref=newsletter`): hidden fields are submitted with it, visible ones start filled in and stay
 * editable.
 */
export function prefillFromUrl(
  fields: readonly FormField[],
  values: FieldValues,
  search: string,
): FieldValues {
  const params = new URLSearchParams(search);
  const filled = { ...values };
  for (const field of fields) {
    const param = paramOf(field);
    if (field.type === 'address') {
      if (param !== null) prefillAddress(field, param, params, filled);
      continue;
    }
    if (field.type === 'date_range') {
      const dates = param === null ? undefined : prefillDateRange(param, params);
      if (dates) filled[field.id] = dates;
      continue;
    }
    const text = param === null ? null : params.get(param);
    // Longer than the server takes from a link: the field keeps its default instead.
    if (text === null || text.length > LIMITS.prefillMaxLength) continue;
    const value = valueFromUrl(field, text);
    if (value !== undefined) filled[field.id] = value;
  }
  return filled;
}
