import { optionsOf } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { generateForm } from './generator/generate-form.ts';
import { FORM_JSON_SCHEMA, providerFormSchema } from './provider-schema.ts';

// The model path must be able to answer with anything the built-in generator builds: a type
// missing from the schema's enum is one a model in strict mode can never return.
const REQUESTS = [
  'Lease agreement: tenant name, your address, phone number, dates of stay, and sign here',
  'Staff survey: rate each of the following: pay, hours, team (poor, fair, good), how likely are you to recommend us 0-10, will you stay next year',
  'Perks poll: name, and rank these perks (gym, lunch, parking)',
  'Cafe feedback: your name, and rate your visit out of 5 stars',
  'Wedding RSVP: name, email, meal choice beef, fish or vegetarian, which songs do you like: pop, rock, jazz, photo consent, page break, message',
];
const schemaTypes: readonly string[] = FORM_JSON_SCHEMA.properties.fields.items.properties.type.enum;

describe('the model path schema', () => {
  it('names every new field type of the palette', () => {
    for (const type of ['signature', 'matrix', 'ranking', 'address', 'phone', 'rating', 'date_range']) {
      expect(schemaTypes).toContain(type);
    }
  });

  it('accepts every type the built-in generator emits, as a model would send it', () => {
    const fields = REQUESTS.flatMap((request) => generateForm(request).fields);
    const emitted = new Set(fields.map((f) => f.type));
    for (const type of ['signature', 'matrix', 'ranking', 'address', 'phone', 'rating', 'date_range']) {
      expect(emitted).toContain(type);
    }
    for (const type of emitted) expect(schemaTypes).toContain(type);
    const answer = {
      title: 'All types',
      description: null,
      fields: fields.map((f) => ({
        label: f.label,
        type: f.type,
        required: f.validation.required,
        options: optionsOf(f)?.map((o) => o.label) ?? [],
        rows: f.type === 'matrix' ? ['Pay', 'Hours'] : [],
        placeholder: null,
        help_text: null,
        min: null,
        max: null,
        country: null,
      })),
    };
    const parsed = providerFormSchema.parse(answer);
    expect(parsed.fields.map((f) => f.type)).toEqual(fields.map((f) => f.type));
  });
});
