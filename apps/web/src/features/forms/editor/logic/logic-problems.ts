import type { FormProblem } from '@formsmith/core/forms/problems';
import { useMemo } from 'react';

/** Problems by path (`logic.rules.1.actions.0`, `fields.3.expression`), each path's messages once. */
export type LogicProblems = {
  /** Messages whose path is exactly this one. */
  at: (path: string) => string[];
  /** Messages at this path or inside it. */
  within: (path: string) => string[];
  count: number;
};

/** Whether a problem's place is the logic's (a rule, variable or ending, or a calculation). */
export function isLogicPath(path: string): boolean {
  return path.startsWith('logic.') || /^fields\.\d+\.expression$/.test(path);
}

/**
 * The logic's problems as the owner edits (from the form's problems, the check the server runs
 * on Publish), plus those the server named when it last refused the draft, so nothing it says is
 * missed.
 */
export function useLogicProblems(
  problems: FormProblem[],
  serverFields: Record<string, string> | undefined,
): LogicProblems {
  return useMemo(() => {
    const byPath = new Map<string, Set<string>>();
    const add = (path: string, message: string) => {
      const set = byPath.get(path) ?? new Set<string>();
      set.add(message);
      byPath.set(path, set);
    };
    for (const problem of problems) if (isLogicPath(problem.path)) add(problem.path, problem.message);
    for (const [path, message] of Object.entries(serverFields ?? {}))
      if (isLogicPath(path)) add(path, message);
    const within = (path: string) =>
      [...byPath].filter(([p]) => p === path || p.startsWith(`${path}.`)).flatMap(([, set]) => [...set]);
    return {
      at: (path) => [...(byPath.get(path) ?? [])],
      within: (path) => [...new Set(within(path))],
      count: byPath.size,
    };
  }, [problems, serverFields]);
}
