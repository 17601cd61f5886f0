import { answerChoices } from '@formsmith/core/fields/options';
import type { FormField } from '@formsmith/core/forms/field';
import { type FormLogic, type LogicCondition, VALUE_OPERATORS } from '@formsmith/core/logic/definition';
import { SCORE_NAME } from '@formsmith/core/logic/run';
import { X } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input, Select } from '../../../../components/ui/input.tsx';
import { OPERATOR_NAMES, operatorsFor } from './operators.ts';
import { ProblemList } from './problem-list.tsx';

type Props = {
  condition: LogicCondition;
  /** 'Rule 2, condition 1': prefixes every control's name for screen readers. */
  name: string;
  questions: FormField[];
  logic: FormLogic;
  problems: string[];
  onChange: (condition: LogicCondition) => void;
  onRemove: () => void;
  /** One control under another at every width: in a narrow column such as the properties panel. */
  stacked?: boolean;
};

const sourceKey = (c: Pick<LogicCondition, 'source' | 'ref'>) => `${c.source}:${c.ref}`;

/** One condition: what it reads (an answer, a variable, the score), how it compares, and with what. */
export function ConditionRow(props: Props) {
  const { condition, name, questions, logic, problems, onChange, onRemove } = props;
  const field = condition.source === 'field' ? questions.find((f) => f.id === condition.ref) : undefined;
  const offered = operatorsFor(condition.source === 'variable' ? 'variable' : (field?.type ?? 'text'));
  const { input } = offered;
  // A rule saved with an operator its question no longer offers (a phone compared with 'equals'
  // before phones had their own) still shows it, as it still runs, rather than seeming another.
  const operators = offered.operators.includes(condition.operator)
    ? offered.operators
    : [condition.operator, ...offered.operators];
  const needsValue = VALUE_OPERATORS.includes(condition.operator);
  const choices = field ? answerChoices(field) : undefined;

  const pickSource = (key: string) => {
    const [source, ...rest] = key.split(':');
    const ref = rest.join(':');
    const next = source === 'variable' ? 'variable' : (questions.find((f) => f.id === ref)?.type ?? 'text');
    const allowed = operatorsFor(next).operators;
    const operator = allowed.includes(condition.operator) ? condition.operator : (allowed[0] ?? 'equals');
    onChange({ source: source === 'variable' ? 'variable' : 'field', ref, operator, value: undefined });
  };

  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      <div
        className={
          props.stacked
            ? 'grid grid-cols-1 gap-2'
            : 'grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,10rem)_minmax(0,1fr)_auto]'
        }
      >
        <Select
          aria-label={`${name}: question or variable`}
          value={sourceKey(condition)}
          onChange={(e) => pickSource(e.target.value)}
        >
          {!questions.some((f) => f.id === condition.ref) && condition.source === 'field' && (
            <option value={sourceKey(condition)}>Pick a question</option>
          )}
          <optgroup label="Answers">
            {questions.map((f) => (
              <option key={f.id} value={`field:${f.id}`}>
                {f.label || f.id}
              </option>
            ))}
          </optgroup>
          {(logic.variables.length > 0 || logic.quiz.enabled) && (
            <optgroup label="Variables">
              {logic.variables.map((v) => (
                <option key={v.id} value={`variable:${v.id}`}>
                  {v.name}
                </option>
              ))}
              {logic.quiz.enabled && <option value={`variable:${SCORE_NAME}`}>Quiz score</option>}
            </optgroup>
          )}
        </Select>
        <Select
          aria-label={`${name}: comparison`}
          value={condition.operator}
          onChange={(e) => {
            const operator = e.target.value as LogicCondition['operator'];
            onChange({
              ...condition,
              operator,
              value: VALUE_OPERATORS.includes(operator) ? condition.value : undefined,
            });
          }}
        >
          {operators.map((op) => (
            <option key={op} value={op}>
              {OPERATOR_NAMES[op]}
            </option>
          ))}
        </Select>
        {needsValue && input === 'option' && choices ? (
          <Select
            aria-label={`${name}: value`}
            value={condition.value ?? ''}
            onChange={(e) => onChange({ ...condition, value: e.target.value || undefined })}
          >
            <option value="">Pick an option</option>
            {choices.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        ) : needsValue ? (
          <Input
            aria-label={`${name}: value`}
            type={input === 'date' || input === 'time' || input === 'number' ? input : 'text'}
            value={condition.value ?? ''}
            onChange={(e) =>
              onChange({ ...condition, value: e.target.value === '' ? undefined : e.target.value })
            }
          />
        ) : (
          <span />
        )}
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${name.toLowerCase()}`}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      <ProblemList messages={problems} />
    </li>
  );
}
