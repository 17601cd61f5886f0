import { postedAddress } from '@formsmith/core/fields/address';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { postedDateRange } from '@formsmith/core/fields/date-range';
import { takesManyFiles } from '@formsmith/core/fields/files';
import { matrixCellName } from '@formsmith/core/fields/matrix';
import { allowsOther, OTHER_CHOICE, otherTextKey } from '@formsmith/core/fields/other';
import { phoneCountryKey } from '@formsmith/core/fields/phone-countries';
import { rankingFromPlaces, rankPlaceName } from '@formsmith/core/fields/ranking';
import {
  ANSWERED_NAME,
  type FieldValue,
  type FieldValues,
  type FileValue,
  fileValueSchema,
  type PostedFields,
  shownValueName,
} from '@formsmith/core/fill-page/state';
import type { FieldOf, FormField } from '@formsmith/core/forms/field';
import { hasRestingValue, isCheckboxGroup } from '../../../components/form-renderer/values.ts';

/** A file stored by an earlier screen, carried as JSON in a hidden input; null when there is none. */
function carriedFile(text: string | undefined): FileValue | null {
  if (!text) return null;
  try {
    const parsed = fileValueSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.upload_id ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A file field's files as posted: the ones stored by earlier posts (carried as JSON), then the
 * ones stored from this post. A field that takes one file keeps the newest.
 */
function postedFiles(field: FormField, sent: string[], stored: FileValue[]): FieldValue {
  if (!takesManyFiles(field)) return stored[0] ?? carriedFile(sent[0]);
  const carried = sent.flatMap((text) => carriedFile(text) ?? []);
  return [...carried, ...stored];
}

/**
 * A slider's or colour's posted value, which the browser sends whether or not anyone touched it:
 * an answer when it was moved from where the page drew it or its box was ticked, else nothing.
 * Carried from another screen (nothing drawn), it is what was answered there.
 */
function restingAnswer(field: FormField, posted: PostedFields): string {
  const sent = posted[field.id]?.[0] ?? '';
  const shown = posted[shownValueName(field.id)]?.[0];
  if (shown === undefined) return sent;
  const confirmed = (posted[ANSWERED_NAME] ?? []).includes(field.id);
  return confirmed || sent !== shown ? sent : '';
}

/**
 * A choice field with 'Other, please specify', as posted: the choices picked, and the Other box's
 * text. Text typed in the box with nothing picked (or, on checkboxes, without ticking Other) picks
 * Other, as typing in it does with JavaScript: what was typed is not dropped.
 */
function withOtherPosted(field: FormField, posted: PostedFields): FieldValues {
  const sent = (posted[field.id] ?? []).filter((v) => v !== '');
  const text = posted[otherTextKey(field.id)]?.[0] ?? '';
  const typed = text.trim() !== '';
  if (isCheckboxGroup(field)) {
    const picked = typed && !sent.includes(OTHER_CHOICE) ? [...sent, OTHER_CHOICE] : sent;
    return { [field.id]: picked, [otherTextKey(field.id)]: text };
  }
  return { [field.id]: sent[0] ?? (typed ? OTHER_CHOICE : ''), [otherTextKey(field.id)]: text };
}

/** A matrix as posted: each row's radio (or ticked boxes) under the row's name; rows left blank are absent. */
function postedMatrix(field: FieldOf<'matrix'>, posted: PostedFields): FieldValue {
  const answer: Record<string, string | string[]> = {};
  for (const row of field.rows) {
    const picked = (posted[matrixCellName(field.id, row.value)] ?? []).filter((v) => v !== '');
    if (picked.length === 0) continue;
    answer[row.value] = field.multiple ? picked : (picked[0] as string);
  }
  return answer;
}

/**
 * The values of a form posted without JavaScript, as the page's controls would hold them: the
 * inputs of the screen shown and the hidden inputs carrying the other screens' answers.
 */
export function readPostedValues(input: {
  fields: FormField[];
  posted: PostedFields;
  files: Record<string, FileValue[]>;
}): FieldValues {
  const values: FieldValues = {};
  for (const field of input.fields) {
    if (!takesAnswer(field.type) || field.type === 'calculated') continue;
    const sent = input.posted[field.id] ?? [];
    if (field.type === 'file') values[field.id] = postedFiles(field, sent, input.files[field.id] ?? []);
    else if (field.type === 'matrix') values[field.id] = postedMatrix(field, input.posted);
    else if (field.type === 'ranking')
      values[field.id] = rankingFromPlaces(
        field,
        (option) => input.posted[rankPlaceName(field.id, option.value)]?.[0] ?? '',
      );
    else if (field.type === 'address') {
      const { typed, country } = postedAddress(field, (name) => input.posted[name]?.[0]);
      values[field.id] = typed;
      values[phoneCountryKey(field.id)] = country;
    } else if (field.type === 'date_range')
      values[field.id] = postedDateRange(field.id, (name) => input.posted[name]?.[0]);
    // Several pictures post every ticked box; one posts its radio's value.
    else if (field.type === 'picture_choice')
      values[field.id] = field.multiple ? sent.filter((v) => v !== '') : (sent[0] ?? '');
    else if (field.type === 'phone') {
      values[field.id] = sent[0] ?? '';
      values[phoneCountryKey(field.id)] = input.posted[phoneCountryKey(field.id)]?.[0] ?? '';
    } else if (hasRestingValue(field)) values[field.id] = restingAnswer(field, input.posted);
    else if (allowsOther(field)) Object.assign(values, withOtherPosted(field, input.posted));
    else if (isCheckboxGroup(field)) values[field.id] = sent.filter((v) => v !== '');
    // A ticked box posts 'on' (or 'true' when carried); an unticked one posts nothing.
    else if (field.type === 'checkbox') values[field.id] = sent.some((v) => v !== '' && v !== 'false');
    else values[field.id] = sent[0] ?? '';
  }
  return values;
}
