import { NAMED_PATTERNS, patternNameOf } from '@formsmith/core/fields/named-patterns';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { type FormField, optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { diffLogic, expressionInWords } from './edit-diff-logic.ts';

/** One line of the proposed change, as the owner reads it. */
export type DiffLine = { kind: 'added' | 'removed' | 'changed'; text: string };

function describe(field: FormField, fields: readonly FormField[]): string {
  if (field.type === 'page_break') return `Page break: a new page '${field.label}'`;
  if (field.type === 'calculated')
    return `${field.label} (calculation: ${expressionInWords(field.expression, fields)})`;
  const options = optionsOf(field);
  const choices = options ? `: ${options.map((o) => o.label).join(', ')}` : '';
  return `${field.label} (${field.type}, ${field.validation.required ? 'required' : 'optional'}${choices})`;
}

const quoted = (text: string | undefined) => (text ? `'${text}'` : 'none');
const bytes = (n: number | undefined) =>
  n === undefined ? 'no limit' : `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
function patternName(pattern: string | undefined): string {
  if (pattern === undefined) return 'any';
  const name = patternNameOf(pattern);
  return name ? NAMED_PATTERNS[name].name : pattern;
}

function optionChanges(before: FormField, after: FormField): string[] {
  const [a, b] = [optionsOf(before) ?? [], optionsOf(after) ?? []];
  if (a.map((o) => o.label).join('\u0000') === b.map((o) => o.label).join('\u0000')) return [];
  const changes: string[] = [];
  const added = b.filter((o) => !a.some((p) => p.id === o.id));
  const removed = a.filter((o) => !b.some((p) => p.id === o.id));
  const renamed = b.flatMap((o) => {
    const old = a.find((p) => p.id === o.id);
    return old && old.label !== o.label ? [`'${old.label}' → '${o.label}'`] : [];
  });
  if (added.length) changes.push(`options added: ${added.map((o) => o.label).join(', ')}`);
  if (removed.length) changes.push(`options removed: ${removed.map((o) => o.label).join(', ')}`);
  if (renamed.length) changes.push(`options renamed: ${renamed.join(', ')}`);
  if (!added.length && !removed.length && !renamed.length)
    changes.push(`options in the order ${b.map((o) => o.label).join(', ')}`);
  return changes;
}

function changesOf(before: FormField, after: FormField, fields: readonly FormField[]): string[] {
  const changes: string[] = [];
  if (before.label !== after.label) changes.push(`label '${before.label}' → '${after.label}'`);
  if (before.type !== after.type) changes.push(`type ${before.type} → ${after.type}`);
  if (before.validation.required !== after.validation.required)
    changes.push(after.validation.required ? 'now required' : 'now optional');
  if ((before.helpText ?? '') !== (after.helpText ?? '')) changes.push(`help text ${quoted(after.helpText)}`);
  if ((before.placeholder ?? '') !== (after.placeholder ?? ''))
    changes.push(`placeholder ${quoted(after.placeholder)}`);
  const [a, b] = [rulesOf(before), rulesOf(after)];
  if (a.min !== b.min || a.max !== b.max)
    changes.push(`range ${a.min ?? '–'}–${a.max ?? '–'} → ${b.min ?? '–'}–${b.max ?? '–'}`);
  if (a.minLength !== b.minLength || a.maxLength !== b.maxLength)
    changes.push(`length ${b.minLength ?? 0}–${b.maxLength ?? 'any'} characters`);
  if (a.pattern !== b.pattern) changes.push(`format ${patternName(b.pattern)}`);
  if ((a.accept ?? []).join() !== (b.accept ?? []).join())
    changes.push(`accepts ${b.accept?.length ? b.accept.join(', ') : 'any file'}`);
  if (a.maxFileSize !== b.maxFileSize) changes.push(`files up to ${bytes(b.maxFileSize)}`);
  if (before.type === 'calculated' && after.type === 'calculated' && before.expression !== after.expression)
    changes.push(`calculation ${expressionInWords(after.expression, fields)}`);
  changes.push(...optionChanges(before, after));
  return changes;
}

/**
 * What the proposed form changes against the current one: fields added, removed, changed or
 * moved, then rules, endings and translated labels.
 */
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
      lines.push({ kind: 'added', text: `${describe(field, proposed.fields)} at position ${index + 1}` });
      return;
    }
    const changes = changesOf(old.field, field, proposed.fields);
    if (kept.indexOf(field.id) !== keptAfter.indexOf(field.id))
      changes.push(`moved to position ${index + 1}`);
    if (changes.length > 0)
      lines.push({ kind: 'changed', text: `${old.field.label}: ${changes.join('; ')}` });
  });
  for (const field of current.fields)
    if (!proposed.fields.some((f) => f.id === field.id))
      lines.push({ kind: 'removed', text: describe(field, current.fields) });
  return [...lines, ...diffLogic(current, proposed)];
}
