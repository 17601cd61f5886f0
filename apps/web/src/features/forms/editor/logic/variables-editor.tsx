import { type FormLogic, VARIABLE_NAME, type Variable } from '@formsmith/core/logic/definition';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { newLogicId } from './logic-model.ts';
import type { LogicProblems } from './logic-problems.ts';
import { ProblemList } from './problem-list.tsx';

type Props = {
  logic: FormLogic;
  problems: LogicProblems;
  onChange: (variables: Variable[], key?: string) => void;
};

function freeName(variables: Variable[]): string {
  let n = variables.length + 1;
  while (variables.some((v) => v.name === `variable_${n}`)) n += 1;
  return `variable_${n}`;
}

/** Number variables rules change and calculations read: a name and a starting value each. */
export function VariablesEditor({ logic, problems, onChange }: Props) {
  const { variables } = logic;
  const update = (index: number, patch: Partial<Variable>, key: string) =>
    onChange(
      variables.map((v, i) => (i === index ? { ...v, ...patch } : v)),
      `${variables[index]?.id}:${key}`,
    );
  return (
    <div className="space-y-2">
      {variables.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">No variables yet (a score, a price, …).</p>
      )}
      <ul className="space-y-2">
        {variables.map((variable, i) => (
          <li key={variable.id} className="space-y-1">
            <div className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-center gap-2">
              <Input
                aria-label={`Variable ${i + 1} name`}
                value={variable.name}
                className="font-mono"
                aria-invalid={VARIABLE_NAME.test(variable.name) ? undefined : true}
                onChange={(e) => update(i, { name: e.target.value }, 'name')}
              />
              <Input
                aria-label={`Variable ${i + 1} starting value`}
                type="number"
                value={variable.initial}
                onChange={(e) => update(i, { initial: Number(e.target.value) || 0 }, 'initial')}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove variable ${variable.name}`}
                onClick={() => onChange(variables.filter((_, j) => j !== i))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
            <ProblemList messages={problems.within(`logic.variables.${i}`)} />
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange([...variables, { id: newLogicId('var'), name: freeName(variables), initial: 0 }])
        }
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add variable
      </Button>
    </div>
  );
}
