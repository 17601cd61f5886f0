import type { FormField } from '@formsmith/core/forms/field';
import { type FormLogic, type LogicAction, VARIABLE_OPERATIONS } from '@formsmith/core/logic/definition';
import { X } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { Select } from '../../../../components/ui/input.tsx';
import { ExpressionInput } from './expression-input.tsx';
import { endingTitle, type NameChoice, type PageChoice } from './logic-model.ts';
import { ProblemList } from './problem-list.tsx';

const ACTION_NAMES: Record<LogicAction['type'], string> = {
  jump: 'Jump to page',
  end: 'End with',
  show: 'Show',
  hide: 'Hide',
  require: 'Require',
  variable: 'Change variable',
};

const OPERATION_NAMES: Record<(typeof VARIABLE_OPERATIONS)[number], string> = {
  set: 'set to',
  add: 'add',
  subtract: 'subtract',
  multiply: 'multiply by',
  divide: 'divide by',
};

type Props = {
  action: LogicAction;
  name: string;
  pages: PageChoice[];
  questions: FormField[];
  logic: FormLogic;
  names: NameChoice[];
  problems: string[];
  onChange: (action: LogicAction) => void;
  onRemove: () => void;
};

/** A new action of a type, pointing at the first thing it can. */
function actionOfType(type: LogicAction['type'], props: Props): LogicAction {
  switch (type) {
    case 'jump':
      return { type, page: props.pages.at(-1)?.id ?? '' };
    case 'end':
      return { type, ending: props.logic.endings[0]?.id ?? '' };
    case 'show':
    case 'hide':
    case 'require':
      return { type, field: props.questions[0]?.id ?? '' };
    case 'variable':
      return { type, variable: props.logic.variables[0]?.id ?? '', operation: 'add', value: '1' };
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/** One action of a rule: what it does and to what. */
export function ActionRow(props: Props) {
  const { action, name, pages, questions, logic, onChange } = props;

  const target = (() => {
    switch (action.type) {
      case 'jump':
        return (
          <RefSelect
            label={`${name}: page`}
            value={action.page}
            choices={pages}
            missing="Pick a page"
            onChange={(page) => onChange({ ...action, page })}
          />
        );
      case 'end':
        return (
          <RefSelect
            label={`${name}: ending`}
            value={action.ending}
            choices={logic.endings.map((e, i) => ({ id: e.id, name: endingTitle(e, i) }))}
            missing={logic.endings.length ? 'Pick an ending' : 'Add an ending first'}
            onChange={(ending) => onChange({ ...action, ending })}
          />
        );
      case 'show':
      case 'hide':
      case 'require':
        return (
          <RefSelect
            label={`${name}: question`}
            value={action.field}
            choices={questions.map((f) => ({ id: f.id, name: f.label || f.id }))}
            missing="Pick a question"
            onChange={(field) => onChange({ ...action, field })}
          />
        );
      case 'variable':
        return (
          <div className="grid grid-cols-2 gap-2">
            <RefSelect
              label={`${name}: variable`}
              value={action.variable}
              choices={logic.variables.map((v) => ({ id: v.id, name: v.name }))}
              missing={logic.variables.length ? 'Pick a variable' : 'Add a variable first'}
              onChange={(variable) => onChange({ ...action, variable })}
            />
            <Select
              aria-label={`${name}: operation`}
              value={action.operation}
              onChange={(e) => onChange({ ...action, operation: e.target.value as typeof action.operation })}
            >
              {VARIABLE_OPERATIONS.map((op) => (
                <option key={op} value={op}>
                  {OPERATION_NAMES[op]}
                </option>
              ))}
            </Select>
          </div>
        );
      default: {
        const unknown: never = action;
        return unknown;
      }
    }
  })();

  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto]">
        <Select
          aria-label={`${name}: type`}
          value={action.type}
          onChange={(e) => onChange(actionOfType(e.target.value as LogicAction['type'], props))}
        >
          {(Object.keys(ACTION_NAMES) as LogicAction['type'][]).map((type) => (
            <option key={type} value={type}>
              {ACTION_NAMES[type]}
            </option>
          ))}
        </Select>
        {target}
        <Button
          variant="ghost"
          size="icon"
          onClick={props.onRemove}
          aria-label={`Remove ${name.toLowerCase()}`}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      {action.type === 'variable' && (
        <ExpressionInput
          label={`${name}: value`}
          value={action.value}
          names={props.names}
          onChange={(value) => onChange({ ...action, value })}
        />
      )}
      <ProblemList messages={props.problems} />
    </li>
  );
}

type RefSelectProps = {
  label: string;
  value: string;
  choices: { id: string; name: string }[];
  /** Shown while the value points at nothing (new, or its target was deleted). */
  missing: string;
  onChange: (id: string) => void;
};

/** Picks what an action points at; a dangling reference stays visible until it is replaced. */
function RefSelect({ label, value, choices, missing, onChange }: RefSelectProps) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {!choices.some((c) => c.id === value) && <option value={value}>{missing}</option>}
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </Select>
  );
}
