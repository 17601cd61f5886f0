import { applicableRules } from '../fields/editor-rules.ts';
import { NAMED_PATTERNS, type PatternName } from '../fields/named-patterns.ts';
import type { FieldChanges } from '../forms/edit-patch.ts';
import type { FormField } from '../forms/field.ts';
import { LIMITS } from '../limits.ts';
import {
  addsQuestion,
  type Context,
  doubtAbout,
  quote,
  type Reader,
  type Reading,
  without,
} from './reading.ts';
import { findField } from './references.ts';
import type { Text } from './text.ts';
import { type Bounds, NUMBER, readBounds, readNumber } from './values.ts';
import { anyOf, MODALS, SET_VERBS, words } from './words.ts';

const CHARACTERS = `(?:characters?|chars?|letters?|caracteres?|zeichen|buchstaben|caratteri|carattere|caracteres)`;
const WORDS = String.raw`\b(?:words?|mots?|worter|wortern|palabras?|parole|palavras?)\b`;
const LIMIT_VERBS = words(
  'limit|cap|restrict|shorten|constrain|bound|limite|limiter|limitez|begrenze|beschranke|limita|limitar|limitare|limitar',
);
const PATTERNS: [PatternName, RegExp][] = [
  [
    'digits',
    /\b(?:digits?|numbers?|numeric|numerals?)(?:\s+only)?\b|\bonly\s+(?:digits|numbers)\b|\bchiffres\b|\bziffern\b|\bdigitos\b|\bcifre\b|\bnumeros\b/,
  ],
  ['letters_and_spaces', /\bletters and spaces\b/],
  [
    'letters',
    /\b(?:letters|alphabetic)(?:\s+only)?\b|\bonly\s+letters\b|\blettres\b|\bbuchstaben\b|\bletras\b|\blettere\b/,
  ],
  ['alphanumeric', /\b(?:alphanumeric|letters and (?:digits|numbers))\b/],
  [
    'no_spaces',
    /\bno spaces\b|\bwithout spaces\b|\bsans espaces?\b|\bohne leerzeichen\b|\bsin espacios\b|\bsenza spazi\b|\bsem espacos\b/,
  ],
  [
    'uppercase',
    /\b(?:upper ?case|capitals?|capital letters|all caps|majuscules|grossbuchstaben|mayusculas|maiuscole|maiusculas)\b/,
  ],
  ['us_zip', /\b(?:zip(?: code)?|us postal code)\b/],
  ['uk_postcode', /\b(?:uk )?postcode\b/],
];
const FILE_TYPES: [RegExp, string[]][] = [
  [/\bpdfs?\b/, ['.pdf']],
  [/\b(?:word(?: documents?| files?)?|docx?|documents? word)\b/, ['.doc', '.docx']],
  [/\b(?:images?|photos?|pictures?|bilder|imagenes|immagini|imagens|fotos?)\b/, ['image/*']],
  [/\bjpe?gs?\b/, ['.jpg', '.jpeg']],
  [/\bpngs?\b/, ['.png']],
  [/\b(?:spreadsheets?|excel|xlsx?|csv)\b/, ['.xls', '.xlsx', '.csv']],
  [/\bvideos?\b/, ['video/*']],
];
const SIZE = new RegExp(String.raw`${NUMBER}\s*(kb|mb|gb|mo|ko|go|megabytes?|kilobytes?)\b`);
// 'up to 5 photos', 'three files', 'only one file': how many files one upload takes.
const FILE_COUNT = new RegExp(
  String.raw`${NUMBER}\s+(?:\w+\s+)?(?:files?|photos?|pictures?|images?|documents?|attachments?|uploads?|fichiers?|dateien|archivos?|fotos?|immagini|arquivos?)\b`,
);
const NOISE = anyOf([
  ...LIMIT_VERBS,
  ...SET_VERBS,
  ...MODALS,
  ...words(
    'entre|y|et|und|zwischen|tra|fra|e|hochstens|maximal|mindestens|au plus|au moins|al menos|almeno|pelo menos',
    'como maximo|no maximo|al massimo|lang|long|longue|lungo|largo|longo|sein|lange|doit|soll|debe|deve|estar|essere',
  ),
  'to',
  'of',
  'for',
  'on',
  'a',
  'an',
  'the',
  'only',
  'accept',
  'accepts',
  'allow',
  'allows',
  'take',
  'takes',
  'length',
  'max length',
  'maximum length',
  'minimum length',
  'limit',
  'size',
  'file size',
  'max',
  'maximum',
  'min',
  'minimum',
  'answers',
  'answer',
  'be',
  'long',
  'characters limit',
  'character limit',
  'up to',
  'at most',
  'at least',
  'no more than',
  'between',
  'and',
  'from',
  'must',
  'valid',
  'format',
  'files',
  'file',
  'uploads',
  'upload',
  'let people',
  'let them',
  'let respondents',
  'people',
  'respondents',
  'types',
  'type',
  'longueur',
  'lange',
  'longitud',
  'lunghezza',
  'comprimento',
  'a',
  'au',
  'maximal',
  'maximale',
  'zu',
  'auf',
  'como',
  'de',
  'di',
  'da',
  'em',
  'en',
  'in',
  'caracteres',
  'ne',
  'pas',
  'plus',
  'que',
]);

/** Bounds, unit words and numbers taken out: what is left names the field. */
function subject(clause: Text): Text {
  return without(
    without(
      clause,
      String.raw`\d+(?:[.,]\d+)?\s*(?:${CHARACTERS}|kb|mb|gb|mo|ko|megabytes?)?|${CHARACTERS}|${NUMBER}\b|[-–]`,
    ),
    NOISE,
  );
}

