import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { formOf } from '@formsmith/core/instruction/test-forms';
import { describe, expect, it } from 'vitest';
import { interpretBuiltin } from './service.ts';

// A feedback form with one star rating, edited the way Ask AI does when no model is set up.
const form = formOf('Restaurant feedback', [
  ['Name', 'text', true],
  ['Email', 'email'],
  ['Food', 'rating'],
  ['Comments', 'textarea'],
]);

function edit(instruction: string, on: EditableForm = form) {
  const reading = interpretBuiltin(instruction, on);
  if (!reading.ok) throw new Error(reading.question.message);
  return applyEditPatch(on, reading.patch);
}
const food = (f: EditableForm) => f.fields.find((x) => x.label === 'Food');

describe('Ask AI without a model on a star rating', () => {
  it.each(['make the rating out of 10 stars', 'use 10 stars', 'give the food rating ten stars'])(
    'sets the number of stars: %s',
    (instruction) => {
      expect(food(edit(instruction))).toMatchObject({ type: 'rating', stars: 10 });
    },
  );

  it('allows half stars, and takes them away', () => {
    const halves = edit('allow half stars');
    expect(food(halves)).toMatchObject({ halfStars: true });
    expect(food(edit('no half stars please', halves))).toMatchObject({
      type: 'rating',
      halfStars: undefined,
    });
  });

  it('adds a 10-star rating with 10 stars', () => {
    const added = edit('add a 10-star rating for the service').fields.find((f) => f.label === 'Service');
    expect(added).toMatchObject({ type: 'rating', stars: 10 });
  });

  it('refuses a count a star rating cannot have, saying the range', () => {
    const reading = interpretBuiltin('make the rating out of 20 stars', form);
    expect(reading.ok).toBe(false);
    if (!reading.ok)
      expect(reading.question.message).toMatch(/cannot have 20 stars: a star rating has 1 to 10/);
  });
});
