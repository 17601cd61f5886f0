import type { Form } from '@formsmith/core/forms/form';
import { checkLogic } from '@formsmith/core/logic/check';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { logicLimitProblems } from '@formsmith/core/logic/limits';
import { useMemo } from 'react';

/** Problems by path (`logic.rules.1.actions.0`, `fields.3.expression`), each path's messages once. */
export type LogicProblems = {
  /** Messages whose path is exactly this one. */
  at: (path: string) => string[];
  /** Messages at this path or inside it. */
  within: (path: string) => string[];
  count: number;
};

/**
 * The logic's problems as the owner edits (the same check the server runs on save), plus those the
 * server named when it last refused the draft, so nothing it says is missed.
 */
export function useLogicProblems(
  form: Form,
  serverFields: Record<string, string> | undefined,
): LogicProblems {
  return useMemo(() => {
    const byPath = new Map<string, Set<string>>();
    const add = (path: string, message: string) => {
      const set = byPath.get(path) ?? new Set<string>();
      set.add(message);
      byPath.set(path, set);
    };
    for (const problem of checkLogic(logicFieldsOf(form.fields), form.logic))
      add(problem.path, problem.message);
    for (const problem of logicLimitProblems(form.fields, form.logic)) add(problem.path, problem.message);
    for (const [path, message] of Object.entries(serverFields ?? {})) {
      if (path.startsWith('logic.') || /^fields\.\d+\.expression$/.test(path)) add(path, message);
    }
    const within = (path: string) =>
      [...byPath].filter(([p]) => p === path || p.startsWith(`${path}.`)).flatMap(([, set]) => [...set]);
    return {
      at: (path) => [...(byPath.get(path) ?? [])],
      within: (path) => [...new Set(within(path))],
      count: byPath.size,
    };
  }, [form.fields, form.logic, serverFields]);
}
