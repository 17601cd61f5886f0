import { type FormField, fieldSchema } from '@formsmith/core/forms/field';
import { blankForm, type Form } from '@formsmith/core/forms/form';
import { EMPTY_LOGIC, type LogicRule } from '@formsmith/core/logic/definition';
import { questionRuleId } from '@formsmith/core/logic/field-rules';
import { describe, expect, it } from 'vitest';
import { mergeGenerated } from './merge-generated.ts';

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ label: raw.id, validation: { required: false }, position: 0, ...raw });

/** The follow-up's own rule, as the generator writes it: show `id` when `trigger` is yes. */
const followUp = (id: string, trigger: string): LogicRule => ({
  id: questionRuleId(id),
  match: 'all',
  conditions: [{ source: 'field', ref: trigger, operator: 'equals', value: 'yes' }],
  actions: [{ type: 'show', field: id }],
});

const generated: Form = {
  ...blankForm('Parking'),
  fields: [field({ id: 'parking', type: 'yes_no' }), field({ id: 'plate', type: 'text' })],
  logic: { ...EMPTY_LOGIC, rules: [followUp('plate', 'parking')] },
};

const current: Form = {
  ...blankForm('Mine'),
  fields: [field({ id: 'plate', type: 'text' })],
  logic: { ...blankForm().logic, rules: [followUp('plate', 'other')] },
};

describe('mergeGenerated', () => {
  it("replaces the fields and adds the generated rules after the form's own", () => {
    const merged = mergeGenerated(current, generated, 'replace');
    expect(merged.fields.map((f) => f.id)).toEqual(['parking', 'plate']);
    expect(merged.logic.endings).toEqual(current.logic.endings);
    expect(merged.logic.rules.map((r) => r.id)).toEqual([
      questionRuleId('plate'),
      `${questionRuleId('plate')}-2`,
    ]);
    expect(merged.logic.rules[1]?.conditions[0]?.ref).toBe('parking');
  });

  it('adds the fields under free ids, their rules reading and showing them under those ids', () => {
    const merged = mergeGenerated(current, generated, 'add');
    expect(merged.fields.map((f) => f.id)).toEqual(['plate', 'parking', 'plate_2']);
    expect(merged.logic.rules).toEqual([current.logic.rules[0], followUp('plate_2', 'parking')]);
  });

  it('makes a condition a generated field carries itself (older answers) its own rule', () => {
    const old: Form = {
      ...generated,
      fields: [
        generated.fields[0] as FormField,
        field({
          id: 'plate',
          type: 'text',
          conditionalLogic: {
            action: 'show',
            match: 'all',
            conditions: [{ fieldId: 'parking', operator: 'equals', value: 'yes' }],
          },
        }),
      ],
      logic: EMPTY_LOGIC,
    };
    const merged = mergeGenerated(current, old, 'add');
    expect(merged.fields.every((f) => f.conditionalLogic == null)).toBe(true);
    expect(merged.logic.rules).toEqual([current.logic.rules[0], followUp('plate_2', 'parking')]);
  });
});
