// Postal addresses: an object of parts (line 1, line 2, city, region, postal code, country as an
// ISO 3166-1 alpha-2 code), empty parts absent. The country picker starts at the owner's default
// country, but a country alone is no answer: nothing a person did not type is stored as if they
// had. The countries are the phone field's (phone-countries.ts), one list for both pickers.
import type { FieldOf } from '../forms/field.ts';
import { ADDRESS_PARTS } from './constants.ts';
import { isPhoneCountry, phoneCountryKey } from './phone-countries.ts';
import { isRecord, isTextParts, partText } from './read.ts';

export { ADDRESS_PARTS };

export type AddressField = FieldOf<'address'>;

export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressAnswer = Partial<Record<AddressPart, string>>;

/** The parts an address asks for unless the owner picks: line 2 and the region may be left blank. */
export const ADDRESS_REQUIRED_DEFAULT: readonly AddressPart[] = ['line1', 'city', 'postalCode', 'country'];

/** The most characters each part takes: generous for any country's lines, short for a postal code. */
export const ADDRESS_PART_MAX_LENGTH: Readonly<Record<AddressPart, number>> = {
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postalCode: 20,
  country: 2,
};

/** The browser's autofill names of the parts. */
export const ADDRESS_AUTOCOMPLETE: Readonly<Record<AddressPart, string>> = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
};

export function isAddressPart(part: unknown): part is AddressPart {
  return typeof part === 'string' && (ADDRESS_PARTS as readonly string[]).includes(part);
}

/** The country codes the picker offers (the phone picker's). */
export const isAddressCountry = isPhoneCountry;

/**
 * The page's name for one part's input: `<id>[city]`. The country's is the phone picker's name,
 * so the browser's values keep the picked country under the same key for both types.
 */
export function addressPartName(fieldId: string, part: AddressPart): string {
  return part === 'country' ? phoneCountryKey(fieldId) : `${fieldId}[${part}]`;
}

/** The parts the page shows, in order. */
export function shownAddressParts(field: Pick<AddressField, 'parts'>): AddressPart[] {
  const shown = field.parts;
  return shown && shown.length > 0 ? ADDRESS_PARTS.filter((p) => shown.includes(p)) : [...ADDRESS_PARTS];
}

/** The parts a respondent must fill once they answer (or always, when the question is required). */
export function requiredAddressParts(field: Pick<AddressField, 'parts' | 'requiredParts'>): AddressPart[] {
  const required = field.requiredParts ?? ADDRESS_REQUIRED_DEFAULT;
  return shownAddressParts(field).filter((p) => required.includes(p));
}

/** The page's words for a country's region and postal code (chrome keys), where they differ. */
export type AddressWords = {
  region: 'field.addressState' | 'field.addressProvince' | 'field.addressCounty' | 'field.addressRegion';
  postalCode:
    | 'field.addressZip'
    | 'field.addressPostcode'
    | 'field.addressEircode'
    | 'field.addressPostalCode';
};

/** Any other country's: State / Province / Region, Postal code. */
const DEFAULT_WORDS: AddressWords = { region: 'field.addressRegion', postalCode: 'field.addressPostalCode' };

const COUNTRY_WORDS: Readonly<Record<string, AddressWords>> = {
  US: { region: 'field.addressState', postalCode: 'field.addressZip' },
  CA: { region: 'field.addressProvince', postalCode: 'field.addressPostalCode' },
  GB: { region: 'field.addressCounty', postalCode: 'field.addressPostcode' },
  IE: { region: 'field.addressCounty', postalCode: 'field.addressEircode' },
  AU: { region: 'field.addressState', postalCode: 'field.addressPostcode' },
  IN: { region: 'field.addressState', postalCode: 'field.addressPostalCode' },
};

/** The words for the country picked (the default's when none is, or one of no table's). */
export function addressWords(country: string | undefined): AddressWords {
  return (country && COUNTRY_WORDS[country]) || DEFAULT_WORDS;
}

/**
 * Postal codes checked for their shape, in countries where one shape is all there is. Elsewhere
 * any text within the part's length is taken: a wrong refusal costs more than a typo.
 */
const POSTAL_CODE_SHAPES: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(?:-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
};

export function postalCodeFits(country: string | undefined, code: string): boolean {
  const shape = country ? POSTAL_CODE_SHAPES[country] : undefined;
  return shape ? shape.test(code.trim()) : true;
}

/** The text of one part of an answer ('' when absent). */
export function addressPart(value: unknown, part: AddressPart): string {
  return partText(value, part);
}

/** Whether a value has an address answer's shape: an object of texts under parts' names only. */
export function isAddressAnswer(value: unknown): boolean {
  return isTextParts(value, isAddressPart);
}

/** Whether a respondent typed any part: a country alone (the picker's suggestion) is no answer. */
export function addressAnswered(value: unknown): boolean {
  return ADDRESS_PARTS.some((p) => p !== 'country' && addressPart(value, p) !== '');
}

/**
 * The answer the page sends for the parts typed and the country picked: the shown parts with the
 * country beside them once any part is typed, else nothing ({}).
 */
