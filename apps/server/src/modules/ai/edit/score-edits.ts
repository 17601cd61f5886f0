// Scores an edit interpreter on a case file (scripts/ai-eval/edit-cases.json): each case is a
// form, an instruction and what the form must look like afterwards.

import { isChoiceType } from '@formsmith/core/fields/options';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { type FormField, fieldSchema, optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { EMPTY_LOGIC } from '@formsmith/core/logic/schema';
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
const expectedFieldSchema = z.object({
  label_any: z.array(z.string()).min(1),
  type: z.string().optional(),
  type_any: z.array(z.string()).optional(),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  index: z.number().optional(),
});
export const editCaseSchema = z.object({
  id: z.string(),
  form: z.object({ title: z.string(), description: z.string(), fields: z.array(caseFieldSchema) }),
  instruction: z.string(),
  expect: z.object({
    fields: z.array(expectedFieldSchema).optional(),
    absent: z.array(z.string()).optional(),
    count: z.number().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
  }),
});
export type EditCase = z.infer<typeof editCaseSchema>;

/** The case's form as canonical fields (`field_1`, …). */
export function caseForm(editCase: EditCase): EditableForm {
  const fields = editCase.form.fields.map((field, index) =>
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
              value: foldText(label).replace(/[^a-z0-9]+/g, '_'),
            })),
          }
        : {}),
    }),
  );
  return {
    title: editCase.form.title,
    description: editCase.form.description,
    fields,
    logic: EMPTY_LOGIC,
    language: 'en',
    translations: {},
  };
}

const same = (a: string, b: string) => foldText(a).trim() === foldText(b).trim();

/** Checks passed / checks made for one case; a case the interpreter could not read scores 0. */
export function scoreEditCase(
  editCase: EditCase,
  result: EditableForm | null,
): { score: number; misses: string[] } {
  if (!result) return { score: 0, misses: ['no patch'] };
  const misses: string[] = [];
  let checks = 0;
  const check = (ok: boolean, what: string) => {
    checks++;
    if (!ok) misses.push(what);
  };
  const { expect } = editCase;
  for (const want of expect.fields ?? []) {
    const index = result.fields.findIndex((f) =>
      want.label_any.some((k) => foldText(f.label).includes(foldText(k))),
    );
    const field = result.fields[index];
    check(field !== undefined, `field ${want.label_any[0]}`);
    if (!field) continue;
    const types = want.type_any ?? (want.type ? [want.type] : []);
    if (types.length) check(types.includes(field.type), `${want.label_any[0]} type ${field.type}`);
    if (want.required !== undefined)
      check(field.validation.required === want.required, `${want.label_any[0]} required`);
    if (want.min !== undefined) check(rulesOf(field).min === want.min, `${want.label_any[0]} min`);
    if (want.max !== undefined) check(rulesOf(field).max === want.max, `${want.label_any[0]} max`);
    if (want.index !== undefined) check(index === want.index, `${want.label_any[0]} at ${index}`);
    if (want.options) {
      const got = optionsOf(field)?.map((o) => o.label) ?? [];
      check(
        got.length === want.options.length && got.every((o, i) => same(o, want.options?.[i] ?? '')),
        `${want.label_any[0]} options`,
      );
    }
  }
  for (const gone of expect.absent ?? [])
    check(!result.fields.some((f) => foldText(f.label).includes(foldText(gone))), `${gone} removed`);
  if (expect.count !== undefined)
    check(result.fields.length === expect.count, `count ${result.fields.length}`);
  if (expect.title !== undefined) check(same(result.title, expect.title), 'title');
  if (expect.description !== undefined) check(same(result.description, expect.description), 'description');
  return { score: checks === 0 ? 1 : (checks - misses.length) / checks, misses };
}
