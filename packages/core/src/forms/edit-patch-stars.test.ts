import { describe, expect, it } from 'vitest';
import { CONTACT } from '../instruction/test-forms.ts';
import { applyEditPatch } from './apply-edit-patch.ts';
import { EditPatchError } from './edit-patch.ts';

const withRating = applyEditPatch(CONTACT, {
  summary: 'add',
  operations: [
    { op: 'add_field', field: { id: 'food', label: 'Food', type: 'rating', required: false, stars: 4 } },
  ],
});
const update = (changes: Record<string, unknown>) =>
  applyEditPatch(withRating, {
    summary: 'change',
    operations: [{ op: 'update_field', id: 'food', changes }],
  });
const food = (form: typeof withRating) => form.fields.find((f) => f.id === 'food');

describe('an edit patch on a star rating’s stars', () => {
  it('adds a rating with its count, and changes the count and half stars', () => {
    expect(food(withRating)).toMatchObject({ type: 'rating', stars: 4 });
    expect(food(update({ stars: 10, halfStars: true }))).toMatchObject({ stars: 10, halfStars: true });
    expect(food(update({ halfStars: true }))).toMatchObject({ stars: 4, halfStars: true });
    expect(food(update({ stars: null }))).toMatchObject({ type: 'rating', stars: undefined });
  });

  it.each([0, 11, 3.5, -2])('refuses %s stars with the reason instead of bending it into range', (stars) => {
    expect(() => update({ stars })).toThrow(EditPatchError);
    expect(() => update({ stars })).toThrow(
      `'Food' cannot have ${stars} stars: a star rating has 1 to 10 whole stars.`,
    );
  });

  it('refuses stars on a question that is not a star rating, and drops them when the type changes', () => {
    const onEmail = () =>
      applyEditPatch(CONTACT, {
        summary: 'x',
        operations: [{ op: 'update_field', id: CONTACT.fields[1]!.id, changes: { stars: 5 } }],
      });
    expect(onEmail).toThrow(/only a star rating has stars/);
    expect(food(update({ type: 'text' }))).not.toHaveProperty('stars');
  });
});
