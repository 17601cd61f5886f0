import { describe, expect, it } from 'vitest';
import { makeField } from '../fields/test-fields.ts';
import { EMPTY_LOGIC } from '../logic/definition.ts';
import { renameOptionValue } from './rename-option.ts';

const options = [
  { id: 'a', label: 'Red', value: 'red' },
  { id: 'b', label: 'Blue', value: 'blue' },
];
const when = (fieldId: string, value: string) => ({
  action: 'show' as const,
  match: 'all' as const,
  conditions: [{ fieldId, operator: 'equals' as const, value }],
});

describe('renameOptionValue', () => {
  it("rewrites the default, other fields' conditions and logic rules that compared with the old value", () => {
    const colour = makeField('radio', { id: 'colour', options, defaultValue: 'red' });
    const why = makeField('text', { id: 'why', conditionalLogic: when('colour', 'red') });
    const other = makeField('text', { id: 'other', conditionalLogic: when('colour', 'blue') });
    const logic = {
      ...EMPTY_LOGIC,
      rules: [
        {
          id: 'r1',
          match: 'all' as const,
          actions: [{ type: 'end' as const, ending: 'thanks' }],
          conditions: [
            { source: 'field' as const, ref: 'colour', operator: 'equals' as const, value: 'red' },
          ],
        },
      ],
    };
    const renamed = renameOptionValue(
      { fields: [colour, why, other], logic },
      { fieldId: 'colour', from: 'red', to: 'crimson' },
    );
    expect(renamed.fields[0]!.defaultValue).toBe('crimson');
    expect(renamed.fields[1]!.conditionalLogic?.conditions[0]?.value).toBe('crimson');
    expect(renamed.fields[2]).toBe(other);
    expect(renamed.logic.rules[0]!.conditions[0]!.value).toBe('crimson');
  });

  it("leaves conditions on another field's equal value alone", () => {
    const size = makeField('text', { id: 'note', conditionalLogic: when('size', 'red') });
    const renamed = renameOptionValue(
      { fields: [size], logic: EMPTY_LOGIC },
      { fieldId: 'colour', from: 'red', to: 'crimson' },
    );
    expect(renamed.fields[0]).toBe(size);
  });
});
