import type { FormField } from '../forms/field.ts';
import { LIMITS } from '../limits.ts';

/** The most bytes a field's file may have: a signature's own limit, else the field's within the product's. */
export function fileMaxBytes(field: FormField): number {
  if (field.type === 'signature') return LIMITS.signatureMaxBytes;
  const own = field.type === 'file' ? field.validation.maxFileSize : undefined;
  return Math.min(own ?? LIMITS.uploadMaxBytes, LIMITS.uploadMaxBytes);
}

/**
 * Whether a file matches a field's `accept` list (as the HTML attribute: '.pdf', 'image/*',
 * 'application/pdf'). An empty or missing list accepts everything.
 */
export function isAcceptedFile(accept: string[] | undefined, file: { name: string; type: string }): boolean {
  if (!accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (rule === '' || rule === '*' || rule === '*/*') return true;
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}
