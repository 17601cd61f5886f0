/**
 * Owners write recall (`{{field_52b62278}}` in a label) and calculations (`field_52b62278 * 2`)
 * with names they read: `@Years of experience`. Forms keep the ids underneath, so renaming a
 * question never breaks a reference; these functions turn one writing into the other for the
 * editor, and back as the owner types.
 */

import { RECALL } from './recall.ts';

/** Something a text may refer to: an answer by field id, a variable by name, the quiz score. */
export type Referable = { name: string; label: string };

/** How long a chip's words may be before they are cut (the rest of the label stays on the question). */
const MAX_CHIP_LENGTH = 40;

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;

/** A label as one short line: recall inside it dropped, spaces folded, long ones cut. */
function chipWords(label: string): string {
  const line = label
    .replace(RECALL, '')
    .replace(/[@\s]+/g, ' ')
    .trim();
  if (line.length <= MAX_CHIP_LENGTH) return line;
  return `${line.slice(0, MAX_CHIP_LENGTH - 1).trimEnd()}…`;
}

/**
 * Each name's chip text, unique among them: questions that share a label (or have none) are told
 * apart by a number, `Name (2)`, in the order of the form.
 */
export function chipNames(refs: readonly Referable[]): Map<string, string> {
  const chips = new Map<string, string>();
  const taken = new Set<string>();
  for (const ref of refs) {
    const base = chipWords(ref.label) || ref.name;
    let chip = base;
    for (let n = 2; taken.has(chip.toLowerCase()); n++) chip = `${base} (${n})`;
    taken.add(chip.toLowerCase());
    chips.set(ref.name, chip);
  }
  return chips;
}

/** The chips longest first, so `@Name (2)` is read before `@Name`. */
function byLength(chips: Map<string, string>): [string, string][] {
  return [...chips].sort((a, b) => b[1].length - a[1].length);
}

/**
 * The name whose chip starts at `at` (just after an `@`), and the chip's length; null if none.
 * Matched without regard to case, so `@years of experience` typed by hand is read too.
 */
function chipAt(text: string, at: number, ordered: [string, string][]): [string, number] | null {
  const rest = text.slice(at).toLowerCase();
  for (const [name, chip] of ordered) {
    if (rest.startsWith(chip.toLowerCase())) return [name, chip.length];
  }
  return null;
}

/** Every `@chip` of a text replaced by what `write` makes of its name; other text kept as typed. */
function readChips(text: string, refs: readonly Referable[], write: (name: string) => string): string {
  if (!text.includes('@')) return text;
  const ordered = byLength(chipNames(refs));
  let out = '';
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('@', i);
    if (at < 0) break;
    const found = chipAt(text, at + 1, ordered);
    if (!found) {
      out += text.slice(i, at + 1);
      i = at + 1;
      continue;
    }
    out += text.slice(i, at) + write(found[0]);
    i = at + 1 + found[1];
  }
  return out + text.slice(i);
}

/** A stored text's `{{name}}` references as `@chips`; references to nothing known stay as they are. */
export function recallToChips(text: string, refs: readonly Referable[]): string {
  if (!text.includes('{{')) return text;
  const chips = chipNames(refs);
  return text.replace(RECALL, (all, name: string) => {
    const chip = chips.get(name);
    return chip === undefined ? all : `@${chip}`;
  });
}

/** What the owner typed with `@chips`, stored with `{{name}}` references. */
export function chipsToRecall(text: string, refs: readonly Referable[]): string {
  return readChips(text, refs, (name) => `{{${name}}}`);
}

/** A stored calculation's names as `@chips` (function names, being followed by `(`, are left alone). */
export function expressionToChips(expression: string, refs: readonly Referable[]): string {
  const chips = chipNames(refs);
  return expression.replace(IDENTIFIER, (word, offset: number, whole: string) => {
    const chip = chips.get(word);
    if (chip === undefined || whole[offset - 1] === '@') return word;
    return /^\s*\(/.test(whole.slice(offset + word.length)) ? word : `@${chip}`;
  });
}

/** A calculation typed with `@chips`, stored with names. */
export function chipsToExpression(expression: string, refs: readonly Referable[]): string {
  return readChips(expression, refs, (name) => name);
}

/** Where the chips of a shown text are, for the editor to draw them: [start, end) offsets. */
export function chipSpans(text: string, refs: readonly Referable[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  if (!text.includes('@')) return spans;
  const ordered = byLength(chipNames(refs));
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    const found = chipAt(text, at + 1, ordered);
    if (!found) continue;
    spans.push({ start: at, end: at + 1 + found[1] });
    at += found[1];
  }
  return spans;
}
