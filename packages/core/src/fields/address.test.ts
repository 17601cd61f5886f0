import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { FieldOf } from '../forms/field.ts';
import { fieldSchema } from '../forms/field.ts';
import { fromWireField, toWireField } from '../forms/field-wire.ts';
import { checkFieldLimits } from '../forms/limits.ts';
import { normalizeField } from '../forms/read-field.ts';
import { chromeFor } from '../i18n/chrome-all.ts';
import { operatorHolds } from '../logic/conditions.ts';
import { formLogicSchema } from '../logic/definition.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { recallText } from '../logic/recall.ts';
import { runForm } from '../logic/run.ts';
import {
  ADDRESS_PART_MAX_LENGTH,
  ADDRESS_PARTS,
  addressLines,
  addressPartName,
  addressText,
  addressWithCountry,
  addressWords,
  postedAddress,
  requiredAddressParts,
} from './address.ts';
import { formatAnswer } from './answer-format.ts';
import { isEmptyAnswer } from './answers.ts';
import { answerColumns, columnText } from './export-columns.ts';
import { CALLING_CODES } from './phone-countries.ts';
import { storedAnswer } from './stored-answer.ts';
import { makeField } from './test-fields.ts';
import { VALIDATION_MESSAGES as M, validateFieldValue } from './validate.ts';

const address = makeField('address', { label: 'Address' }) as FieldOf<'address'>;
const required = { ...address, validation: { required: true } };
const london = {
  line1: '10 Downing Street',
  city: 'London',
  postalCode: 'SW1A 2AA',
  country: 'GB',
};

