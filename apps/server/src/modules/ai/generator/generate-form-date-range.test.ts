import { describe, expect, it } from 'vitest';
import { providerFormSchema, SYSTEM_PROMPT } from '../provider-schema.ts';
import { generateForm } from './generate-form.ts';

describe('generateForm: date ranges', () => {
  it.each([
    ['Hotel booking: your name, your email and dates of stay', 'dates of stay'],
    ['Guest form: name, phone, check-in and check-out', 'check'],
    ['Leave request: employee name, from … to …, and the reason', 'from'],
    ['Event planning: organiser email and date range', 'date range'],
    ['Trip request: traveller name, destination and travel dates', 'travel dates'],
  ])('asks "%s" with a date range field', (prompt, word) => {
    const form = generateForm(prompt);
    const field = form.fields.find((f) => f.label.toLowerCase().includes(word));
    expect(field, JSON.stringify(form.fields.map((f) => [f.label, f.type]))).toMatchObject({
      type: 'date_range',
    });
  });

  it('keeps a single date a date', () => {
    const form = generateForm('Registration: name, email and date of birth');
    expect(form.fields.map((f) => f.type)).not.toContain('date_range');
    expect(form.fields.map((f) => f.type)).toContain('date');
  });

  it('tells the model about date ranges and reads its date range field through the provider schema', () => {
    expect(SYSTEM_PROMPT).toContain('date_range');
    const parsed = providerFormSchema.parse({
      title: 'Booking',
      description: null,
      fields: [
        { label: 'Dates of stay', type: 'date_range', required: true, options: [], rows: [], country: null },
      ],
    });
    expect(parsed.fields[0]).toMatchObject({
      type: 'date_range',
      label: 'Dates of stay',
      validation: { required: true },
    });
  });
});
