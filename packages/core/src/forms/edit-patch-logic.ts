// The logic and language operations of an edit patch: rules, endings, translated labels, and
// what removing a field or an option takes with it. Each throws EditPatchError when it does not fit.
import { answerChoices } from '../fields/options.ts';
import { canonicalTag, MAX_TRANSLATIONS } from '../i18n/language.ts';
import { checkLogic } from '../logic/check.ts';
import { type FormLogic, type LogicRule, VALUE_OPERATORS } from '../logic/definition.ts';
import { expressionNames, parseExpression } from '../logic/expression.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { FIRST_PAGE_ID, PAGE_BREAK_TYPE, splitPages } from '../logic/run.ts';
import type { EditableForm, EditPatch, NewRule } from './edit-patch.ts';
import { fail, fieldOf, readsField, sameText } from './edit-patch-fields.ts';
import type { FormField } from './field.ts';

function namesIn(expression: string): string[] {
  const parsed = parseExpression(expression);
  return parsed.ok ? expressionNames(parsed.expr) : [];
}

function nextId(prefix: string, taken: string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`${prefix}_${n}`)) n++;
  return `${prefix}_${n}`;
}

/** The page a field is on: the id of the page break before it, or the first page. */
export function pageOf(fields: readonly FormField[], id: string): string {
  const page = splitPages(logicFieldsOf(fields).filter((f) => !f.hidden)).find((p) =>
    p.fields.some((f) => f.id === id),
  );
  return page?.id ?? FIRST_PAGE_ID;
}

/** A condition's value as stored: an option's value, 'yes' or 'no', or the text as given. */
function storedValue(field: FormField, value: string): string {
  const choices = answerChoices(field);
  if (!choices) return value;
  const choice =
    choices.find((c) => c.value === value) ??
    choices.find((c) => sameText(c.label, value)) ??
    choices.find((c) => sameText(c.value, value));
  return choice?.value ?? fail(`'${field.label}' has no answer '${value}'.`);
}

export function addRule(form: EditableForm, rule: NewRule): FormLogic {
  const { logic } = form;
  const id =
    rule.id ??
    nextId(
      'rule',
      logic.rules.map((r) => r.id),
    );
  if (logic.rules.some((r) => r.id === id)) fail(`The form already has a rule '${id}'.`);
  const conditions = rule.conditions.map((c) => {
    const field = fieldOf(form, c.field);
    if (field.type === PAGE_BREAK_TYPE) fail('A rule cannot read a page break.');
    if (VALUE_OPERATORS.includes(c.operator) && c.value === undefined)
      fail(`The condition on '${field.label}' compares with no value.`);
    const compares = c.operator === 'equals' || c.operator === 'not_equals';
    const value = c.value !== undefined && compares ? storedValue(field, c.value) : c.value;
    return {
      source: 'field' as const,
      ref: field.id,
      operator: c.operator,
      ...(value !== undefined ? { value } : {}),
    };
  });
  for (const action of rule.actions) {
    if ('field' in action && fieldOf(form, action.field).type === PAGE_BREAK_TYPE)
      fail('A rule cannot show, hide or require a page break.');
    if (action.type === 'end' && !logic.endings.some((e) => e.id === action.ending))
      fail(`The form has no ending '${action.ending}'.`);
  }
  const exits = rule.actions.some((a) => a.type === 'jump' || a.type === 'end');
  const last = [...form.fields].reverse().find((f) => conditions.some((c) => c.ref === f.id));
  const page = rule.page ?? (exits && last ? pageOf(form.fields, last.id) : undefined);
  if (exits && page === undefined) fail('A rule that jumps or ends the form needs a page or a condition.');
  const added: LogicRule = {
    id,
    ...(rule.name ? { name: rule.name } : {}),
    ...(page !== undefined ? { page } : {}),
    match: rule.match,
    conditions,
    actions: rule.actions,
  };
  return { ...logic, rules: [...logic.rules, added] };
}

export function removeRule(logic: FormLogic, id: string): FormLogic {
  if (!logic.rules.some((r) => r.id === id)) fail(`The form has no rule '${id}'.`);
  return { ...logic, rules: logic.rules.filter((r) => r.id !== id) };
}

export function addEnding(
  logic: FormLogic,
  ending: { id?: string; title: string; message: string },
): FormLogic {
  const id =
    ending.id ??
    nextId(
      'ending',
      logic.endings.map((e) => e.id),
    );
  if (logic.endings.some((e) => e.id === id)) fail(`The form already has an ending '${id}'.`);
  return {
    ...logic,
    endings: [...logic.endings, { id, title: ending.title, message: ending.message, redirectParams: [] }],
  };
}

export function updateEnding(
  logic: FormLogic,
  id: string,
  texts: { title?: string; message?: string },
): FormLogic {
  if (!logic.endings.some((e) => e.id === id)) fail(`The form has no ending '${id}'.`);
  return {
    ...logic,
    endings: logic.endings.map((e) =>
      e.id === id
        ? {
            ...e,
            ...(texts.title !== undefined ? { title: texts.title } : {}),
            ...(texts.message !== undefined ? { message: texts.message } : {}),
          }
        : e,
    ),
  };
}

