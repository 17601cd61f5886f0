import { describe, expect, it } from 'vitest';
import { makeField } from '../fields/test-fields.ts';
import { EMPTY_LOGIC, type LogicRule } from '../logic/definition.ts';
import { questionRuleId } from '../logic/field-rules.ts';
import { renameOptionValue } from './rename-option.ts';

const options = [
  { id: 'a', label: 'Red', value: 'red' },
  { id: 'b', label: 'Blue', value: 'blue' },
];
/** A question's own rule: show `target` when `fieldId` equals `value`. */
const shownWhen = (target: string, fieldId: string, value: string): LogicRule => ({
  id: questionRuleId(target),
  match: 'all',
  conditions: [{ source: 'field', ref: fieldId, operator: 'equals', value }],
  actions: [{ type: 'show', field: target }],
});

describe('renameOptionValue', () => {
  it("rewrites the default, questions' own rules and the form's other rules that compared with the old value", () => {
    const colour = makeField('radio', { id: 'colour', options, defaultValue: 'red' });
    const why = makeField('text', { id: 'why' });
    const other = makeField('text', { id: 'other' });
    const ending: LogicRule = {
      id: 'r1',
      match: 'all',
      actions: [{ type: 'end', ending: 'thanks' }],
      conditions: [{ source: 'field', ref: 'colour', operator: 'equals', value: 'red' }],
    };
    const otherRule = shownWhen('other', 'colour', 'blue');
    const logic = { ...EMPTY_LOGIC, rules: [shownWhen('why', 'colour', 'red'), otherRule, ending] };
    const renamed = renameOptionValue(
      { fields: [colour, why, other], logic },
      { fieldId: 'colour', from: 'red', to: 'crimson' },
    );
    expect(renamed.fields[0]!.defaultValue).toBe('crimson');
    expect(renamed.fields[1]).toBe(why);
    expect(renamed.logic.rules[0]).toEqual(shownWhen('why', 'colour', 'crimson'));
    expect(renamed.logic.rules[1]).toBe(otherRule);
    expect(renamed.logic.rules[2]!.conditions[0]!.value).toBe('crimson');
  });

  it("leaves rules on another field's equal value alone", () => {
    const note = makeField('text', { id: 'note' });
    const rule = shownWhen('note', 'size', 'red');
    const renamed = renameOptionValue(
      { fields: [note], logic: { ...EMPTY_LOGIC, rules: [rule] } },
      { fieldId: 'colour', from: 'red', to: 'crimson' },
    );
    expect(renamed.fields[0]).toBe(note);
    expect(renamed.logic.rules[0]).toBe(rule);
  });
});