function target(
  clause: Text,
  context: Context,
  fits: (f: FormField) => boolean,
  what: string,
): FormField | Reading {
  const named = subject(clause);
  // Nothing left to name a question, and only one could be meant: 'let people upload 3 files'.
  const only = context.form.fields.filter(fits);
  if (named.folded.trim() === '' && only.length === 1) return only[0]!;
  const found = findField(named, context.refs);
  if (found.kind !== 'field') return doubtAbout(found, what);
  if (!fits(found.field)) return null;
  return found.field;
}

function describe(bounds: Bounds, unit: string): string {
  if (bounds.min !== undefined && bounds.max !== undefined)
    return `between ${bounds.min} and ${bounds.max}${unit}`;
  return bounds.max !== undefined ? `at most ${bounds.max}${unit}` : `at least ${bounds.min}${unit}`;
}

function change(field: FormField, changes: FieldChanges, summary: string): Reading {
  return {
    operations: [{ op: 'update_field', id: field.id, changes }],
    summary,
    touched: [field.id],
  };
}

/** 'Limit message to 300 characters', 'Age must be between 18 and 99', 'the CV accepts only PDFs up to 5 MB'. */
export const readLimits: Reader = (clause, context) => {
  const t = clause.folded;
  if (addsQuestion(clause) && !/\b(?:limit|cap|maximum|minimum|max|min)\b/.test(t)) return null;
  if (new RegExp(`${NUMBER}\\s*${WORDS}`).test(t))
    return {
      doubt: 'Limits count characters, not words; say e.g. "at most 300 characters".',
    };
  const bounds = readBounds(t);
  const limitVerb = new RegExp(`^${anyOf(LIMIT_VERBS)}\\b`).test(t);
  if (new RegExp(CHARACTERS).test(t) && (bounds || limitVerb)) {
    const n = readNumber(new RegExp(NUMBER).exec(t)?.[1] ?? '');
    const length = bounds ?? (n !== undefined ? { max: n } : undefined);
    if (!length) return null;
    const field = target(clause, context, () => true, 'Which question to limit');
    if (!field || !('id' in field)) return field as Reading;
    if (!applicableRules(field.type).length)
      return {
        doubt: `${quote(field)} is a ${field.type} question; only text answers have a length limit.`,
      };
    return change(
      field,
      { minLength: length.min, maxLength: length.max },
      `Limit ${quote(field)} to ${describe(length, ' characters')}.`,
    );
  }
  const size = SIZE.exec(t);
  const count = readNumber(FILE_COUNT.exec(t)?.[1] ?? '');
  const files =
    count !== undefined && Number.isInteger(count) && count >= 1 && count <= LIMITS.uploadMaxFiles;
  const types = FILE_TYPES.filter(([re]) => re.test(t)).flatMap(([, accept]) => accept);
  if (
    (size || types.length || files) &&
    /\b(?:accept|accepts|only|allow|allows|upload|uploads|files?|size|pdf|up to|max|limit|akzeptiert|accepte|acepta|accetta|aceita)\b/.test(
      t,
    )
  ) {
    const field = target(clause, context, (f) => f.type === 'file', 'Which upload to limit');
    if (field && 'id' in field) {
      const changes: FieldChanges = {};
      if (types.length) changes.accept = types;
      // One file is the default: saying so clears a count set before.
      if (files) changes.maxFiles = count === 1 ? null : count;
      if (size) {
        const unit = (size[2] as string)[0] as string;
        const factor = unit === 'k' ? 1024 : unit === 'g' ? 1024 ** 3 : 1024 ** 2;
        changes.maxFileSize = Math.round((readNumber(size[1] as string) ?? 0) * factor);
      }
      const parts = [
        files ? `take ${count === 1 ? 'one file' : `up to ${count} files`}` : '',
        types.length ? `accept ${types.join(', ')}` : '',
        size ? `take files up to ${size[1]} ${(size[2] as string).toUpperCase()}` : '',
      ].filter(Boolean);
      return change(field, changes, `Make ${quote(field)} ${parts.join(' and ')}.`);
    }
    if (field) return field as Reading;
  }
  const pattern = PATTERNS.find(([, re]) => re.test(t));
  if (
    pattern &&
    /\b(?:only|must|should|just|seulement|uniquement|nur|solo|solamente|somente|apenas|valid)\b/.test(t)
  ) {
    const field = target(clause, context, (f) => applicableRules(f.type).pattern, 'Which question to check');
    if (field && 'id' in field)
      return change(
        field,
        { pattern: pattern[0] },
        `Accept ${NAMED_PATTERNS[pattern[0]].name} in ${quote(field)}.`,
      );
  }
  if (bounds) {
    const field = target(
      clause,
      context,
      (f) => applicableRules(f.type).value || f.type === 'nps',
      'Which question to bound',
    );
    if (!field || !('id' in field)) return field as Reading;
    if (field.type === 'nps')
      return {
        doubt: `${quote(field)} is an NPS question: it always goes from 0 to 10.`,
      };
    return change(
      field,
      {
        ...(bounds.min !== undefined ? { min: bounds.min } : {}),
        ...(bounds.max !== undefined ? { max: bounds.max } : {}),
      },
      `Make ${quote(field)} ${field.type === 'range' ? 'a scale ' : ''}${describe(bounds, '')}.`,
    );
  }
  if (limitVerb && new RegExp(`\\bto\\s+${NUMBER}\\s*$`).test(t)) {
    const n = readNumber(new RegExp(`${NUMBER}\\s*$`).exec(t)?.[1] ?? '');
    const field = target(clause, context, (f) => applicableRules(f.type).value, 'Which question to limit');
    if (!field || !('id' in field) || n === undefined) return field as Reading;
    return change(field, { max: n }, `Make ${quote(field)} at most ${n}.`);
  }
  return null;
};
