// Phone answers: parsed and checked with libphonenumber-js (its small 'min' metadata), stored in
// E.164 ('+442071838750') and shown in the international format ('+44 20 7183 8750'). The public
// page loads this with the validator, after the form shows; see phone-countries.ts for what its
// first bundle needs.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { FieldOf } from '../forms/field.ts';
import { isPhoneCountry } from './phone-countries.ts';

export type PhoneField = FieldOf<'phone'>;

/** A number written with 00 for the international prefix is read as written with +. */
function international(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
}

/**
 * The number in E.164, when the text is a valid phone number: international (+…), or national in
 * the default country when one is given. Undefined otherwise.
 */
export function phoneE164(text: string, defaultCountry?: string): string | undefined {
  const country = isPhoneCountry(defaultCountry) ? (defaultCountry as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(international(text), country);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The answer as stored: a valid number in E.164; anything else as sent, for validation to refuse. */
export function storedPhone(field: PhoneField, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return phoneE164(value, field.defaultCountry) ?? value;
}

/** Why a (non-empty) phone answer is refused, or null. */
export function checkPhone(field: PhoneField, value: unknown, m: { phone: string }): string | null {
  return typeof value === 'string' && phoneE164(value, field.defaultCountry) ? null : m.phone;
}

/**
 * A stored number as people read it: the international format ('+44 20 7183 8750'). Text that is
 * no valid number (typed before phone answers were checked) is shown as it was typed.
 */
export function phoneText(value: unknown): string {
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
  const parsed = parsePhoneNumberFromString(international(value));
  return parsed?.isValid() ? parsed.formatInternational() : value;
}
