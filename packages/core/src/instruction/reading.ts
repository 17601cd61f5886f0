import type { EditableForm, EditOperation, NewField } from '../forms/edit-patch.ts';
import type { FormField } from '../forms/field.ts';
import { type Found, findField, type Refs } from './references.ts';
import { slice, type Text } from './text.ts';
import { ADD_VERBS, ASK_VERBS, anyOf } from './words.ts';

/** What one clause changes: its operations, a sentence saying so, and the fields it is about ('it' next). */
export type Step = {
  operations: EditOperation[];
  summary: string;
  touched: string[];
};

/** Why a clause is not read with confidence: what was understood, and the fields that could be meant. */
export type Doubt = { doubt: string; found?: Found };

export type Reading = Step | Doubt | null;

/** Drafts a new field from the words that describe it ('a phone number field', 'date of birth'). */
export type DraftField = (text: Text) => NewField | null;

/** What a reader sees: the form as the clauses before it left it, and what those clauses named. */
export type Context = {
  form: EditableForm;
  refs: Refs;
  draft: DraftField;
  translate?: (
    form: EditableForm,
    language: string,
  ) => { operations: EditOperation[]; missed: number } | null;
};

export type Reader = (clause: Text, context: Context) => Reading;

export const isDoubt = (value: unknown): value is Doubt =>
  typeof value === 'object' && value !== null && 'doubt' in value;

export const quote = (field: FormField) => `'${field.label}'`;

/** 'A', 'A or B', 'A, B or C'. */
export function listOf(items: string[], word = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

/** A doubt about which field a phrase names. */
export function doubtAbout(found: Exclude<Found, { kind: 'field' }>, what: string): Doubt {
  if (found.kind === 'ambiguous')
    return {
      doubt: `${what}: '${found.phrase}' could be ${listOf(found.candidates.map(quote))}.`,
      found,
    };
  const near = found.near.length ? ` The closest are ${listOf(found.near.map(quote))}.` : '';
  return {
    doubt: found.phrase
      ? `${what}: this form has no question like '${found.phrase}'.${near}`
      : `${what}: which question?`,
    found,
  };
}

/** The one field a phrase names, or the doubt to ask about. */
export function fieldNamed(
  text: Text,
  context: Context,
  what: string,
  among?: (field: FormField) => boolean,
): FormField | Doubt {
  const found = findField(text, context.refs, among);
  return found.kind === 'field' ? found.field : doubtAbout(found, what);
}

/** Fields named by a list ('fax and website', 'name, email'); the whole phrase first. */
export function fieldsNamed(text: Text, context: Context, what: string): FormField[] | Doubt {
  const whole = findField(text, context.refs);
  if (whole.kind === 'field' && whole.exact) return [whole.field];
  const parts = splitList(text);
  if (parts.length >= 2) {
    const found = parts.map((part) => findField(part, context.refs));
    const fields = found.flatMap((f) => (f.kind === 'field' ? [f.field] : []));
    if (fields.length === parts.length) return fields.filter((f, i) => fields.indexOf(f) === i);
    if (whole.kind !== 'field') {
      const unclear = found.find((f): f is Exclude<Found, { kind: 'field' }> => f.kind !== 'field');
      if (unclear) return doubtAbout(unclear, what);
    }
  }
  return whole.kind === 'field' ? [whole.field] : doubtAbout(whole, what);
}

const LIST = /\s*(?:,\s*(?:and|or|&|et|und|y|e)?\s*|\s+(?:and|&|as well as|et|und|sowie|y|e)\s+)\s*/g;

/** A list split at its commas and 'and's, each part kept as text. */
export function splitList(text: Text): Text[] {
  const parts: Text[] = [];
  let at = 0;
  for (const m of text.folded.matchAll(LIST)) {
    parts.push(slice(text, at, m.index));
    at = m.index + m[0].length;
  }
  parts.push(slice(text, at));
  return parts.filter((p) => p.folded !== '');
}

/** The text after a leading phrase of the list, or undefined when it does not start with one. */
export function after(text: Text, phrases: readonly string[]): Text | undefined {
  const m = new RegExp(`^${anyOf(phrases)}\\s*`).exec(text.folded);
  return m ? slice(text, m[0].length) : undefined;
}

/** Where the first of the phrases is found, and the text before and after it. */
export function splitAt(
  text: Text,
  phrases: readonly string[],
  from = 0,
): { before: Text; after: Text; at: number; word: string } | undefined {
  const re = new RegExp(anyOf(phrases), 'g');
  re.lastIndex = from;
  const m = re.exec(text.folded);
  if (!m) return undefined;
  return {
    before: slice(text, 0, m.index),
    after: slice(text, m.index + m[0].length),
    at: m.index,
    word: m[0],
  };
}

/** Every place a phrase of the list occurs, each with the text before and after it. */
export function splitsAt(text: Text, phrases: readonly string[]) {
  return [...text.folded.matchAll(new RegExp(anyOf(phrases), 'g'))].map((m) => ({
    before: slice(text, 0, m.index),
    after: slice(text, m.index + m[0].length),
    at: m.index,
    word: m[0],
  }));
}

/** The text without the words matched anywhere by the pattern source. */
export function without(text: Text, source: string): Text {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  // A quoted passage is a token like ⟦0⟧: a pattern that would take part of one (the digit of
  // '⟦0⟧' to a number pattern) leaves it alone, or the owner's quoted label would be lost.
  const tokens = [...text.folded.matchAll(/⟦\d+⟧/g)].map((t) => ({
    start: t.index,
    end: t.index + t[0].length,
  }));
  for (const m of text.folded.matchAll(new RegExp(source, 'g'))) {
    const start = m.index;
    const end = start + m[0].length;
    const cutsToken = tokens.some((t) => start < t.end && end > t.start && (start > t.start || end < t.end));
    if (cutsToken) continue;
    folded += text.folded.slice(at, m.index);
    from.push(...text.from.slice(at, m.index));
    to.push(...text.to.slice(at, m.index));
    at = m.index + m[0].length;
  }
  folded += text.folded.slice(at);
  from.push(...text.from.slice(at));
  to.push(...text.to.slice(at));
  // Collapse the spaces left behind, keeping the map in step.
  let out = '';
  const outFrom: number[] = [];
  const outTo: number[] = [];
  for (let i = 0; i < folded.length; i++) {
    if (folded[i] === ' ' && (out === '' || out.endsWith(' '))) continue;
    out += folded[i];
    outFrom.push(from[i] as number);
    outTo.push(to[i] as number);
  }
  return slice({ ...text, folded: out, from: outFrom, to: outTo }, 0);
}

/** The fields that take an answer a respondent gives. */
export function answerable(field: FormField): boolean {
  return !['page_break', 'statement', 'image', 'hidden', 'calculated'].includes(field.type);
}

const ADDING = new RegExp(`^${anyOf([...ADD_VERBS, ...ASK_VERBS])}\\s`);

/** Whether a clause asks for a new question ('add …', 'ask for …'): other readers leave it to that one. */
export const addsQuestion = (clause: Text) => ADDING.test(clause.folded);