export function addressWithCountry(
  field: Pick<AddressField, 'parts'>,
  country: unknown,
  typed: unknown,
): AddressAnswer {
  if (!addressAnswered(typed)) return {};
  const answer: AddressAnswer = {};
  for (const part of shownAddressParts(field)) {
    const text = part === 'country' ? (typeof country === 'string' ? country : '') : addressPart(typed, part);
    if (text !== '') answer[part] = text;
  }
  return answer;
}

/**
 * The answer as stored: parts trimmed, blank ones dropped, the country upper-cased; a country
 * alone stores nothing. What is not an object of texts is returned as sent, for validation.
 */
export function storedAddress(value: unknown): unknown {
  if (!isRecord(value) || !Object.values(value).every((v) => typeof v === 'string')) return value;
  if (!addressAnswered(value)) return {};
  const stored: Record<string, string> = {};
  for (const [part, text] of Object.entries(value as Record<string, string>)) {
    const trimmed = text.trim();
    if (trimmed !== '') stored[part] = part === 'country' ? trimmed.toUpperCase() : trimmed;
  }
  return stored;
}

export type AddressMessages = {
  required: string;
  address: string;
  addressParts: string;
  addressCountry: string;
  postalCode: string;
};

/** Why an address answer is refused, or null (its parts' lengths are checked first, by checkAddressLengths). */
export function checkAddress(field: AddressField, value: unknown, m: AddressMessages): string | null {
  if (!isRecord(value)) return m.address;
  const shown = shownAddressParts(field);
  for (const [part, text] of Object.entries(value)) {
    if (!isAddressPart(part) || typeof text !== 'string') return m.address;
    if (text.trim() !== '' && !shown.includes(part)) return m.address;
  }
  if (!addressAnswered(value)) return field.validation.required ? m.required : null;
  const country = addressPart(value, 'country').toUpperCase();
  if (country !== '' && !isAddressCountry(country)) return m.addressCountry;
  if (requiredAddressParts(field).some((p) => addressPart(value, p) === '')) return m.addressParts;
  const postalCode = addressPart(value, 'postalCode');
  if (postalCode !== '' && !postalCodeFits(country || undefined, postalCode)) return m.postalCode;
  return null;
}

/** A country's name in a language ('DE' is 'Germany', 'Allemagne'…); the code when none is known. */
export function countryName(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The answer as lines, as an envelope reads: street lines, 'City Region Postcode', the country. */
export function addressLines(value: unknown, locale = 'en'): string[] {
  const part = (p: AddressPart) => addressPart(value, p);
  const place = [part('city'), part('region'), part('postalCode')].filter(Boolean).join(' ');
  const country = part('country');
  return [
    part('line1'),
    part('line2'),
    place,
    country ? countryName(country.toUpperCase(), locale) : '',
  ].filter((line) => line !== '');
}

/** The answer as one line (tables, mails' subject lines, recall): its lines joined by commas. */
export function addressText(value: unknown, locale = 'en'): string {
  if (typeof value === 'string') return value;
  return addressLines(value, locale).join(', ');
}

/** The country an answer names (what logic compares and analytics count), or undefined. */
export function addressCountry(value: unknown): string | undefined {
  const country = addressPart(value, 'country').toUpperCase();
  return addressAnswered(value) && isAddressCountry(country) ? country : undefined;
}

/** The parts' names in the export's columns and the owner's pages (the owner's UI is English). */
export const ADDRESS_PART_NAMES: Readonly<Record<AddressPart, string>> = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  region: 'State / Province / Region',
  postalCode: 'Postal code',
  country: 'Country',
};

/**
 * A part longer than its limit, or more parts than there are: checked before anything else reads
 * the answer, as every answer's length is (answer-length.ts).
 */
export function checkAddressLengths(
  value: object,
  m: { maxLength: (n: number) => string; option: string },
): string | null {
  const entries = Object.entries(value);
  if (entries.length > ADDRESS_PARTS.length) return m.option;
  for (const [part, text] of entries) {
    // A part that is none is refused by checkAddress, which names what is wrong.
    if (!isAddressPart(part) || part === 'country' || typeof text !== 'string') continue;
    if (text.length > ADDRESS_PART_MAX_LENGTH[part]) return m.maxLength(ADDRESS_PART_MAX_LENGTH[part]);
  }
  return null;
}

/**
 * An address posted without JavaScript: each shown part's input under its own name, as the
 * page's controls hold them (the typed parts, and the country picked under the picker's name).
 */
export function postedAddress(
  field: Pick<AddressField, 'id' | 'parts'>,
  posted: (name: string) => string | undefined,
): { typed: Record<string, string>; country: string } {
  const typed: Record<string, string> = {};
  for (const part of shownAddressParts(field)) {
    const text = posted(addressPartName(field.id, part)) ?? '';
    if (part !== 'country' && text !== '') typed[part] = text;
  }
  const country = shownAddressParts(field).includes('country')
    ? (posted(addressPartName(field.id, 'country')) ?? '')
    : '';
  return { typed, country };
}
