import { describe, expect, it } from 'vitest';
import { providerFormSchema, SYSTEM_PROMPT } from '../provider-schema.ts';
import { generateForm } from './generate-form.ts';

describe('generateForm: signatures', () => {
  it.each([
    ['Consent form: your full name, your email and your signature', 'signature'],
    ['Rental agreement: tenant name, move-in date, and sign here', 'sign'],
    ['Autorización: nombre, correo electrónico y firma', 'firma'],
    ['Einverständniserklärung: Name, E-Mail-Adresse und Unterschrift', 'unterschrift'],
  ])('asks "%s" with a signature field', (prompt, word) => {
    const form = generateForm(prompt);
    const field = form.fields.find((f) => f.label.toLowerCase().includes(word));
    expect(field, JSON.stringify(form.fields.map((f) => [f.label, f.type]))).toMatchObject({
      type: 'signature',
    });
  });

  it('keeps a signature date a date', () => {
    const form = generateForm('Consent form: name, signature and signature date');
    const date = form.fields.find((f) => /signature date/i.test(f.label));
    expect(date, JSON.stringify(form.fields.map((f) => [f.label, f.type]))).toMatchObject({ type: 'date' });
  });

  it('tells the model about signatures and reads its signature field through the provider schema', () => {
    expect(SYSTEM_PROMPT).toContain('signature');
    const parsed = providerFormSchema.parse({
      title: 'Waiver',
      description: null,
      fields: [
        { label: 'Sign here', type: 'Signature', required: true, options: [], rows: [], country: null },
      ],
    });
    expect(parsed.fields[0]).toMatchObject({
      type: 'signature',
      label: 'Sign here',
      validation: { required: true },
    });
  });
});
