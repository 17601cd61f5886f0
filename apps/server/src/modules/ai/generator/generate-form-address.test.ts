import { describe, expect, it } from 'vitest';
import { providerFormSchema } from '../provider-schema.ts';
import { generateForm } from './generate-form.ts';

describe('generateForm: addresses', () => {
  it.each([
    ['Delivery form: your name, your address and your phone', 'address'],
    ['Newsletter by post: name, email and mailing address', 'mailing address'],
    ['Order form: product, quantity and shipping address', 'shipping address'],
    ['Commande : nom, e-mail et adresse de livraison', 'adresse'],
    ['Bestellung: Name, E-Mail-Adresse und Lieferadresse, bitte.', 'lieferadresse'],
  ])('asks "%s" with an address field', (prompt, word) => {
    const form = generateForm(prompt);
    const field = form.fields.find((f) => f.label.toLowerCase().includes(word));
    expect(field, JSON.stringify(form.fields.map((f) => [f.label, f.type]))).toMatchObject({
      type: 'address',
    });
  });

  it('keeps an email address an email field', () => {
    const form = generateForm('Contact form: name and email address');
    expect(form.fields.map((f) => f.type)).not.toContain('address');
    expect(form.fields.map((f) => f.type)).toContain('email');
  });

  it('reads a model’s address field, with the country it names, through the provider schema', () => {
    const parsed = providerFormSchema.parse({
      title: 'Shipping',
      description: null,
      fields: [
        { label: 'Shipping address', type: 'address', required: true, options: [], rows: [], country: 'de' },
        {
          label: 'Billing address',
          type: 'address',
          required: false,
          options: [],
          rows: [],
          country: 'Narnia',
        },
      ],
    });
    expect(parsed.fields[0]).toMatchObject({
      type: 'address',
      label: 'Shipping address',
      defaultCountry: 'DE',
    });
    expect(parsed.fields[1]).toMatchObject({ type: 'address' });
    expect(parsed.fields[1]).not.toHaveProperty('defaultCountry');
  });
});
