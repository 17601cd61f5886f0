import { describe, expect, it } from 'vitest';
import { providerFormSchema } from '../provider-schema.ts';
import { generateForm } from './generate-form.ts';

describe('generateForm: phone numbers', () => {
  it.each([
    ['Contact form: name, email and phone number', 'phone'],
    ['Volunteer signup: your name, your mobile, and which days you can help', 'mobile'],
    ['Formulaire de contact : nom, e-mail et téléphone', 'téléphone'],
    [
      'Kontaktformular für Anfragen: Ihr Name, Ihre E-Mail-Adresse und Ihre Telefonnummer, bitte.',
      'telefonnummer',
    ],
  ])('asks "%s" with a phone field', (prompt, word) => {
    const form = generateForm(prompt);
    const field = form.fields.find((f) => f.label.toLowerCase().includes(word));
    expect(field, JSON.stringify(form.fields.map((f) => [f.label, f.type]))).toMatchObject({ type: 'phone' });
  });

  it('reads a model’s phone field, with the country it names, through the provider schema', () => {
    const parsed = providerFormSchema.parse({
      title: 'Call back',
      description: null,
      fields: [
        { label: 'Mobile', type: 'phone', required: true, options: [], rows: [], country: 'gb' },
        { label: 'Landline', type: 'phone', required: false, options: [], rows: [], country: 'Narnia' },
        { label: 'Name', type: 'text', required: true, options: [], rows: [], country: 'GB' },
      ],
    });
    expect(parsed.fields[0]).toMatchObject({ type: 'phone', label: 'Mobile', defaultCountry: 'GB' });
    expect(parsed.fields[1]).not.toHaveProperty('defaultCountry');
    expect(parsed.fields[2]).not.toHaveProperty('defaultCountry');
  });
});
