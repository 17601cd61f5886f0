import type { FormField } from '@formsmith/core/forms/field';
import type { FormLogic } from '@formsmith/core/logic/definition';
import { questionRuleOf } from '@formsmith/core/logic/field-rules';
import { Workflow } from 'lucide-react';
import { describeConditions } from './describe-rule.ts';
import { endingTitle, type PageChoice } from './logic-model.ts';

/** A badge opens what it describes: a rule on the Logic tab, or the question whose own rule it is. */
export type LogicBadge = { text: string; ruleId: string } | { text: string; fieldId: string };

/**
 * The logic touching each field and page, in words, keyed by field id or page id: a page's jumps
 * and endings ('Jumps to Page 3'), a question's 'Shown when …', 'Hidden when …', 'Required when …',
 * whether a rule of the Logic tab or the question's own rule says so.
 */
export function logicBadges(fields: readonly FormField[], logic: FormLogic, pages: PageChoice[]) {
  const badges = new Map<string, LogicBadge[]>();
  const add = (key: string, badge: LogicBadge) => badges.set(key, [...(badges.get(key) ?? []), badge]);
  for (const rule of logic.rules) {
    const when = describeConditions(rule, fields, logic);
    // A question's own rule is edited in its properties: its badge selects the question.
    const opens = (fieldId: string) =>
      questionRuleOf(logic, fieldId)?.rule === rule ? { fieldId } : { ruleId: rule.id };
    for (const action of rule.actions) {
      switch (action.type) {
        case 'jump':
          if (rule.page)
            add(rule.page, {
              text: `Jumps to ${pages.find((p) => p.id === action.page)?.name ?? 'a missing page'} when ${when}`,
              ruleId: rule.id,
            });
          break;
        case 'end': {
          const i = logic.endings.findIndex((e) => e.id === action.ending);
          const ending = logic.endings[i];
          if (rule.page)
            add(rule.page, {
              text: `Ends with ${ending ? endingTitle(ending, i) : 'a missing ending'} when ${when}`,
              ruleId: rule.id,
            });
          break;
        }
        case 'show':
          add(action.field, { text: `Shown when ${when}`, ...opens(action.field) });
          break;
        case 'hide':
          add(action.field, { text: `Hidden when ${when}`, ...opens(action.field) });
          break;
        case 'require':
          add(action.field, { text: `Required when ${when}`, ruleId: rule.id });
          break;
        case 'variable':
          break;
        default: {
          const unknown: never = action;
          return unknown;
        }
      }
    }
  }
  return badges;
}

/** A field's or page's logic badges; each opens its rule, or selects the question whose own rule it is. */
export function LogicBadges({
  badges,
  onOpenRule,
  onSelectField,
}: {
  badges: LogicBadge[] | undefined;
  onOpenRule: (id: string) => void;
  onSelectField: (id: string) => void;
}) {
  if (!badges?.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5 px-2" aria-label="Logic">
      {badges.map((badge, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one rule may give the same text twice
        <li key={i} className="min-w-0 max-w-full">
          <button
            type="button"
            onClick={() => ('ruleId' in badge ? onOpenRule(badge.ruleId) : onSelectField(badge.fieldId))}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-left text-xs font-medium text-brand-800 hover:bg-brand-100 dark:bg-brand-950 dark:text-brand-200 dark:hover:bg-brand-900"
          >
            <Workflow aria-hidden="true" className="h-3 w-3 shrink-0" />
            <span className="min-w-0 break-words">{badge.text}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