describe('address fields', () => {
  it('take a whole address and refuse one missing a required part', () => {
    expect(validateFieldValue(required, london)).toBeNull();
    expect(validateFieldValue(required, { ...london, city: '' })).toBe(M.addressParts);
    expect(validateFieldValue(required, { ...london, country: undefined })).not.toBeNull();
    // Line 2 and the region are optional unless the owner says otherwise.
    expect(requiredAddressParts(address)).toEqual(['line1', 'city', 'postalCode', 'country']);
    const strict = { ...required, requiredParts: [...ADDRESS_PARTS] };
    expect(validateFieldValue(strict, london)).toBe(M.addressParts);
  });

  it('count an address with only the preselected country as unanswered, and store nothing for it', () => {
    expect(validateFieldValue(required, { country: 'GB' })).toBe(M.required);
    expect(validateFieldValue(address, { country: 'GB' })).toBeNull();
    expect(isEmptyAnswer(storedAnswer(address, { country: 'GB', city: '  ' }))).toBe(true);
    expect(addressWithCountry(address, 'GB', {})).toEqual({});
    expect(addressWithCountry(address, 'GB', { city: 'London' })).toEqual({ city: 'London', country: 'GB' });
  });

  it('refuse an unknown country, a malformed postal code where one shape is all there is, and parts too long', () => {
    expect(validateFieldValue(address, { ...london, country: 'XX' })).toBe(M.addressCountry);
    for (const [country, code] of [
      ['US', '1234'],
      ['CA', '12345'],
      ['GB', '12345'],
      ['DE', 'ABCDE'],
      ['FR', '7500'],
      ['NL', '1234'],
    ])
      expect(validateFieldValue(address, { ...london, country, postalCode: code }), country).toBe(
        M.postalCode,
      );
    for (const [country, code] of [
      ['US', '94105-1234'],
      ['CA', 'K1A 0B1'],
      ['GB', 'sw1a2aa'],
      ['DE', '10117'],
      ['FR', '75001'],
      ['NL', '1012 AB'],
      ['JP', '100-0001'],
      ['BR', 'anything at all'],
    ])
      expect(validateFieldValue(address, { ...london, country, postalCode: code }), country).toBeNull();
    const long = 'x'.repeat(ADDRESS_PART_MAX_LENGTH.line1 + 1);
    expect(validateFieldValue(address, { ...london, line1: long })).toBe(
      M.maxLength(ADDRESS_PART_MAX_LENGTH.line1),
    );
    expect(validateFieldValue(address, { ...london, street: 'x' })).toBe(M.address);
    expect(validateFieldValue(address, '10 Downing Street')).toBe(M.address);
    const noRegion = { ...address, parts: ADDRESS_PARTS.filter((p) => p !== 'region') };
    expect(validateFieldValue(noRegion, { ...london, region: 'Kent' })).toBe(M.address);
  });

  it('store every answer it accepts so that it reads back the same and is accepted again', () => {
    const part = fc.string({ maxLength: 20 }).map((s) => s.replace(/\s+/g, ' '));
    const answer = fc.record(
      {
        line1: part.filter((s) => s.trim() !== ''),
        line2: part,
        city: part.filter((s) => s.trim() !== ''),
        region: part,
        postalCode: fc.constantFrom('SW1A 2AA', '10117', '1012 AB', '12345', 'anything'),
        country: fc.constantFrom(...Object.keys(CALLING_CODES), 'gb'),
      },
      { requiredKeys: ['line1', 'city', 'postalCode', 'country'] },
    );
    fc.assert(
      fc.property(answer, (value) => {
        const stored = storedAnswer(address, value);
        expect(storedAnswer(address, stored)).toEqual(stored);
        expect(validateFieldValue(address, stored)).toBe(validateFieldValue(address, value));
        expect(formatAnswer(address, stored)).toBe(formatAnswer(address, value));
        for (const text of Object.values(stored as object)) expect(text).toBe(text.trim());
      }),
      { numRuns: 300 },
    );
  });

  it('are read as lines with the country named in the reader’s language, and exported one column per part', () => {
    const answer = { ...london, line2: 'Westminster' };
    expect(addressLines(answer)).toEqual([
      '10 Downing Street',
      'Westminster',
      'London SW1A 2AA',
      'United Kingdom',
    ]);
    expect(addressLines(answer, 'fr').at(-1)).toBe('Royaume-Uni');
    expect(formatAnswer(address, answer)).toBe(
      '10 Downing Street, Westminster, London SW1A 2AA, United Kingdom',
    );
    const columns = answerColumns(address);
    expect(columns.map((c) => c.label)).toEqual([
      'Address — Address line 1',
      'Address — Address line 2',
      'Address — City',
      'Address — State / Province / Region',
      'Address — Postal code',
      'Address — Country',
    ]);
    expect(columns.map((c) => columnText(address, c, answer))).toEqual([
      '10 Downing Street',
      'Westminster',
      'London',
      '',
      'SW1A 2AA',
      'GB',
    ]);
  });

  it('are recalled as one line and compared by country in logic', () => {
    const fields = logicFieldsOf([address]);
    const logic = formLogicSchema.parse({});
    const run = runForm(fields, logic, { [address.id]: london });
    expect(recallText(`Ship to {{${address.id}}}`, { fields, logic, run })).toBe(
      'Ship to 10 Downing Street, London SW1A 2AA, United Kingdom',
    );
    expect(operatorHolds('equals', london, 'GB')).toBe(true);
    expect(operatorHolds('not_equals', london, 'FR')).toBe(true);
    expect(operatorHolds('equals', { country: 'GB' }, 'GB')).toBe(false);
    expect(operatorHolds('is_empty', storedAnswer(address, { country: 'GB' }))).toBe(true);
    expect(operatorHolds('is_not_empty', london)).toBe(true);
  });

  it('use each country’s words for the region and postal code, and a default elsewhere', () => {
    const en = chromeFor('en');
    const words = (country?: string) => {
      const w = addressWords(country);
      return [en.t(w.region), en.t(w.postalCode)];
    };
    expect(words('US')).toEqual(['State', 'ZIP code']);
    expect(words('CA')).toEqual(['Province', 'Postal code']);
    expect(words('GB')).toEqual(['County', 'Postcode']);
    expect(words('IE')).toEqual(['County', 'Eircode']);
    expect(words('DE')).toEqual(['State / Province / Region', 'Postal code']);
    expect(words(undefined)).toEqual(['State / Province / Region', 'Postal code']);
  });

  it('keep parts, required parts and default country over the wire and through the door; refuse an unknown country', () => {
    const owned = {
      ...address,
      parts: ['line1', 'city', 'country'],
      requiredParts: ['line1'],
      defaultCountry: 'DE',
    };
    expect(fromWireField(toWireField(owned as FieldOf<'address'>))).toEqual(owned);
    expect(
      normalizeField(
        { type: 'address', label: 'Home', parts: ['city', 'street', 'line1'], country: 'fr' },
        0,
      ),
    ).toMatchObject({ type: 'address', parts: ['line1', 'city'], defaultCountry: 'FR' });
    const saved = (defaultCountry: string) =>
      z
        .array(fieldSchema)
        .check(checkFieldLimits)
        .safeParse([{ ...address, defaultCountry }]);
    expect(saved('Narnia').error?.issues[0]?.message).toBe(
      'The default country must be a known country code, like GB',
    );
    expect(saved('GB').success).toBe(true);
  });

  it('name each part’s input under the field, the country as the phone picker names it', () => {
    expect(addressPartName('home', 'city')).toBe('home[city]');
    expect(addressPartName('home', 'country')).toBe('home[country]');
  });

  it('read a page posted without JavaScript part by part, a country picked alone as no answer', () => {
    const form = { 'home[line1]': '1 Rue de Rivoli', 'home[city]': 'Paris', 'home[postalCode]': '75001' };
    const field = { ...address, id: 'home' };
    const read = (posted: Record<string, string>) => {
      const { typed, country } = postedAddress(field, (name) => posted[name]);
      return storedAnswer(field, addressWithCountry(field, country, typed));
    };
    expect(read({ ...form, 'home[country]': 'FR' })).toEqual({
      line1: '1 Rue de Rivoli',
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
    });
    expect(read({ 'home[country]': 'FR', 'home[city]': '' })).toEqual({});
    // A part the owner does not show is not read, whatever is posted under its name.
    const noRegion = { ...field, parts: ADDRESS_PARTS.filter((p) => p !== 'region') };
    expect(
      postedAddress(noRegion, (name) => ({ ...form, 'home[region]': 'IDF' })[name]).typed,
    ).not.toHaveProperty('region');
  });

  it('show text stored before addresses had parts as it was typed', () => {
    expect(addressText('Old text address')).toBe('Old text address');
  });
});
