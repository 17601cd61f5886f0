import fc from 'fast-check';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type FieldOf, fieldSchema } from '../forms/field.ts';
import { fromWireField, toWireField } from '../forms/field-wire.ts';
import { checkFieldLimits } from '../forms/limits.ts';
import { normalizeField } from '../forms/read-field.ts';
import { operatorHolds } from '../logic/conditions.ts';
import { formatAnswer } from './answer-format.ts';
import { answerColumns, columnText } from './export-columns.ts';
import { phoneE164, phoneText } from './phone.ts';
import { CALLING_CODES, phoneCallingCode, phoneWithCountry } from './phone-countries.ts';
import { storedAnswer } from './stored-answer.ts';
import { makeField } from './test-fields.ts';
import { validateFieldValue } from './validate.ts';

const phone = makeField('phone', { validation: { required: true } }) as FieldOf<'phone'>;
const inGb = { ...phone, defaultCountry: 'GB' };

// A valid number of every country the metadata has an example for, in E.164.
const numbers = getCountries().flatMap((country) => {
  const example = getExampleNumber(country, examples);
  return example ? [{ country, e164: example.number as string, national: example.formatNational() }] : [];
});

describe('phone fields', () => {
  it('offer the same countries and calling codes as the phone-number metadata', () => {
    expect(Object.keys(CALLING_CODES).sort()).toEqual([...getCountries()].sort());
    for (const country of getCountries()) expect(CALLING_CODES[country]).toBe(getCountryCallingCode(country));
  });

  it('format every valid E.164 number so that it reads back as itself, however it is spaced', () => {
    expect(numbers.length).toBeGreaterThan(200);
    fc.assert(
      fc.property(fc.constantFrom(...numbers), fc.constantFrom(' ', '-', '', '  '), ({ e164 }, gap) => {
        const shown = phoneText(e164);
        expect(shown.startsWith('+')).toBe(true);
        expect(phoneE164(shown)).toBe(e164);
        expect(phoneE164(shown.replaceAll(' ', gap))).toBe(e164);
        expect(storedAnswer(phone, shown)).toBe(e164);
      }),
      { numRuns: 500 },
    );
  });

  it('name the calling code of every valid number, the one its country has', () => {
    for (const { country, e164 } of numbers)
      expect(phoneCallingCode(e164)).toBe(`+${CALLING_CODES[country]}`);
    expect(phoneCallingCode('+44 20 7183 8750')).toBe('+44');
    expect(phoneCallingCode('020 7183 8750')).toBeUndefined();
    expect(phoneCallingCode(42)).toBeUndefined();
  });

  it('read a national number with the country picked as the same E.164 number', () => {
    fc.assert(
      fc.property(fc.constantFrom(...numbers), ({ country, e164, national }) => {
        expect(phoneE164(phoneWithCountry(country, national))).toBe(e164);
        expect(phoneE164(national, country)).toBe(e164);
      }),
      { numRuns: 500 },
    );
  });

  it('store a valid number in E.164, read nationally in the default country', () => {
    expect(storedAnswer(phone, '+44 20 7183 8750')).toBe('+442071838750');
    expect(storedAnswer(phone, '0044 20 7183 8750')).toBe('+442071838750');
    expect(storedAnswer(inGb, '020 7183 8750')).toBe('+442071838750');
    expect(storedAnswer(phone, phoneWithCountry('GB', '020 7183 8750'))).toBe('+442071838750');
    // Without a country a national number cannot be read: kept as sent, for validation to refuse.
    expect(storedAnswer(phone, '020 7183 8750')).toBe('020 7183 8750');
  });

  it('refuse what is no valid number with a clear message, and take a valid one', () => {
    const message = 'Please enter a valid phone number, with its country';
    expect(validateFieldValue(phone, '+442071838750')).toBeNull();
    expect(validateFieldValue(phone, '+44 12')).toBe(message);
    expect(validateFieldValue(phone, 'call me')).toBe(message);
    expect(validateFieldValue(phone, '020 7183 8750')).toBe(message);
    expect(validateFieldValue(inGb, '020 7183 8750')).toBeNull();
    expect(validateFieldValue(phone, '')).toBe('This field is required');
  });

  it('show a stored number in the international format in tables, mails and exports', () => {
    expect(formatAnswer(phone, '+442071838750')).toBe('+44 20 7183 8750');
    const [column] = answerColumns(phone);
    expect(columnText(phone, column!, '+14155552671')).toBe('+1 415 555 2671');
    // Typed before numbers were checked: shown as typed.
    expect(formatAnswer(phone, 'ask at reception')).toBe('ask at reception');
  });

  it('keep the default country over the wire and through the door, refusing an unknown one on save', () => {
    expect(fromWireField(toWireField(inGb))).toEqual(inGb);
    expect(normalizeField({ type: 'tel', label: 'Phone', default_country: 'de' }, 0)).toMatchObject({
      type: 'phone',
      defaultCountry: 'DE',
    });
    const result = z
      .array(fieldSchema)
      .check(checkFieldLimits)
      .safeParse([{ ...phone, defaultCountry: 'XX' }]);
    expect(result.success).toBe(false);
  });

  it('start with a country code in logic, typed with its country or stored', () => {
    expect(operatorHolds('starts_with', '+442071838750', '+44')).toBe(true);
    expect(operatorHolds('starts_with', phoneWithCountry('GB', '020 7183 8750'), '+44')).toBe(true);
    expect(operatorHolds('starts_with', '+14155552671', '+44')).toBe(false);
    expect(operatorHolds('starts_with', '', '+44')).toBe(false);
    expect(operatorHolds('starts_with', '+442071838750', '')).toBe(false);
  });
});
