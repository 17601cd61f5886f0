import { describe, expect, it } from 'vitest';
import { EMPTY_LOGIC } from '../logic/definition.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { runForm } from '../logic/run.ts';
import { ownRule } from '../logic/test-rules.ts';
import { makeField } from './test-fields.ts';
import { VALIDATION_MESSAGES, validateFieldValue, validateSubmission } from './validate.ts';

describe('validateFieldValue', () => {
  it('asks for required answers', () => {
    const field = makeField('text', { validation: { required: true } });
    for (const empty of [undefined, null, '', '   ', []]) {
      expect(validateFieldValue(field, empty)).toBe('This field is required');
    }
    expect(validateFieldValue(field, 'x')).toBeNull();
    expect(validateFieldValue(makeField('text'), '')).toBeNull();
  });

  it.each(['text', 'textarea', 'email', 'password', 'url'] as const)(
    'checks lengths of %s answers',
    (type) => {
      const field = makeField(type, { validation: { minLength: 12, maxLength: 20 } });
      expect(validateFieldValue(field, 'a@b.co')).toBe('Minimum length is 12 characters');
      expect(validateFieldValue(field, 'https://example.com/very/long')).toBe(
        'Maximum length is 20 characters',
      );
    },
  );

  it('does not check lengths on phone fields', () => {
    const phone = makeField('phone', { validation: { minLength: 50 } });
    expect(validateFieldValue(phone, '+44 20 7183 8750')).toBeNull();
  });

  it('checks patterns on the whole value with the custom error or Invalid format', () => {
    const zip = makeField('text', { validation: { pattern: '\\d{5}' } });
    expect(validateFieldValue(zip, '12345')).toBeNull();
    expect(validateFieldValue(zip, '123456')).toBe('Invalid format');
    const custom = makeField('phone', { validation: { pattern: '\\+?[0-9 ]+', customError: 'Digits only' } });
    expect(validateFieldValue(custom, 'abc')).toBe('Digits only');
  });

  it('runs patterns in linear time (no catastrophic backtracking)', () => {
    const field = makeField('textarea', { validation: { pattern: '(a+)+$' } });
    const started = Date.now();
    expect(validateFieldValue(field, `${'a'.repeat(5000)}!`)).toBe('Invalid format');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('checks number bounds and accepts numeric strings', () => {
    const field = makeField('number', { validation: { min: 1, max: 10 } });
    expect(validateFieldValue(field, '0')).toBe('Minimum value is 1');
    expect(validateFieldValue(field, 11)).toBe('Maximum value is 10');
    expect(validateFieldValue(field, '7')).toBeNull();
    expect(validateFieldValue(field, 'seven')).toBe('Please enter a number');
    expect(validateFieldValue(makeField('range', { validation: { max: 5 } }), 6)).toBe('Maximum value is 5');
  });

  it('finding 9: an email field takes one address, and says so of a list or extra parts', () => {
    const one = 'Enter just one email address, like name@example.com';
    expect(validateFieldValue(makeField('email'), 'v@x.com,1')).toBe(one);
    expect(validateFieldValue(makeField('email'), 'a@x.com; b@y.com')).toBe(one);
    expect(validateFieldValue(makeField('email'), 'Ada <ada@x.com>')).toBe(one);
    expect(validateFieldValue(makeField('email'), ' Ada@X.com ')).toBeNull();
  });

  it('checks email, url, date, time and colour shapes', () => {
    expect(validateFieldValue(makeField('email'), 'nope')).toBe('Please enter a valid email address');
    expect(validateFieldValue(makeField('email'), 'a@b.io')).toBeNull();
    expect(validateFieldValue(makeField('url'), 'not a url')).toBe('Please enter a valid URL');
    expect(validateFieldValue(makeField('url'), 'https://x.io')).toBeNull();
    expect(validateFieldValue(makeField('date'), '2025-13')).toBe('Please enter a valid date');
    expect(validateFieldValue(makeField('date'), '2025-05-05')).toBeNull();
    expect(validateFieldValue(makeField('time'), '25:00')).toBe('Please enter a valid time');
    expect(validateFieldValue(makeField('time'), '09:30')).toBeNull();
    expect(validateFieldValue(makeField('color'), 'red')).toBe('Please enter a valid color');
    expect(validateFieldValue(makeField('color'), '#ff0000')).toBeNull();
  });

  it('accepts only known options for choice fields; a checkbox answers a list', () => {
    const options = [
      { id: 'a', label: 'Apple', value: 'apple' },
      { id: 'b', label: 'Pear', value: 'pear' },
    ];
    const radio = makeField('radio', { options });
    expect(validateFieldValue(radio, 'apple')).toBeNull();
    expect(validateFieldValue(radio, 'plum')).toBe('Please choose one of the options');
    expect(validateFieldValue(radio, ['apple'])).toBe('Please choose one of the options');
    const box = makeField('checkbox', { options, validation: { required: true } });
    expect(validateFieldValue(box, ['apple', 'pear'])).toBeNull();
    expect(validateFieldValue(box, ['apple', 'plum'])).toBe('Please choose one of the options');
    expect(validateFieldValue(box, [])).toBe('This field is required');
    expect(validateFieldValue(box, false)).toBe('This field is required');
    expect(validateFieldValue(box, true)).toBeNull();
  });

  it('rejects objects for text answers', () => {
    expect(validateFieldValue(makeField('text'), { a: 1 })).toBe('Invalid format');
  });
});

describe('validateSubmission', () => {
  const name = makeField('text', { id: 'name', validation: { required: true } });
  const hidden = makeField('text', { id: 'secret', isHidden: true, validation: { required: true } });
  const reason = makeField('textarea', { id: 'reason', validation: { required: true } });
  const fields = [name, hidden, reason];
  const logic = {
    ...EMPTY_LOGIC,
    rules: [ownRule('reason', 'show', 'all', [{ ref: 'name', operator: 'equals', value: 'Bob' }])],
  };
  /** Validated as the server does: the questions the logic run shows. */
  const check = (data: Record<string, unknown>) =>
    validateSubmission(
      fields,
      data,
      VALIDATION_MESSAGES,
      runForm(logicFieldsOf(fields), logic, data).visible,
    );

  it('answers errors keyed by field id', () => {
    expect(check({})).toEqual({ name: 'This field is required' });
  });

  it("skips hidden fields and questions the form's rules hide", () => {
    expect(check({ name: 'Ann' })).toEqual({});
    expect(check({ name: 'Bob' })).toEqual({ reason: 'This field is required' });
  });

  it('checks every question when no logic run says what is shown', () => {
    expect(validateSubmission(fields, { name: 'Ann' })).toEqual({ reason: 'This field is required' });
  });

  it('ignores inherited keys of the data object', () => {
    const field = makeField('text', { id: 'constructor', validation: { required: true } });
    expect(validateSubmission([field], {})).toEqual({ constructor: 'This field is required' });
  });
});
