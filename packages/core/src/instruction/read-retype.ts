import { isChoiceType } from '../fields/options.ts';
import type { FieldChanges } from '../forms/edit-patch.ts';
import { type FieldType, type FormField, optionsOf } from '../forms/field.ts';
import { OPTION_WORDS, WITH } from './read-options.ts';
import { after, doubtAbout, listOf, quote, type Reader, type Reading, splitsAt, without } from './reading.ts';
import { findField } from './references.ts';
import { slice, type Text } from './text.ts';
import { TYPE_WORDS } from './type-words.ts';
import { readBounds, readOptions } from './values.ts';
import { anyOf, INTO, MODALS, OPTIONAL_WORDS, REQUIRED_WORDS, SET_VERBS } from './words.ts';

const TYPE_NAMES: Partial<Record<FieldType, string>> = {
  select: 'dropdown',
  radio: 'single-choice',
  checkbox: 'checkboxes',
  textarea: 'paragraph',
  text: 'short text',
  yes_no: 'yes/no',
  range: 'scale',
  nps: 'NPS',
  url: 'website',
  file: 'file upload',
};
const typeName = (type: FieldType) => TYPE_NAMES[type] ?? type;

const CONNECT = anyOf([
  ...INTO,
  'a',
  'an',
  'un',
  'une',
  'ein',
  'eine',
  'einen',
  'einem',
  'einer',
  'una',
  'uno',
  'um',
  'uma',
  'into a',
  'to a',
  'be',
]);
const ENDS_WITH_CONNECTOR = new RegExp(`(?:${CONNECT}|${anyOf(MODALS)})\\s*$`);
const AFTER_TYPE = new RegExp(
  `^(?:$|${anyOf([...WITH, 'from', 'between', 'of', 'question', 'field', 'type', 'format', 'instead', 'please', 'de', 'von', 'entre', 'da', 'tra'])})`,
);
const FLAGS = new RegExp(anyOf([...REQUIRED_WORDS, ...OPTIONAL_WORDS]));

/** Type names in the clause, the last first, where a change of type can be read around them. */
function typeMentions(clause: Text) {
  const mentions: { type: FieldType; index: number; length: number }[] = [];
  for (const [type, names] of TYPE_WORDS)
    for (const m of clause.folded.matchAll(new RegExp(anyOf(names), 'g')))
      mentions.push({ type, index: m.index, length: m[0].length });
  // The longest name at a place wins ('phone number' over 'number').
  return mentions
    .filter(
      (m) =>
        !mentions.some(
          (o) =>
            o !== m && o.index <= m.index && o.index + o.length >= m.index + m.length && o.length > m.length,
        ),
    )
    .sort((a, b) => b.index - a.index);
}

/** 'T-shirt size should be a dropdown with Small, Medium, Large and X-Large', 'make position radio buttons'. */
export const readRetype: Reader = (clause, context) => {
  if (FLAGS.test(clause.folded)) return null;
  const lead = after(clause, SET_VERBS);
  const use = /^(?:use|utilise|verwende|nutze|usa)\s/.test(clause.folded);
  for (const named of typeMentions(clause)) {
    const rest = slice(clause, named.index + named.length);
    const before = slice(clause, 0, named.index);
    if (!use && !AFTER_TYPE.test(rest.folded)) continue;
    if (!use && !lead && !ENDS_WITH_CONNECTOR.test(before.folded)) continue;
    const subject = without(
      without(
        lead ? slice(before, clause.folded.length - lead.folded.length) : before,
        `^${anyOf(MODALS)}|${anyOf(MODALS)}`,
      ),
      `(?:\\s*${CONNECT})+\\s*$`,
    );
    const target = use
      ? slice(rest, /^\s*(?:for|pour|fur|para|per)\s+/.exec(rest.folded)?.[0].length ?? 0)
      : subject;
    if (target.folded === '') continue;
    const found = findField(target, context.refs);
    if (found.kind === 'ambiguous') return doubtAbout(found, 'Which question to change');
    if (found.kind === 'missing')
      return lead ? doubtAbout(found, `Which question to make a ${typeName(named.type)}`) : null;
    return retype(found.field, named.type, use ? undefined : rest);
  }
  return null;
};

function retype(field: FormField, type: FieldType, rest: Text | undefined): Reading {
  const list = rest && splitsAt(rest, WITH)[0];
  const options = list ? readOptions(without(list.after, `^${OPTION_WORDS}\\s*:?`)) : undefined;
  const bounds = rest && readBounds(rest.folded);
  const changes: FieldChanges = {};
  if (type !== field.type) changes.type = type;
  if (options && isChoiceType(type)) changes.options = options;
  if (bounds && (type === 'range' || type === 'number')) Object.assign(changes, bounds);
  if (Object.keys(changes).length === 0)
    return {
      operations: [],
      summary: `${quote(field)} is already a ${typeName(type)} question.`,
      touched: [field.id],
    };
  if (isChoiceType(type) && !optionsOf(field) && !changes.options)
    return {
      doubt: `Which options should ${quote(field)} offer as a ${typeName(type)}? For example: 'make ${field.label} a ${typeName(type)} with A, B and C'.`,
    };
  const lost = optionsOf(field) && !isChoiceType(type) ? ' Its options go.' : '';
  const withOptions = changes.options
    ? ` with ${listOf(
        changes.options.map((o) => `'${o}'`),
        'and',
      )}`
    : '';
  return {
    operations: [{ op: 'update_field', id: field.id, changes }],
    summary: `Make ${quote(field)} a ${typeName(type)} question${withOptions}.${lost}`,
    touched: [field.id],
  };
}
