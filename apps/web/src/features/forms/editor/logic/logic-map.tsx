import type { FormField } from '@formsmith/core/forms/field';
import type { FormLogic } from '@formsmith/core/logic/schema';
import { ArrowRight, Flag } from 'lucide-react';
import { describeConditions } from './describe-rule.ts';
import { endingTitle, type PageChoice, ruleTitle } from './logic-model.ts';

type Props = { pages: PageChoice[]; fields: FormField[]; logic: FormLogic; onOpenRule: (id: string) => void };

/**
 * The form's flow as a list a screen reader reads in order: each page, the jumps and endings its
 * rules lead to, and where it goes otherwise.
 */
export function LogicMap({ pages, fields, logic, onOpenRule }: Props) {
  const endingName = (id: string) => {
    const i = logic.endings.findIndex((e) => e.id === id);
    const ending = logic.endings[i];
    return ending ? endingTitle(ending, i) : 'a missing ending';
  };
  const pageName = (id: string) => pages.find((p) => p.id === id)?.name ?? 'a missing page';

  return (
    <ol aria-label="Logic map" className="space-y-2">
      {pages.map((page, i) => {
        const exits = logic.rules.flatMap((rule, index) =>
          rule.page === page.id
            ? rule.actions.flatMap((action) =>
                action.type === 'jump' || action.type === 'end' ? [{ rule, index, action }] : [],
              )
            : [],
        );
        const next = pages[i + 1];
        return (
          <li
            key={page.id}
            className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
          >
            <p className="font-semibold break-words">{page.name}</p>
            <ul className="mt-1 space-y-1 text-sm">
              {exits.map(({ rule, index, action }, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a rule's actions have no id of their own
                <li key={`${rule.id}-${j}`} className="flex items-start gap-1.5">
                  {action.type === 'jump' ? (
                    <ArrowRight
                      aria-hidden="true"
                      className="mt-0.5 h-4 w-4 shrink-0 text-brand-600 dark:text-brand-400"
                    />
                  ) : (
                    <Flag
                      aria-hidden="true"
                      className="mt-0.5 h-4 w-4 shrink-0 text-brand-600 dark:text-brand-400"
                    />
                  )}
                  <span className="min-w-0 break-words">
                    {action.type === 'jump'
                      ? `Jumps to ${pageName(action.page)}`
                      : `Ends with ${endingName(action.ending)}`}{' '}
                    when {describeConditions(rule, fields, logic)} (
                    <button
                      type="button"
                      className="text-brand-700 underline hover:no-underline dark:text-brand-300"
                      onClick={() => onOpenRule(rule.id)}
                    >
                      {ruleTitle(rule, index)}
                    </button>
                    )
                  </span>
                </li>
              ))}
              <li className="text-slate-600 dark:text-slate-300">
                {exits.length ? 'Otherwise' : 'Then'}:{' '}
                {next ? `goes on to ${next.name}` : 'the form is submitted'}
              </li>
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
