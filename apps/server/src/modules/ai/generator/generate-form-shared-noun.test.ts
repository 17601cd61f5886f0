import type { FormField } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { generateForm } from './generate-form.ts';
import { fieldLabelled, optionLabels } from './test-fields.ts';

const brief = (fields: FormField[]) =>
  fields.map((f) => ({ type: f.type, label: f.label, options: optionLabels(f) }));

describe('generateForm on a list item that is itself "A or B noun"', () => {
  it.each([
    'Restaurant booking: name, email, date, party size, indoor or outdoor seating',
    'A table booking form with name, phone, party size, indoor or outdoor seating, special requests',
    'Book a table. We need your name, party size, indoor or outdoor seating, and a preferred time',
    'Reserve a table: party size; indoor or outdoor seating; email',
  ])('asks the party size as a number and the seating as a choice: %s', (description) => {
    const { fields } = generateForm(description);
    expect(fieldLabelled(fields, 'party size').type).toBe('number');
    const seating = fieldLabelled(fields, 'seating');
    expect(seating).toMatchObject({ type: 'radio', label: 'Seating' });
    expect(optionLabels(seating)).toEqual(['Indoor', 'Outdoor']);
    expect(fields.some((f) => /party/i.test(f.label) && f.type === 'radio')).toBe(false);
  });

  it('reads the noun and its two alike words anywhere in a list, not only after a size', () => {
    const { fields } = generateForm(
      'Workshop sign-up: name, email, morning or evening session, smoking or non-smoking room, group size',
    );
    expect(brief(fields)).toEqual([
      { type: 'text', label: 'Name', options: undefined },
      { type: 'email', label: 'Email', options: undefined },
      { type: 'radio', label: 'Session', options: ['Morning', 'Evening'] },
      { type: 'radio', label: 'Room', options: ['Smoking', 'Non-smoking'] },
      { type: 'number', label: 'Group size', options: undefined },
    ]);
  });

  it('still ends a list the item before began, and leaves unlike words as a list or a text', () => {
    expect(brief(generateForm('meal choice beef, fish or vegetarian').fields)).toEqual([
      { type: 'radio', label: 'Meal choice', options: ['Beef', 'Fish', 'Vegetarian'] },
    ]);
    expect(brief(generateForm('order: name, drink water, juice or soft drink').fields)[1]).toEqual({
      type: 'radio',
      label: 'Drink',
      options: ['Water', 'Juice', 'Soft drink'],
    });
    // 'hotel or pickup point' names a place to write in, not two kinds of point.
    const pickup = fieldLabelled(
      generateForm('Tour booking: name, hotel or pickup point, date').fields,
      'pickup',
    );
    expect(pickup.type).toBe('text');
  });
});
