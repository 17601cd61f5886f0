import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { type FormField, optionsOf, rulesOf } from '@formsmith/core/forms/field';

/** One line of the proposed change, as the owner reads it. */
export type DiffLine = { kind: 'added' | 'removed' | 'changed'; text: string };

function describe(field: FormField): string {
  return `${field.label} (${field.type}, ${field.validation.required ? 'required' : 'optional'})`;
}

function changesOf(before: FormField, after: FormField): string[] {
  const changes: string[] = [];
  if (before.label !== after.label) changes.push(`label '${before.label}' → '${after.label}'`);
  if (before.type !== after.type) changes.push(`type ${before.type} → ${after.type}`);
  if (before.validation.required !== after.validation.required)
    changes.push(after.validation.required ? 'now required' : 'now optional');
  const [a, b] = [rulesOf(before), rulesOf(after)];
  if (a.min !== b.min || a.max !== b.max)
    changes.push(`range ${a.min ?? '–'}–${a.max ?? '–'} → ${b.min ?? '–'}–${b.max ?? '–'}`);
  const [oa, ob] = [
    optionsOf(before)?.map((o) => o.label) ?? [],
    optionsOf(after)?.map((o) => o.label) ?? [],
  ];
  if (oa.join('\u0000') !== ob.join('\u0000')) changes.push(`options: ${ob.join(', ') || 'none'}`);
  return changes;
}

/** What the proposed form changes against the current one: fields added, removed, changed or moved. */
export function diffForms(current: EditableForm, proposed: EditableForm): DiffLine[] {
  const lines: DiffLine[] = [];
  if (current.title !== proposed.title)
    lines.push({ kind: 'changed', text: `Title: '${current.title}' → '${proposed.title}'` });
  if (current.description !== proposed.description)
    lines.push({ kind: 'changed', text: `Description: '${proposed.description}'` });
  const before = new Map(current.fields.map((field, index) => [field.id, { field, index }]));
  const kept = current.fields.filter((f) => proposed.fields.some((p) => p.id === f.id)).map((f) => f.id);
  const keptAfter = proposed.fields.filter((f) => before.has(f.id)).map((f) => f.id);
  proposed.fields.forEach((field, index) => {
    const old = before.get(field.id);
    if (!old) {
      lines.push({ kind: 'added', text: `${describe(field)} at position ${index + 1}` });
      return;
    }
    const changes = changesOf(old.field, field);
    if (kept.indexOf(field.id) !== keptAfter.indexOf(field.id))
      changes.push(`moved to position ${index + 1}`);
    if (changes.length > 0)
      lines.push({ kind: 'changed', text: `${old.field.label}: ${changes.join('; ')}` });
  });
  for (const field of current.fields)
    if (!proposed.fields.some((f) => f.id === field.id))
      lines.push({ kind: 'removed', text: describe(field) });
  return lines;
}
