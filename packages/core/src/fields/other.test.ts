import { describe, expect, it } from 'vitest';
import { fromWireField, toWireField } from '../forms/field-wire.ts';
import { normalizeField } from '../forms/read-field.ts';
import { formatAnswer } from './answer-format.ts';
import { isOtherText, OTHER_CHOICE, splitOtherText, withOtherText } from './other.ts';
import { makeField } from './test-fields.ts';
import { validateFieldValue } from './validate.ts';

const options = [
  { id: 'a', label: 'Design', value: 'design' },
  { id: 'b', label: 'Code', value: 'code' },
];
const role = makeField('radio', { id: 'role', options, allowOther: true, validation: { required: true } });
const skills = makeField('checkbox', { id: 'skills', options, allowOther: true });
const closed = makeField('select', { id: 'team', options });

describe("'Other, please specify'", () => {
  it('accepts the respondent’s text in place of an option, and refuses it where Other is not offered', () => {
    expect(validateFieldValue(role, 'Product management')).toBeNull();
    expect(validateFieldValue(skills, ['design', 'Welding'])).toBeNull();
    expect(validateFieldValue(closed, 'Product management')).toBe('Please choose one of the options');
  });

  it('requires the text once Other is chosen, whether or not the question is', () => {
    expect(validateFieldValue(role, withOtherText(OTHER_CHOICE, '   '))).toBe(
      'Please specify your other answer',
    );
    expect(validateFieldValue(skills, withOtherText(['code', OTHER_CHOICE], ''))).toBe(
      'Please specify your other answer',
    );
    // Nothing chosen at all is the question's own rule.
    expect(validateFieldValue(role, '')).toBe('This field is required');
    expect(validateFieldValue(skills, [])).toBeNull();
  });

  it('takes one Other text per answer, of bounded length', () => {
    expect(validateFieldValue(skills, ['Welding', 'Knitting'])).toBe('Please choose one of the options');
    expect(validateFieldValue(role, 'x'.repeat(501))).toBe('Maximum length is 500 characters');
  });

  it('puts the typed text (trimmed) in the place of the Other choice, and back', () => {
    expect(withOtherText(OTHER_CHOICE, ' Product ')).toBe('Product');
    expect(withOtherText(['design', OTHER_CHOICE], 'Welding')).toEqual(['design', 'Welding']);
    expect(withOtherText('design', 'ignored')).toBe('design');
    expect(splitOtherText(skills, ['design', 'Welding'])).toEqual({
      picked: ['design', OTHER_CHOICE],
      text: 'Welding',
    });
    expect(splitOtherText(role, 'code')).toEqual({ picked: 'code', text: '' });
  });

  it('tells the Other text from the options, and exports it as typed', () => {
    expect(isOtherText(role, 'Product')).toBe(true);
    expect(isOtherText(role, 'design')).toBe(false);
    expect(isOtherText(closed, 'Product')).toBe(false);
    expect(formatAnswer(skills, ['design', 'Welding'])).toBe('Design, Welding');
  });

  it('is read at the door from the names other tools use, and kept on the wire', () => {
    const read = normalizeField({ type: 'radio', label: 'Role', options: ['A', 'B'], has_other: true }, 0);
    expect(read).toMatchObject({ allowOther: true });
    expect(toWireField(role).allow_other).toBe(true);
    expect(fromWireField(toWireField(role))).toEqual(role);
    expect(normalizeField({ type: 'text', label: 'Name', allow_other: true }, 0)).not.toHaveProperty(
      'allowOther',
    );
  });
});
