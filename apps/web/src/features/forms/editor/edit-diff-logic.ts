import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import type { FormField } from '@formsmith/core/forms/field';
import { languageName } from '@formsmith/core/i18n/language';
import type { LogicRule } from '@formsmith/core/logic/definition';
import { expressionToChips } from '@formsmith/core/logic/recall-names';
import type { DiffLine } from './edit-diff.ts';
import { describeConditions } from './logic/describe-rule.ts';
import { endingTitle, pagesOf } from './logic/logic-model.ts';

/** A calculation as the editor writes it, its answers named as chips: '@Quantity * @Price'. */
export function expressionInWords(expression: string, fields: readonly FormField[]): string {
  return expressionToChips(
    expression,
    fields.map((f) => ({ name: f.id, label: f.label })),
  );
}

function describeRule(rule: LogicRule, form: EditableForm): string {
  const label = (id: string) => `'${form.fields.find((f) => f.id === id)?.label ?? 'a missing question'}'`;
  const actions = rule.actions.map((action) => {
    switch (action.type) {
      case 'show':
        return `show ${label(action.field)}`;
      case 'hide':
        return `hide ${label(action.field)}`;
      case 'require':
        return `require ${label(action.field)}`;
      case 'jump':
        return `jump to ${pagesOf(form.fields).find((p) => p.id === action.page)?.name ?? 'a missing page'}`;
      case 'end': {
        const index = form.logic.endings.findIndex((e) => e.id === action.ending);
        const ending = form.logic.endings[index];
        return `end the form with '${ending ? endingTitle(ending, index) : 'a missing ending'}'`;
      }
      case 'variable':
        return `change ${action.variable}`;
      default: {
        const unknown: never = action;
        return unknown;
      }
    }
  });
  const when = describeConditions(rule, form.fields, form.logic);
  return `Rule: ${actions.join(' and ')} ${when === 'always' ? 'always' : `when ${when}`}`;
}

const sameRule = (a: LogicRule, b: LogicRule) => JSON.stringify(a) === JSON.stringify(b);

/** Rules and endings added, changed or removed, and labels translated. */
export function diffLogic(current: EditableForm, proposed: EditableForm): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const rule of proposed.logic.rules) {
    const old = current.logic.rules.find((r) => r.id === rule.id);
    if (!old) lines.push({ kind: 'added', text: describeRule(rule, proposed) });
    else if (!sameRule(old, rule)) lines.push({ kind: 'changed', text: describeRule(rule, proposed) });
  }
  for (const rule of current.logic.rules)
    if (!proposed.logic.rules.some((r) => r.id === rule.id))
      lines.push({ kind: 'removed', text: describeRule(rule, current) });
  proposed.logic.endings.forEach((ending, index) => {
    const old = current.logic.endings.find((e) => e.id === ending.id);
    const text = `Ending '${endingTitle(ending, index)}': ${ending.message || 'no message'}`;
    if (!old) lines.push({ kind: 'added', text });
    else if (old.title !== ending.title || old.message !== ending.message)
      lines.push({ kind: 'changed', text });
  });
  current.logic.endings.forEach((ending, index) => {
    if (!proposed.logic.endings.some((e) => e.id === ending.id))
      lines.push({ kind: 'removed', text: `Ending '${endingTitle(ending, index)}'` });
  });
  for (const [tag, texts] of Object.entries(proposed.translations)) {
    for (const field of proposed.fields) {
      const key = `field.${field.id}.label`;
      const [was, now] = [current.translations[tag]?.[key], texts[key]];
      if (was === now || now === undefined) continue;
      lines.push({
        kind: was === undefined ? 'added' : 'changed',
        text: `${languageName(tag, 'en')} label of '${field.label}': '${now}'`,
      });
    }
  }
  return lines;
}
