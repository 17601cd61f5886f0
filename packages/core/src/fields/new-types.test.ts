import { describe, expect, it } from 'vitest';
import { fromWireField, toWireField } from '../forms/field-wire.ts';
import { blankForm } from '../forms/form.ts';
import { normalizeField } from '../forms/read-field.ts';
import { translatableTexts } from '../i18n/texts.ts';
import { ownRule, shownIds } from '../logic/test-rules.ts';
import { formatAnswer } from './answer-format.ts';
import { answerChoices } from './options.ts';
import { storedAnswer } from './stored-answer.ts';
import { makeField } from './test-fields.ts';
import { validateFieldValue, validateSubmission } from './validate.ts';

describe('NPS fields', () => {
  const nps = makeField('nps', {
    validation: { required: true },
    lowLabel: 'Not likely',
    highLabel: 'Very likely',
  });

  it('take a whole number from 0 to 10, as a number or numeric text', () => {
    for (const ok of [0, 7, 10, '3']) expect(validateFieldValue(nps, ok)).toBeNull();
    for (const bad of [-1, 11, 4.5, 'seven', true]) {
      expect(validateFieldValue(nps, bad)).toBe('Please choose a whole number from 0 to 10');
    }
    expect(validateFieldValue(nps, '')).toBe('This field is required');
  });

  it('are stored as numbers', () => {
    expect(storedAnswer(nps, '7')).toBe(7);
    expect(storedAnswer(nps, 9)).toBe(9);
    expect(storedAnswer(nps, 'x')).toBe('x');
  });

  it('offer 0 to 10 and carry their end labels over the wire and through the door', () => {
    expect(answerChoices(nps)?.map((c) => c.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    const wire = toWireField(nps);
    expect(wire).toMatchObject({ low_label: 'Not likely', high_label: 'Very likely' });
    expect(fromWireField(wire)).toEqual(nps);
    expect(normalizeField({ type: 'net_promoter_score', label: 'L', lowLabel: 'No' }, 0)).toMatchObject({
      type: 'nps',
      lowLabel: 'No',
    });
  });
});

describe('sliders', () => {
  const slider = makeField('range', {
    validation: { min: 0, max: 40, step: 5 },
    lowLabel: 'Cold',
    highLabel: 'Hot',
  });

  it('carry the words at their two ends over the wire, through the door and into translation', () => {
    const wire = toWireField(slider);
    expect(wire).toMatchObject({ min: 0, max: 40, low_label: 'Cold', high_label: 'Hot' });
    expect(fromWireField(wire)).toEqual(slider);
    expect(normalizeField({ type: 'range', label: 'L', low_label: 'Cold' }, 0)).toMatchObject({
      type: 'range',
      lowLabel: 'Cold',
    });
    const keys = translatableTexts({ ...blankForm('Comfort'), fields: [slider] }).map((t) => t.key);
    expect(keys).toEqual(
      expect.arrayContaining([`field.${slider.id}.lowLabel`, `field.${slider.id}.highLabel`]),
    );
  });

  it('keep words only where a type has ends: a text field drops them', () => {
    expect(normalizeField({ type: 'text', label: 'L', low_label: 'Cold' }, 0)).not.toHaveProperty('lowLabel');
  });
});

describe('yes/no fields', () => {
  const yesNo = makeField('yes_no', { id: 'agree', validation: { required: true } });

  it("take 'yes' or 'no' only", () => {
    expect(validateFieldValue(yesNo, 'yes')).toBeNull();
    expect(validateFieldValue(yesNo, 'no')).toBeNull();
    expect(validateFieldValue(yesNo, 'maybe')).toBe('Please answer yes or no');
    expect(validateFieldValue(yesNo, undefined)).toBe('This field is required');
  });

  it("are stored as 'yes'/'no' whether sent as booleans or in any letter case, and read as Yes/No", () => {
    expect(storedAnswer(yesNo, true)).toBe('yes');
    expect(storedAnswer(yesNo, false)).toBe('no');
    expect(storedAnswer(yesNo, ' YES ')).toBe('yes');
    expect(formatAnswer(yesNo, 'no')).toBe('No');
  });

  it("drive rules compared against 'yes'", () => {
    const follow = makeField('text', { id: 'why' });
    const rules = [ownRule('why', 'show', 'all', [{ ref: 'agree', operator: 'equals', value: 'yes' }])];
    expect(shownIds([yesNo, follow], rules, { agree: 'yes' })).toContain('why');
    expect(shownIds([yesNo, follow], rules, { agree: 'no' })).not.toContain('why');
  });
});

describe('heading/statement blocks', () => {
  it('are never required, whatever a client sends, and take no answer', () => {
    const block = normalizeField(
      { type: 'statement', label: 'About you', help_text: 'A few questions', required: true },
      0,
    );
    expect(block).toMatchObject({ type: 'statement', label: 'About you', helpText: 'A few questions' });
    expect(block.validation).toEqual({ required: false });
    expect(validateSubmission([block], {})).toEqual({});
    expect(validateFieldValue(block, 'anything')).toBeNull();
  });
});