/** Rules that lose every action are dropped: they would do nothing. */
function withoutActions(
  rules: LogicRule[],
  drop: (action: LogicRule['actions'][number]) => boolean,
): LogicRule[] {
  return rules.flatMap((rule) => {
    const actions = rule.actions.filter((a) => !drop(a));
    if (actions.length === rule.actions.length) return [rule];
    return actions.length > 0 ? [{ ...rule, actions }] : [];
  });
}

export function removeEnding(logic: FormLogic, id: string): FormLogic {
  if (!logic.endings.some((e) => e.id === id)) fail(`The form has no ending '${id}'.`);
  return {
    ...logic,
    endings: logic.endings.filter((e) => e.id !== id),
    rules: withoutActions(logic.rules, (a) => a.type === 'end' && a.ending === id),
  };
}

/**
 * The form without a field: a rule that read its answer would decide differently, so it goes
 * (a question's own show/hide rule among them); actions on it go (and a rule left with none); so
 * do its translations. A calculation that reads it would break: that is refused. The form is one
 * as read in, its questions' own conditions already rules (logic/field-rules.ts).
 */
export function removeField(form: EditableForm, id: string): EditableForm {
  const field = fieldOf(form, id);
  const reader = form.fields.find((f) => f.type === 'calculated' && namesIn(f.expression).includes(id));
  if (reader) fail(`The calculation '${reader.label}' reads '${field.label}'; change it first.`);
  const rules = withoutActions(
    form.logic.rules.filter((r) => !readsField(r, id) && r.page !== id),
    (a) => ('field' in a && a.field === id) || (a.type === 'jump' && a.page === id),
  );
  const endings = form.logic.endings.map((e) =>
    e.redirectParams.includes(id) ? { ...e, redirectParams: e.redirectParams.filter((p) => p !== id) } : e,
  );
  const fields = form.fields.filter((f) => f.id !== id);
  const prefix = `field.${id}.`;
  const translations = Object.fromEntries(
    Object.entries(form.translations).map(([tag, texts]) => [
      tag,
      Object.fromEntries(Object.entries(texts).filter(([key]) => !key.startsWith(prefix))),
    ]),
  );
  return { ...form, fields, logic: { ...form.logic, rules, endings }, translations };
}

/** The logic without rules (questions' own among them) comparing the field's answer with values it no longer offers. */
export function forgetValues(form: EditableForm, id: string, values: string[]): EditableForm {
  return {
    ...form,
    logic: { ...form.logic, rules: form.logic.rules.filter((r) => !readsField(r, id, values)) },
  };
}

export function translateLabel(form: EditableForm, id: string, language: string, text: string): EditableForm {
  const field = fieldOf(form, id);
  const tag = canonicalTag(language) ?? fail(`'${language}' is not a language tag.`);
  if (tag.toLowerCase() === form.language.toLowerCase())
    fail(`'${field.label}' is already in ${tag}, the form's own language.`);
  if (field.type === 'hidden') fail('A hidden field has no label respondents read.');
  const existing = Object.keys(form.translations).find((t) => t.toLowerCase() === tag.toLowerCase()) ?? tag;
  if (!(existing in form.translations) && Object.keys(form.translations).length >= MAX_TRANSLATIONS)
    fail(`A form can have at most ${MAX_TRANSLATIONS} languages besides its default.`);
  const texts = { ...form.translations[existing] };
  const key = `field.${id}.label`;
  if (text.trim() === '') delete texts[key];
  else texts[key] = text.trim();
  return { ...form, translations: { ...form.translations, [existing]: texts } };
}

/**
 * Refuses logic the patch makes that would loop, point nowhere or read what the respondent has not
 * reached: the problems of the rules it adds and of the calculations it adds or changes. Problems
 * the form had before are the owner's to mend, not the patch's.
 */
export function checkNewLogic(before: EditableForm, after: EditableForm, patch: EditPatch): void {
  const oldRules = new Set(before.logic.rules.map((r) => r.id));
  const changedCalculations = new Set(
    patch.operations.flatMap((op) =>
      op.op === 'add_field'
        ? [op.field.id]
        : op.op === 'update_field' && op.changes.expression !== undefined
          ? [op.id]
          : [],
    ),
  );
  const addedFields = after.fields.filter((f) => !before.fields.some((b) => b.id === f.id)).map((f) => f.id);
  for (const problem of checkLogic(logicFieldsOf(after.fields), after.logic)) {
    const rule = /^logic\.rules\.(\d+)/.exec(problem.path);
    const field = /^fields\.(\d+)\.expression/.exec(problem.path);
    const ruleId = rule ? after.logic.rules[Number(rule[1])]?.id : undefined;
    const fieldId = field ? after.fields[Number(field[1])]?.id : undefined;
    const isNew =
      (ruleId !== undefined && !oldRules.has(ruleId)) ||
      (fieldId !== undefined && (changedCalculations.has(fieldId) || addedFields.includes(fieldId)));
    if (isNew) fail(problem.message);
  }
}
