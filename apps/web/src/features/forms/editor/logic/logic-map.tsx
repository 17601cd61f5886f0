import type { FormField } from '@formsmith/core/forms/field';
import type { FormLogic } from '@formsmith/core/logic/definition';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { splitPages } from '@formsmith/core/logic/run';
import { ArrowRight, Eye, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeConditions } from './describe-rule.ts';
import { logicBadges } from './logic-badges.tsx';
import { endingTitle, type PageChoice, ruleTitle } from './logic-model.ts';

type Props = {
  pages: PageChoice[];
  fields: FormField[];
  logic: FormLogic;
  onOpenRule: (id: string) => void;
  /** Selects a field whose own condition shows or hides it (edited in its properties). */
  onSelectField: (id: string) => void;
};

const iconClasses = 'mt-0.5 h-4 w-4 shrink-0 text-brand-600 dark:text-brand-400';
const linkClasses = 'text-brand-700 underline hover:no-underline dark:text-brand-300';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-1.5">
      {icon}
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/**
 * The form's flow as a list a screen reader reads in order: each page, the questions on it that
 * logic shows, hides or requires, the jumps and endings its rules lead to, and where it goes
 * otherwise (the last page to the form's first ending).
 */
export function LogicMap({ pages, fields, logic, onOpenRule, onSelectField }: Props) {
  const endingName = (id: string) => {
    const i = logic.endings.findIndex((e) => e.id === id);
    const ending = logic.endings[i];
    return ending ? endingTitle(ending, i) : 'a missing ending';
  };
  const pageName = (id: string) => pages.find((p) => p.id === id)?.name ?? 'a missing page';
  const badges = logicBadges(fields, logic, pages);
  const pageFields = new Map(
    splitPages(logicFieldsOf(fields).filter((f) => !f.hidden)).map((p) => [p.id, p.fields.map((f) => f.id)]),
  );
  const byId = new Map(fields.map((f) => [f.id, f]));
  const ruleLink = (id: string) => {
    const index = logic.rules.findIndex((r) => r.id === id);
    const rule = logic.rules[index];
    return rule ? (
      <button type="button" className={linkClasses} onClick={() => onOpenRule(id)}>
        {ruleTitle(rule, index)}
      </button>
    ) : null;
  };
  const plain = logic.endings[0];

  return (
    <ol aria-label="Logic map" className="space-y-2">
      {pages.map((page, i) => {
        const exits = logic.rules.flatMap((rule) =>
          rule.page === page.id
            ? rule.actions.flatMap((action) =>
                action.type === 'jump' || action.type === 'end' ? [{ rule, action }] : [],
              )
            : [],
        );
        const acting = (pageFields.get(page.id) ?? []).flatMap((id) =>
          (badges.get(id) ?? []).map((badge) => ({ field: byId.get(id), badge })),
        );
        const next = pages[i + 1];
        return (
          <li
            key={page.id}
            className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
          >
            <p className="font-semibold break-words">{page.name}</p>
            <ul className="mt-1 space-y-1 text-sm">
              {acting.map(({ field, badge }, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a field may carry the same words twice
                <Line key={`${field?.id}-${j}`} icon={<Eye aria-hidden="true" className={iconClasses} />}>
                  {field?.label || 'Untitled field'}: {badge.text} (
                  {'ruleId' in badge ? (
                    ruleLink(badge.ruleId)
                  ) : (
                    <button
                      type="button"
                      className={linkClasses}
                      onClick={() => onSelectField(badge.fieldId)}
                    >
                      its own condition
                    </button>
                  )}
                  )
                </Line>
              ))}
              {exits.map(({ rule, action }, j) => (
                <Line
                  // biome-ignore lint/suspicious/noArrayIndexKey: a rule's actions have no id of their own
                  key={`${rule.id}-${j}`}
                  icon={
                    action.type === 'jump' ? (
                      <ArrowRight aria-hidden="true" className={iconClasses} />
                    ) : (
                      <Flag aria-hidden="true" className={iconClasses} />
                    )
                  }
                >
                  {action.type === 'jump'
                    ? `Jumps to ${pageName(action.page)}`
                    : `Ends with ${endingName(action.ending)}`}{' '}
                  when {describeConditions(rule, fields, logic)} ({ruleLink(rule.id)})
                </Line>
              ))}
              <li className="text-slate-600 dark:text-slate-300">
                {exits.length ? 'Otherwise' : 'Then'}:{' '}
                {next
                  ? `goes on to ${next.name}`
                  : plain
                    ? `ends with ${endingTitle(plain, 0)}`
                    : 'the form is submitted'}
              </li>
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
