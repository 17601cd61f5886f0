import type { FormField } from '@formsmith/core/forms/field';
import type { FormLogic, LogicAction, LogicCondition, LogicRule } from '@formsmith/core/logic/definition';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField as Labelled } from '../../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../../components/ui/input.tsx';
import { ActionRow } from './action-row.tsx';
import { ConditionRow } from './condition-row.tsx';
import { type NameChoice, type PageChoice, ruleTitle } from './logic-model.ts';
import type { LogicProblems } from './logic-problems.ts';
import { MatchSelect } from './match-select.tsx';
import { ProblemList } from './problem-list.tsx';

type Props = {
  rule: LogicRule;
  index: number;
  pages: PageChoice[];
  questions: FormField[];
  logic: FormLogic;
  names: NameChoice[];
  problems: LogicProblems;
  /** `key` says what changed, so typing in one input is one undo step. */
  onChange: (rule: LogicRule, key?: string) => void;
  onRemove: () => void;
};

function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((x, i) => (i === index ? item : x));
}

/** One rule: its name and page, when it applies (all or any of its conditions), and what it does. */
export function RuleEditor(props: Props) {
  const { rule, index, pages, questions, logic, problems, onChange } = props;
  const title = ruleTitle(rule, index);
  const path = `logic.rules.${index}`;
  const firstQuestion = questions[0];
  const newCondition = (): LogicCondition => ({
    source: 'field',
    ref: firstQuestion?.id ?? '',
    operator: 'is_not_empty',
  });
  const newAction: LogicAction = { type: 'jump', page: pages.at(-1)?.id ?? '' };

  return (
    <article
      id={`rule-${rule.id}`}
      tabIndex={-1}
      aria-labelledby={`rule-${rule.id}-title`}
      data-testid="logic-rule"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2">
        <h3 id={`rule-${rule.id}-title`} className="min-w-0 flex-1 font-semibold break-words">
          {title}
        </h3>
        <Button variant="ghost" size="sm" onClick={props.onRemove} aria-label={`Delete ${title}`}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </div>
      <ProblemList messages={problems.at(path)} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Labelled label="Rule name">
          <Input
            value={rule.name ?? ''}
            placeholder={`Rule ${index + 1}`}
            onChange={(e) => onChange({ ...rule, name: e.target.value || undefined }, `${rule.id}:name`)}
          />
        </Labelled>
        <Labelled
          label="Runs when leaving"
          hint="Jumps, endings and variable changes happen as the respondent leaves this page"
        >
          <Select
            value={rule.page ?? ''}
            onChange={(e) => onChange({ ...rule, page: e.target.value || undefined })}
          >
            <option value="">No page (show, hide and require only)</option>
            {pages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Labelled>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">When</legend>
        <div className="max-w-xs">
          <MatchSelect
            label={`${title}: match`}
            value={rule.match}
            onChange={(match) => onChange({ ...rule, match })}
          />
        </div>
        {rule.conditions.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No conditions: the rule always applies.
          </p>
        )}
        <ul className="space-y-2">
          {rule.conditions.map((condition, j) => (
            <ConditionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is their identity
              key={j}
              condition={condition}
              name={`${title}, condition ${j + 1}`}
              questions={questions}
              logic={logic}
              problems={problems.within(`${path}.conditions.${j}`)}
              onChange={(c) =>
                onChange({ ...rule, conditions: replaceAt(rule.conditions, j, c) }, `${rule.id}:c${j}`)
              }
              onRemove={() => onChange({ ...rule, conditions: rule.conditions.filter((_, i) => i !== j) })}
            />
          ))}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          disabled={!firstQuestion}
          onClick={() => onChange({ ...rule, conditions: [...rule.conditions, newCondition()] })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add condition
        </Button>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Then</legend>
        <ul className="space-y-2">
          {rule.actions.map((action, j) => (
            <ActionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; their place is their identity
              key={j}
              action={action}
              name={`${title}, action ${j + 1}`}
              pages={pages}
              questions={questions}
              logic={logic}
              names={props.names}
              problems={problems.within(`${path}.actions.${j}`)}
              onChange={(a) =>
                onChange({ ...rule, actions: replaceAt(rule.actions, j, a) }, `${rule.id}:a${j}`)
              }
              onRemove={() =>
                // A rule needs an action; removing the last one would leave it doing nothing.
                rule.actions.length > 1 &&
                onChange({ ...rule, actions: rule.actions.filter((_, i) => i !== j) })
              }
            />
          ))}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange({ ...rule, actions: [...rule.actions, newAction] })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add action
        </Button>
      </fieldset>
    </article>
  );
}
