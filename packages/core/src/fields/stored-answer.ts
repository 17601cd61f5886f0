// Kept apart from answers.ts, which the public page's first bundle reads: storing a phone number
// parses it, and the phone-number library loads there only with the validator.
import type { FormField } from '../forms/field.ts';
import { storedAddress } from './address.ts';
import { numericAnswer } from './answers.ts';
import { storedDateRange } from './date-range.ts';
import { storedMatrix } from './matrix.ts';
import { storedPhone } from './phone.ts';
import { storedPictureChoice } from './picture-choice.ts';
import { storedRanking } from './ranking.ts';

/**
 * The answer as it is stored: a phone number in E.164 ('+442071838750'), an NPS score or a star
 * rating as a number ('7' becomes 7), an address's parts trimmed (a country alone is none), a matrix without its empty rows, a matrix column or ranked
 * option given by its label stored by its value, a yes/no as 'yes' or 'no' (true/false and any
 * letter case read too). Anything else, or what cannot be read, is returned as sent, for
 * validation to refuse.
 */
export function storedAnswer(field: FormField, value: unknown): unknown {
  if (field.type === 'nps' || field.type === 'rating') return numericAnswer(value) ?? value;
  if (field.type === 'matrix') return storedMatrix(field, value);
  if (field.type === 'ranking') return storedRanking(field, value);
  if (field.type === 'picture_choice') return storedPictureChoice(field, value);
  if (field.type === 'phone') return storedPhone(field, value);
  if (field.type === 'address') return storedAddress(value);
  if (field.type === 'date_range') return storedDateRange(value);
  if (field.type !== 'yes_no') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return text === 'yes' || text === 'no' ? text : value;
}
