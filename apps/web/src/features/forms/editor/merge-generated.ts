import type { FormField } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { foldFieldConditions } from '@formsmith/core/logic/field-rules';

export type GeneratedMode = 'replace' | 'add';

/** A field id not used by `taken`, kept as is when it is free. */
function freeId(id: string, taken: Set<string>): string {
  let candidate = id;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${id}_${n}`;
  taken.add(candidate);
  return candidate;
}

/** The generated fields with ids that do not clash with `existing`, their rules following along. */
function withFreeIds(generated: FormField[], existing: FormField[]): FormField[] {
  const taken = new Set(existing.map((f) => f.id));
  const renamed = new Map(generated.map((f) => [f.id, freeId(f.id, taken)]));
  return generated.map((field) => {
    const logic = field.conditionalLogic;
    return {
      ...field,
      id: renamed.get(field.id) ?? field.id,
      conditionalLogic: logic
        ? {
            ...logic,
            conditions: logic.conditions.map((c) => ({ ...c, fieldId: renamed.get(c.fieldId) ?? c.fieldId })),
          }
        : logic,
    };
  });
}

/**
 * The draft after 'Generate with AI': the generated form in place of the current one, or its
 * fields added after the current fields (title and description stay the owner's unless blank).
 * A generated follow-up's "ask only when…" condition becomes its own rule of the form's logic,
 * which its properties then edit.
 */
export function mergeGenerated(current: Form, generated: Form, mode: GeneratedMode): Form {
  const merged =
    mode === 'replace' || current.fields.length === 0
      ? { ...current, title: generated.title, description: generated.description, fields: generated.fields }
      : {
          ...current,
          title: current.title.trim() || generated.title,
          description: current.description.trim() || generated.description,
          fields: [...current.fields, ...withFreeIds(generated.fields, current.fields)],
        };
  const { fields, logic } = foldFieldConditions(merged.fields, merged.logic);
  return { ...merged, fields, logic };
}
