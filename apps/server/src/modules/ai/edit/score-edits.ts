// Scores an edit interpreter on a case file (scripts/ai-eval/edit-*.json): each case is a form,
// an instruction, and what the form must look like afterwards, or that the interpreter must ask.

import { NAMED_PATTERNS, type PatternName } from '@formsmith/core/fields/named-patterns';
import { isChoiceType } from '@formsmith/core/fields/options';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { type FormField, fieldSchema, optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { z } from 'zod';
import { foldText } from '../generator/text-utils.ts';

const caseFieldSchema = z.object({
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
const caseFormSchema = z.object({
  title: z.string(),
  description: z.string(),
  fields: z.array(caseFieldSchema),
});
/** What a case expects of one field, in the wording shared with the generation sets. */
export const expectedFieldCore = z.object({
  label_any: z.array(z.string()).min(1),
  type: z.string().optional(),
  type_any: z.array(z.string()).optional(),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
});
const expectedFieldSchema = expectedFieldCore.extend({
  min: z.number().optional(),
  max: z.number().optional(),
  index: z.number().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  pattern: z.string().optional(),
  accept: z.array(z.string()).optional(),
  maxFileSize: z.number().optional(),
  help: z.string().optional(),
  placeholder: z.string().optional(),
  /** A page starts right before the field. */
  new_page: z.boolean().optional(),
  /** Labels of the fields a calculation reads. */
  reads: z.array(z.string()).optional(),
});
const expectedRuleSchema = z.object({
  action: z.enum(['show', 'hide', 'require', 'jump', 'end']),
  /** The field shown, hidden or required, or the first field of the page jumped to. */
  target: z.string().optional(),
  when: z.string(),
  operator: z.string().optional(),
  value: z.string().optional(),
});
export const editCaseSchema = z.object({
  id: z.string(),
  /** A form of its own, or one of the shared forms by name. */
  form: caseFormSchema.optional(),
  form_ref: z.string().optional(),
  instruction: z.string(),
  expect: z.object({
    fields: z.array(expectedFieldSchema).optional(),
    absent: z.array(z.string()).optional(),
    count: z.number().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    rules: z.array(expectedRuleSchema).optional(),
    translations: z.array(z.object({ label: z.string(), language: z.string(), text: z.string() })).optional(),
    endings: z.number().optional(),
    /** Fields the instruction does not name may change too ('translate the form', 'make every question required'). */
    others_change: z.boolean().optional(),
    /** The interpreter must ask instead of changing anything, naming these fields among its candidates. */
    ask: z.boolean().optional(),
    candidates: z.array(z.string()).optional(),
  }),
});
export type EditCase = z.infer<typeof editCaseSchema>;
export const sharedFormsSchema = z.record(z.string(), caseFormSchema);
export type SharedForms = z.infer<typeof sharedFormsSchema>;

const slug = (label: string) =>
  foldText(label)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The case's form as canonical fields (`field_1`, …). */
export function caseForm(editCase: EditCase, shared: SharedForms = {}): EditableForm {
  const source = editCase.form ?? shared[editCase.form_ref ?? ''];
  if (!source) throw new Error(`case ${editCase.id} has no form`);
  const fields = source.fields.map((field, index) =>
    fieldSchema.parse({
      id: `field_${index + 1}`,
      type: field.type,
      label: field.label,
      position: index,
      validation: { required: field.required, min: field.min, max: field.max },
      ...(isChoiceType(field.type as FormField['type'])
        ? {
            options: (field.options ?? ['Option 1']).map((label, i) => ({
              id: `option_${i + 1}`,
              label,
              value: slug(label),
            })),
          }
        : {}),
      ...(field.type === 'calculated' ? { expression: '0' } : {}),
    }),
  );
  return { ...source, fields, logic: EMPTY_LOGIC, language: 'en', translations: {} };
}

const same = (a: string, b: string) => foldText(a).trim() === foldText(b).trim();
const labelled = (field: FormField, any: string[]) =>
  any.some((k) => foldText(field.label).includes(foldText(k)));

/** What the interpreter answered: the form it proposed, or the candidates of its question. */
export type Outcome = { form: EditableForm } | { asked: string[] };

/**
 * Checks passed / checks made for one case. A case expecting a change scores 0 when the
 * interpreter asked instead; a case expecting a question scores 0 when it changed anything.
 * Every case also checks that the fields it does not name stay as they were.
 */
export function scoreEditCase(
  editCase: EditCase,
  outcome: Outcome,
  before: EditableForm,
): { score: number; misses: string[] } {
  const { expect } = editCase;
  if (expect.ask) {
    if (!('asked' in outcome)) return { score: 0, misses: ['changed instead of asking'] };
    const missing = (expect.candidates ?? []).filter((c) => !outcome.asked.some((a) => same(a, c)));
    return { score: missing.length ? 0.5 : 1, misses: missing.map((m) => `candidate ${m}`) };
  }
  if (!('form' in outcome)) return { score: 0, misses: ['asked instead of changing'] };
  const result = outcome.form;
  const misses: string[] = [];
  let checks = 0;
  const check = (ok: boolean, what: string) => {
    checks++;
    if (!ok) misses.push(what);
  };
  const named = new Set<string>();
  for (const want of expect.fields ?? []) {
    const index = result.fields.findIndex((f) => f.type !== 'page_break' && labelled(f, want.label_any));
    const field = result.fields[index];
    const name = want.label_any[0] as string;
    check(field !== undefined, `field ${name}`);
    if (!field) continue;
    named.add(field.id);
    const rules = rulesOf(field);
    const types = want.type_any ?? (want.type ? [want.type] : []);
    if (types.length) check(types.includes(field.type), `${name} type ${field.type}`);
    if (want.required !== undefined) check(field.validation.required === want.required, `${name} required`);
    if (want.min !== undefined) check(rules.min === want.min, `${name} min`);
    if (want.max !== undefined) check(rules.max === want.max, `${name} max`);
    if (want.minLength !== undefined) check(rules.minLength === want.minLength, `${name} minLength`);
    if (want.maxLength !== undefined) check(rules.maxLength === want.maxLength, `${name} maxLength`);
    if (want.pattern !== undefined)
      check(rules.pattern === NAMED_PATTERNS[want.pattern as PatternName]?.pattern, `${name} pattern`);
    if (want.accept !== undefined)
      check(
        want.accept.every((a) => rules.accept?.includes(a)),
        `${name} accept`,
      );
    if (want.maxFileSize !== undefined) check(rules.maxFileSize === want.maxFileSize, `${name} file size`);
    if (want.help !== undefined) check(same(field.helpText ?? '', want.help), `${name} help`);
    if (want.placeholder !== undefined)
      check(same(field.placeholder ?? '', want.placeholder), `${name} placeholder`);
    if (want.index !== undefined) check(index === want.index, `${name} at ${index}`);
    if (want.new_page !== undefined)
      check((result.fields[index - 1]?.type === 'page_break') === want.new_page, `${name} new page`);
    if (want.reads !== undefined && field.type === 'calculated') {
      const reads = result.fields.filter((f) => field.expression.includes(f.id)).map((f) => f.label);
      check(
        want.reads.every((r) => reads.some((l) => same(l, r))),
        `${name} reads`,
      );
    }
    if (want.options) {
      const got = optionsOf(field)?.map((o) => o.label) ?? [];
      check(
        got.length === want.options.length && got.every((o, i) => same(o, want.options?.[i] ?? '')),
        `${name} options`,
      );
    }
  }
  for (const gone of expect.absent ?? [])
    check(!result.fields.some((f) => f.type !== 'page_break' && same(f.label, gone)), `${gone} removed`);
  if (expect.count !== undefined) {
    const questions = result.fields.filter((f) => f.type !== 'page_break').length;
    check(questions === expect.count, `count ${questions}`);
  }
  if (expect.title !== undefined) check(same(result.title, expect.title), 'title');
  if (expect.description !== undefined) check(same(result.description, expect.description), 'description');
  if (expect.endings !== undefined) check(result.logic.endings.length === expect.endings, 'endings');
  for (const want of expect.rules ?? [])
    check(hasRule(result, want), `rule ${want.action} ${want.target ?? ''}`);
  for (const want of expect.translations ?? []) {
    const field = result.fields.find((f) => labelled(f, [want.label]));
    check(
      same(result.translations[want.language]?.[`field.${field?.id}.label`] ?? '', want.text),
      `translation ${want.label}`,
    );
  }
  // What the instruction does not name stays as it was.
  const touched = before.fields.filter((f) => !named.has(f.id) && result.fields.some((r) => r.id === f.id));
  const changed = touched.filter((f) => {
    const after = result.fields.find((r) => r.id === f.id) as FormField;
    const { position: _a, ...a } = f;
    const { position: _b, ...b } = after;
    return JSON.stringify(a) !== JSON.stringify(b) && !(expect.absent ?? []).some((g) => same(f.label, g));
  });
  if (!expect.others_change)
    check(changed.length === 0, `others unchanged (${changed.map((f) => f.label).join(', ')})`);
  return { score: checks === 0 ? 1 : (checks - misses.length) / checks, misses };
}

function hasRule(form: EditableForm, want: z.infer<typeof expectedRuleSchema>): boolean {
  const byLabel = (label: string) => form.fields.find((f) => f.type !== 'page_break' && labelled(f, [label]));
  const reads = byLabel(want.when);
  return form.logic.rules.some((rule) => {
    const condition = rule.conditions.find((c) => c.ref === reads?.id);
    if (!condition) return false;
    if (want.operator && condition.operator !== want.operator) return false;
    if (want.value !== undefined && !same(condition.value ?? '', want.value)) {
      const field = form.fields.find((f) => f.id === condition.ref);
      const option = field && optionsOf(field)?.find((o) => o.value === condition.value);
      if (!option || !same(option.label, want.value)) return false;
    }
    return rule.actions.some((action) => {
      if (action.type !== want.action) return false;
      if (!want.target) return true;
      if ('field' in action) return action.field === byLabel(want.target)?.id;
      if (action.type === 'jump') {
        const index = form.fields.findIndex((f) => f.id === action.page);
        return form.fields[index + 1]?.id === byLabel(want.target)?.id;
      }
      return true;
    });
  });
}
