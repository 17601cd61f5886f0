import { CONDITION_OPERATORS, takesAnswer } from '@formsmith/core/fields/constants';
import { answerChoices } from '@formsmith/core/fields/options';
import type { Condition, ConditionalLogic, FormField } from '@formsmith/core/forms/field';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';

const OPERATOR_NAMES: Record<Condition['operator'], string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  greater_than: 'is greater than',
  less_than: 'is less than',
};

const NO_VALUE = new Set<Condition['operator']>(['is_empty', 'is_not_empty']);

type Props = {
  field: FormField;
  fields: FormField[];
  onChange: (logic: ConditionalLogic | null) => void;
};

/** 'Show this field when …' rules: each names another field, an operator and a value. */
export function ConditionalLogicEditor({ field, fields, onChange }: Props) {
  // Rules compare answers, so only fields that take one can be compared against.
  const others = fields.filter((f) => f.id !== field.id && takesAnswer(f.type));
  const logic = field.conditionalLogic;
  const first = others[0];

  if (!first) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Add another field to show or hide this one depending on its answer.
      </p>
    );
  }
  const newCondition = (): Condition => ({ fieldId: first.id, operator: 'equals', value: '' });

  if (!logic || logic.conditions.length === 0) {
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange({ action: 'show', match: 'all', conditions: [newCondition()] })}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add rule
      </Button>
    );
  }

  const setConditions = (conditions: Condition[]) =>
    onChange(conditions.length ? { ...logic, conditions } : null);
  const updateCondition = (index: number, patch: Partial<Condition>) =>
    setConditions(logic.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  return (
    <div className="space-y-3">
      {/* Stacked when the panel is narrow, so each select shows its whole words. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-2">
        <Select
          aria-label="Rule action"
          value={logic.action}
          onChange={(e) => onChange({ ...logic, action: e.target.value as ConditionalLogic['action'] })}
        >
          <option value="show">Show this field when</option>
          <option value="hide">Hide this field when</option>
        </Select>
        <Select
          aria-label="Rules to match"
          value={logic.match}
          onChange={(e) => onChange({ ...logic, match: e.target.value as ConditionalLogic['match'] })}
        >
          <option value="all">all rules match</option>
          <option value="any">any rule matches</option>
        </Select>
      </div>
      <ol className="space-y-2">
        {logic.conditions.map((condition, index) => {
          const n = index + 1;
          const target = fields.find((f) => f.id === condition.fieldId);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; order is their identity
              key={index}
              className="space-y-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
            >
              <div className="flex items-center gap-2">
                <Select
                  aria-label={`Rule ${n} field`}
                  value={condition.fieldId}
                  onChange={(e) => updateCondition(index, { fieldId: e.target.value })}
                  className="min-w-0 flex-1"
                >
                  {!target && <option value={condition.fieldId}>(removed field)</option>}
                  {others.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.label || f.id}
                    </option>
                  ))}
                </Select>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => setConditions(logic.conditions.filter((_, i) => i !== index))}
                  aria-label={`Remove rule ${n}`}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
              <div className="flex gap-2">
                <Select
                  aria-label={`Rule ${n} operator`}
                  value={condition.operator}
                  onChange={(e) => {
                    const operator = e.target.value as Condition['operator'];
                    updateCondition(
                      index,
                      NO_VALUE.has(operator) ? { operator, value: undefined } : { operator },
                    );
                  }}
                  className="min-w-0 flex-1"
                >
                  {CONDITION_OPERATORS.map((op) => (
                    <option key={op} value={op}>
                      {OPERATOR_NAMES[op]}
                    </option>
                  ))}
                </Select>
                {!NO_VALUE.has(condition.operator) && (
                  <ConditionValue
                    n={n}
                    target={target}
                    value={condition.value ?? ''}
                    onChange={(value) => updateCondition(index, { value })}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setConditions([...logic.conditions, newCondition()])}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add rule
      </Button>
    </div>
  );
}

function ConditionValue({
  n,
  target,
  value,
  onChange,
}: {
  n: number;
  target: FormField | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const choices = target && answerChoices(target);
  if (choices?.length) {
    return (
      <Select
        aria-label={`Rule ${n} value`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-w-0 flex-1"
      >
        <option value="">Choose…</option>
        {choices.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <Input
      aria-label={`Rule ${n} value`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="min-w-0 flex-1"
      placeholder="Value"
    />
  );
}
