import { describe, expect, it } from 'vitest';
import { applyEditPatch } from '../forms/apply-edit-patch.ts';
import type { EditableForm } from '../forms/edit-patch.ts';
import { interpretInstruction } from './interpret.ts';
import { CONTACT } from './test-forms.ts';

function edited(instruction: string, form: EditableForm) {
  const reading = interpretInstruction(instruction, form);
  if (!reading.ok) throw new Error(reading.question.message);
  return applyEditPatch(form, reading.patch);
}
const asked = (instruction: string, form: EditableForm) => {
  const reading = interpretInstruction(instruction, form);
  if (reading.ok) throw new Error(`expected a question, got: ${reading.patch.summary}`);
  return reading.question.message;
};
const field = (form: EditableForm, label: string) => form.fields.find((f) => f.label === label);
const RATED = edited('add a star rating for the service', CONTACT);
const TWO_RATINGS = edited('add a star rating for the food', RATED);

describe('the built-in interpreter on a star rating’s stars', () => {
  it.each([
    'make the rating out of 10 stars',
    'use 10 stars',
    'Use ten stars please',
    'set the service rating to 10 stars',
    'make the service rating out of 10',
    'give the service question 10 stars',
    'utilise 10 étoiles',
  ])('sets the count of stars: %s', (instruction) => {
    expect(field(edited(instruction, RATED), 'Service')).toMatchObject({ type: 'rating', stars: 10 });
  });

  it.each([
    'allow half stars',
    'let people give half stars on the service rating',
    'add half stars to the rating',
    'halbe Sterne erlauben',
  ])('allows half stars: %s', (instruction) => {
    expect(field(edited(instruction, RATED), 'Service')).toMatchObject({ halfStars: true });
  });

  it('takes half stars away again, and keeps the count when only half stars change', () => {
    const halves = edited('use 7 stars and allow half stars', RATED);
    expect(field(halves, 'Service')).toMatchObject({ stars: 7, halfStars: true });
    for (const instruction of [
      'no half stars',
      'whole stars only',
      'disable half stars on the service rating',
    ]) {
      const whole = field(edited(instruction, halves), 'Service');
      expect(whole).toMatchObject({ stars: 7 });
      expect(whole).not.toHaveProperty('halfStars', true);
    }
  });

  it('names the rating when the form has two, and asks which when it does not', () => {
    const form = edited('make the food rating out of 10 stars', TWO_RATINGS);
    expect(field(form, 'Food')).toMatchObject({ stars: 10 });
    expect(field(form, 'Service')).toMatchObject({ type: 'rating', stars: undefined });
    expect(asked('use 10 stars', TWO_RATINGS)).toMatch(/Which star rating/);
  });

  it.each([
    ['use 12 stars', /cannot have 12 stars: a star rating has 1 to 10 whole stars/],
    ['make the rating out of 0 stars', /cannot have 0 stars: a star rating has 1 to 10/],
    ['use 2.5 stars', /cannot have 2\.5 stars/],
    ['make the email out of 10 stars', /'Email' is not a star rating/],
  ])('refuses what a rating cannot be, saying why: %s', (instruction, message) => {
    expect(asked(instruction, RATED)).toMatch(message);
  });

  it('leaves a number scale out of 10 to the other readers', () => {
    const scaled = edited("add a 'Satisfaction' scale from 1 to 5", CONTACT);
    const form = edited('make satisfaction between 1 and 10', scaled);
    expect(field(form, 'Satisfaction')).toMatchObject({ type: 'range', validation: { max: 10 } });
  });
});

describe('the built-in interpreter adding a star rating with its stars', () => {
  it.each([
    'add a 10-star rating for the food',
    'add a ten-star rating for the food',
    'add a 10 star rating for the food',
    'add a rating for the food with 10 stars',
    'add a star rating for the food out of 10 stars',
  ])('%s', (instruction) => {
    const added = field(edited(instruction, CONTACT), 'Food');
    expect(added).toMatchObject({ type: 'rating', stars: 10 });
    expect(added).not.toHaveProperty('halfStars', true);
  });

  it('adds one with half stars, and one with the default count when none is said', () => {
    expect(field(edited('add a rating of the food allowing half stars', CONTACT), 'Food')).toMatchObject({
      type: 'rating',
      halfStars: true,
    });
    const plain = field(edited('add a star rating for the food', CONTACT), 'Food');
    expect(plain?.type).toBe('rating');
    expect(plain).not.toHaveProperty('stars', expect.anything());
  });

  it('refuses a new rating with more stars than a rating has', () => {
    expect(asked('add a 12-star rating for the food', CONTACT)).toMatch(
      /'Food' cannot have 12 stars: a star rating has 1 to 10 whole stars/,
    );
  });
});
