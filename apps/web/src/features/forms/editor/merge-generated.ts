import type { FormField } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import type { LogicAction, LogicRule } from '@formsmith/core/logic/definition';
import { foldFieldConditions, questionRuleId } from '@formsmith/core/logic/field-rules';

export type GeneratedMode = 'replace' | 'add';

/** A field id not used by `taken`, kept as is when it is free. */
function freeId(id: string, taken: Set<string>): string {
  let candidate = id;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${id}_${n}`;
  taken.add(candidate);
  return candidate;
}

/** The generated fields' new ids where they clash with `existing`'s, by old id. */
function freeIds(generated: FormField[], existing: FormField[]): Map<string, string> {
  const taken = new Set(existing.map((f) => f.id));
  return new Map(generated.map((f) => [f.id, freeId(f.id, taken)]));
}

/** The field under its new id, a condition of its own (as older answers carry) following along. */
function renamedField(field: FormField, rename: (id: string) => string): FormField {
  const logic = field.conditionalLogic;
  const id = rename(field.id);
  if (!logic) return id === field.id ? field : { ...field, id };
  const conditions = logic.conditions.map((c) => ({ ...c, fieldId: rename(c.fieldId) }));
  return { ...field, id, conditionalLogic: { ...logic, conditions } };
}

/** A rule id not used by `taken`, numbered as folded conditions' rules are ('field-x-2'). */
function freeRuleId(id: string, taken: Set<string>): string {
  const base = id.slice(0, 90);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}

function renamedAction(action: LogicAction, rename: (id: string) => string): LogicAction {
  if (action.type === 'jump') return { ...action, page: rename(action.page) };
  if ('field' in action) return { ...action, field: rename(action.field) };
  return action;
}

/**
 * The generated rule reading and acting on the fields under their new ids; a question's own rule
 * keeps being its question's (`questionRuleId`), and no rule takes an id the form has already.
 */
function renamedRule(rule: LogicRule, rename: (id: string) => string, taken: Set<string>): LogicRule {
  const own = rule.actions.find((a) => 'field' in a && rule.id === questionRuleId(a.field));
  const wanted = own && 'field' in own ? questionRuleId(rename(own.field)) : rule.id;
  return {
    ...rule,
    id: freeRuleId(wanted, taken),
    ...(rule.page === undefined ? {} : { page: rename(rule.page) }),
    conditions: rule.conditions.map((c) => (c.source === 'field' ? { ...c, ref: rename(c.ref) } : c)),
    actions: rule.actions.map((a) => renamedAction(a, rename)),
  };
}

/**
 * The draft after 'Generate with AI': the generated form in place of the current one, or its
 * fields added after the current fields (title and description stay the owner's unless blank).
 * The generated rules (a follow-up's "ask only when…" is its own rule, which its properties then
 * edit) join the form's rules; a condition a generated field still carries itself, as older
 * answers did, becomes its rule the same way.
 */
export function mergeGenerated(current: Form, generated: Form, mode: GeneratedMode): Form {
  const replacing = mode === 'replace' || current.fields.length === 0;
  const renamed = replacing ? new Map<string, string>() : freeIds(generated.fields, current.fields);
  const rename = (id: string) => renamed.get(id) ?? id;
  const added = generated.fields.map((field) => renamedField(field, rename));
  const taken = new Set(current.logic.rules.map((r) => r.id));
  const rules = [
    ...current.logic.rules,
    ...generated.logic.rules.map((rule) => renamedRule(rule, rename, taken)),
  ];
  const merged = replacing
    ? { ...current, title: generated.title, description: generated.description, fields: added }
    : {
        ...current,
        title: current.title.trim() || generated.title,
        description: current.description.trim() || generated.description,
        fields: [...current.fields, ...added],
      };
  const { fields, logic } = foldFieldConditions(merged.fields, { ...current.logic, rules });
  return { ...merged, fields, logic };
}
