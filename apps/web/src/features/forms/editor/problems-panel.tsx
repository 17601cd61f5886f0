import type { FormProblem } from '@formsmith/core/forms/problems';
import type { LogicRule } from '@formsmith/core/logic/definition';
import { AlertTriangle } from 'lucide-react';
import { forwardRef } from 'react';
import { ruleTitle } from './logic/logic-model.ts';

type Props = {
  problems: FormProblem[];
  rules: LogicRule[];
  /** Selects a field on the canvas and brings it into view. */
  onSelectField: (id: string) => void;
  onOpenRule: (id: string) => void;
};

/** The id of a field's row on the canvas (where a problem's link leads). */
export function fieldRowId(fieldId: string): string {
  return `field-row-${fieldId}`;
}

/** What a problem's link says: the field's label (or its place), or the rule's name. */
function linkText(problem: FormProblem, rules: LogicRule[]): string | null {
  if (problem.fieldId !== null) {
    const index = /^fields\.(\d+)/.exec(problem.path)?.[1];
    return problem.label?.trim() || (index === undefined ? 'Untitled field' : `Field ${Number(index) + 1}`);
  }
  const index = rules.findIndex((r) => r.id === problem.ruleId);
  const rule = rules[index];
  return rule ? ruleTitle(rule, index) : null;
}

/**
 * What keeps the draft from being published, as the owner works (core's formProblems, the check
 * the server runs on Publish). The draft is saved all the same; each problem links to the field
 * it concerns (selected on the canvas) or to its rule on the Logic tab.
 */
export const ProblemsPanel = forwardRef<HTMLElement, Props>(function ProblemsPanel(props, ref) {
  const { problems, rules } = props;
  if (problems.length === 0) return null;
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="form-problems-heading"
      className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="form-problems-heading" className="flex items-center gap-1.5 font-semibold">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {count} to fix before publishing
      </h2>
      <p className="mt-0.5 text-amber-900 dark:text-amber-200">Your draft is saved as it is.</p>
      <ul className="mt-2 space-y-1">
        {problems.map((problem) => {
          const text = linkText(problem, rules);
          const { fieldId, ruleId } = problem;
          return (
            <li key={`${problem.path}:${problem.message}`} className="break-words">
              {text !== null && (
                <>
                  <a
                    href={fieldId !== null ? `#${fieldRowId(fieldId)}` : `#rule-${ruleId}`}
                    onClick={(e) => {
                      e.preventDefault();
                      if (fieldId !== null) props.onSelectField(fieldId);
                      else if (ruleId !== null) props.onOpenRule(ruleId);
                    }}
                    className="font-medium underline underline-offset-2 hover:no-underline"
                  >
                    {text}
                  </a>
                  {': '}
                </>
              )}
              {problem.message}
            </li>
          );
        })}
      </ul>
    </section>
  );
});
