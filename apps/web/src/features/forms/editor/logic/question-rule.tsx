import type { FormField } from '@formsmith/core/forms/field';
import type { FormLogic, LogicCondition, LogicRule } from '@formsmith/core/logic/definition';
import { questionRuleId, questionRuleOf } from '@formsmith/core/logic/field-rules';
import { ExternalLink, Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { Select } from '../../../../components/ui/input.tsx';
import { ConditionRow } from './condition-row.tsx';
import { describeConditions } from './describe-rule.ts';
import { questionsOf, ruleTitle } from './logic-model.ts';
import { MatchSelect } from './match-select.tsx';

type Props = {
  field: FormField;
  fields: FormField[];
  logic: FormLogic;
  /** Logic problems at a path or inside it (`logic.rules.2.conditions.0`). */
  problemsWithin: (path: string) => string[];
  /** `key` says what changed, so typing in one input is one undo step. */
  onChange: (logic: FormLogic, key?: string) => void;
  /** Opens a rule on the Logic tab. */
  onOpenRule: (id: string) => void;
};

type Shown = 'show' | 'hide';

const ACTS_ON: ReadonlySet<string> = new Set(['show', 'hide', 'require']);

/**
 * "Show (or hide) this question when…", in the question's properties: the question's own rule of
 * the form's logic, edited here, and the Logic tab's other rules that show, hide or require it,
 * each a link there. A question has no condition of its own beside the rules: one engine runs
 * them all, on the page and on submit.
 */
export function QuestionRule({ field, fields, logic, problemsWithin, onChange, onOpenRule }: Props) {
  const own = questionRuleOf(logic, field.id);
  const others = logic.rules
    .map((rule, index) => ({ rule, index }))
    .filter(
      ({ rule }) =>
        rule !== own?.rule &&
        rule.actions.some((a) => ACTS_ON.has(a.type) && 'field' in a && a.field === field.id),
    );
  // A rule that shows or hides a question reads the questions before it.
  const questions = questionsOf(fields);
  const earlier = questions.slice(
    0,
    questions.findIndex((f) => f.id === field.id),
  );
  const nearest = earlier.at(-1);

  const setOwn = (rule: LogicRule | null, key?: string) => {
    const rules = own
      ? rule
        ? logic.rules.map((r, i) => (i === own.index ? rule : r))
        : logic.rules.filter((_, i) => i !== own.index)
      : rule
        ? [...logic.rules, rule]
        : logic.rules;
    onChange({ ...logic, rules }, key);
  };
  const newCondition = (): LogicCondition => ({
    source: 'field',
    ref: nearest?.id ?? '',
    operator: 'is_not_empty',
  });
  const start = () =>
    setOwn({
      id: questionRuleId(field.id),
      match: 'all',
      conditions: [newCondition()],
      actions: [{ type: 'show', field: field.id }],
    });

  return (
    <div className="space-y-3">
      {own ? (
        <OwnRule
          rule={own.rule}
          path={`logic.rules.${own.index}`}
          field={field}
          questions={earlier}
          logic={logic}
          problemsWithin={problemsWithin}
          onChange={setOwn}
          newCondition={newCondition}
        />
      ) : nearest ? (
        <Button variant="secondary" size="sm" onClick={start}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Show or hide this question
        </Button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Questions before this one can show or hide it depending on their answers.
        </p>
      )}
      {others.length > 0 && (
        <div className="space-y-1">
          <p className="text-sm text-slate-700 dark:text-slate-200">Rules on the Logic tab that change it:</p>
          <ul className="space-y-1">
            {others.map(({ rule, index }) => (
              <li key={rule.id}>
                <button
                  type="button"
                  onClick={() => onOpenRule(rule.id)}
                  className="inline-flex max-w-full items-start gap-1 text-left text-sm text-brand-700 underline hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
                >
                  <ExternalLink aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                  <span className="min-w-0 break-words">
                    {ruleTitle(rule, index)}: when {describeConditions(rule, fields, logic)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function OwnRule(props: {
  rule: LogicRule;
  path: string;
  field: FormField;
  questions: FormField[];
  logic: FormLogic;
  problemsWithin: (path: string) => string[];
  onChange: (rule: LogicRule | null, key?: string) => void;
  newCondition: () => LogicCondition;
}) {
  const { rule, path, field, questions, logic, problemsWithin, onChange } = props;
  const shown: Shown = rule.actions[0]?.type === 'hide' ? 'hide' : 'show';
  const setConditions = (conditions: LogicCondition[], key?: string) =>
    onChange(conditions.length > 0 ? { ...rule, conditions } : null, key);
  return (
    <>
      {/* Stacked when the panel is narrow, so each select shows its whole words. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-2">
        <Select
          aria-label="Show or hide"
          value={shown}
          onChange={(e) =>
            onChange({ ...rule, actions: [{ type: e.target.value as Shown, field: field.id }] })
          }
        >
          <option value="show">Show this question when</option>
          <option value="hide">Hide this question when</option>
        </Select>
        <MatchSelect
          label="Conditions to match"
          value={rule.match}
          onChange={(match) => onChange({ ...rule, match })}
        />
      </div>
      <ul className="space-y-2">
        {rule.conditions.map((condition, j) => (
          <ConditionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is their identity
            key={j}
            condition={condition}
            name={`Condition ${j + 1}`}
            stacked
            questions={questions}
            logic={logic}
            problems={problemsWithin(`${path}.conditions.${j}`)}
            onChange={(c) =>
              setConditions(
                rule.conditions.map((x, i) => (i === j ? c : x)),
                `${rule.id}:c${j}`,
              )
            }
            onRemove={() => setConditions(rule.conditions.filter((_, i) => i !== j))}
          />
        ))}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setConditions([...rule.conditions, props.newCondition()])}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add condition
      </Button>
    </>
  );
}
