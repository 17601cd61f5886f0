import type { FormField } from '../forms/field.ts';
import { conceptsIn } from './concepts.ts';
import { fold, quoteOf, type Text } from './text.ts';
import { anyOf, FILLER, PRONOUNS } from './words.ts';

/** What a phrase names: one field, or several equally well (ask which), or none. */
export type Found =
  | { kind: 'field'; field: FormField; exact?: boolean }
  | { kind: 'ambiguous'; phrase: string; candidates: FormField[] }
  | { kind: 'missing'; phrase: string; near: FormField[] };

export type Refs = {
  fields: FormField[];
  last: string[];
  /**
   * Each field's label before the instruction began, by id: a clause after a rename may still
   * name the question as the owner knew it ("rename 'Quantity' to 'Items', then make 'Quantity'
   * required").
   */
  formerLabels?: ReadonlyMap<string, string>;
};

/** A word, or a phrase that means one thing in any language (tag '#phone' for 'numéro de téléphone'). */
type Unit = { tag?: string; words: string[] };

// Question words and politeness in labels weigh nothing: 'What is your name?' is about a name.
const LABEL_FILLER = new Set([
  ...FILLER,
  'what',
  'which',
  'who',
  'is',
  'are',
  'do',
  'does',
  'did',
  'you',
  'your',
  'please',
  'would',
  'like',
  'to',
  'we',
  'us',
  'can',
  'any',
  'if',
  'yes',
  'quel',
  'quelle',
  'votre',
  'vos',
  'est',
  'ihre',
  'ihr',
  'ist',
  'su',
  'sus',
  'cual',
  'es',
  'qual',
  'seu',
  'sua',
  'il',
  'tuo',
  'tua',
]);
const REF_FILLER = new Set([
  ...FILLER,
  'called',
  'labelled',
  'labeled',
  'named',
  'asking',
  'about',
  'with',
  'entire',
  'whole',
]);

function unitsOf(folded: string, filler: Set<string>): Unit[] {
  const text = folded.replace(/[^a-z0-9\s-]/g, ' ').replace(/\s+/g, ' ');
  const units: Unit[] = [];
  const plainWords = (part: string) => {
    for (const word of part.split(/[\s-]+/))
      if (word !== '' && !filler.has(word)) units.push({ words: [word] });
  };
  let at = 0;
  // A concept keeps the words it was found in, so 'name' still finds 'First name'.
  for (const m of conceptsIn(text)) {
    plainWords(text.slice(at, m.start));
    const words = text
      .slice(m.start, m.end)
      .split(/[\s-]+/)
      .filter((w) => w !== '' && !filler.has(w));
    units.push({
      tag: m.tag,
      words: words.length > 0 ? words : [m.tag.slice(1)],
    });
    at = m.end;
  }
  plainWords(text.slice(at));
  return units;
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  // Optimal string alignment: a swap of two letters ('emial') is one typo.
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (d[i - 1]?.[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (d[i - 1]?.[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, (d[i - 2]?.[j - 2] as number) + 1);
    }
  }
  return d[a.length]?.[b.length] as number;
}

const stem = (w: string) => w.replace(/(?:es|s)$/, '');

/** How well two words match: the same, one a form of the other, or a typo apart. */
function wordMatch(a: string, b: string): number {
  if (a === b || stem(a) === stem(b)) return 1;
  const short = Math.min(a.length, b.length);
  if (short >= 4 && (a.startsWith(b) || b.startsWith(a))) return 0.9;
  if (short >= 4 && distance(a, b) <= (short >= 8 ? 2 : 1)) return 0.8;
  return 0;
}

const TYPE_TAGS: Record<string, FormField['type'][]> = {
  '#phone': ['phone'],
  '#email': ['email'],
  '#date': ['date'],
  '#birthdate': ['date'],
  '#website': ['url'],
  '#photo': ['file', 'image'],
  '#resume': ['file'],
  '#rating': ['range', 'nps'],
};

/**
 * How well a unit is found among others: all its words must be there for a reference's unit
 * (precision), a share of them counts for a label's (recall: 'name' is half of 'First name').
 */
function unitMatch(unit: Unit, others: Unit[], type?: FormField['type'], share = false): number {
  if (unit.tag && others.some((o) => o.tag === unit.tag)) return 1;
  const words = others.flatMap((o) => o.words);
  const scores = unit.words.map((w) => Math.max(0, ...words.map((o) => wordMatch(w, o))));
  const byWords =
    scores.length === 0 ? 0 : share ? scores.reduce((a, b) => a + b, 0) / scores.length : Math.min(...scores);
  const byType = unit.tag && type && TYPE_TAGS[unit.tag]?.includes(type) ? 0.7 : 0;
  return Math.max(byWords, byType);
}

const plain = (s: string) =>
  fold(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

type Scored = { field: FormField; score: number; precision: number };

function score(phrase: string, field: FormField): Scored {
  if (plain(field.label) !== '' && plain(field.label) === plain(phrase))
    return { field, score: 2, precision: 1 };
  const ref = unitsOf(phrase, REF_FILLER);
  const label = unitsOf(fold(field.label), LABEL_FILLER);
  if (ref.length === 0 || label.length === 0) return { field, score: 0, precision: 0 };
  const precision = ref.reduce((sum, u) => sum + unitMatch(u, label, field.type), 0) / ref.length;
  const recall = label.reduce((sum, u) => sum + unitMatch(u, ref, undefined, true), 0) / label.length;
  return {
    field,
    score: precision > 0 ? 0.6 * precision + 0.4 * recall : 0,
    precision,
  };
}

/** The fields a respondent numbers as questions ('question 3', 'the last question'). */
export function questionsOf(fields: FormField[]): FormField[] {
  return fields.filter((f) => !['page_break', 'statement', 'image', 'hidden'].includes(f.type));
}

const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  premier: 1,
  premiere: 1,
  deuxieme: 2,
  troisieme: 3,
  quatrieme: 4,
  cinquieme: 5,
  erste: 1,
  ersten: 1,
  zweite: 2,
  zweiten: 2,
  dritte: 3,
  dritten: 3,
  vierte: 4,
  funfte: 5,
  primer: 1,
  primera: 1,
  primero: 1,
  segunda: 2,
  segundo: 2,
  tercera: 3,
  tercer: 3,
  cuarta: 4,
  quinta: 5,
  prima: 1,
  primo: 1,
  seconda: 2,
  terza: 3,
  quarta: 4,
  primeira: 1,
  primeiro: 1,
  terceira: 3,
  last: -1,
  final: -1,
  derniere: -1,
  dernier: -1,
  letzte: -1,
  letzten: -1,
  ultima: -1,
  ultimo: -1,
  penultimate: -2,
  'second to last': -2,
  'second-to-last': -2,
  'next to last': -2,
  avantderniere: -2,
};
const QUESTION = '(?:question|field|q|frage|feld|pregunta|campo|domanda|pergunta|champ|item|one)';

function ordinalOf(phrase: string, fields: FormField[]): FormField | undefined | null {
  const questions = questionsOf(fields);
  const numbered =
    new RegExp(
      `^(?:(?:the|la|le|die|das|el|il|a|o)\\s+)?${QUESTION}\\s*(?:no\\.?|number|n°|nr\\.?|#)?\\s*(\\d+)$`,
    ).exec(phrase) ??
    /^(?:the\s+)?(\d+)(?:st|nd|rd|th|e|er|eme|\.|º|ª|a|o)?\s+(?:question|field)$/.exec(phrase) ??
    /^#(\d+)$/.exec(phrase);
  if (numbered) return questions[Number(numbered[1]) - 1] ?? null;
  const words = Object.keys(ORDINALS).join('|');
  const named = new RegExp(
    `^(?:(?:the|very|la|le|l'|die|das|el|il|a|o)\\s*)*(${words})\\s+(?:(?:one|of the)\\s+)?${QUESTION}s?$|^${QUESTION}\\s+(${words})$`,
  ).exec(phrase);
  const word = named?.[1] ?? named?.[2];
  if (!word) return undefined;
  const n = ORDINALS[word] as number;
  return (n > 0 ? questions[n - 1] : questions[questions.length + n]) ?? null;
}

/** Whether a phrase is the full label of a question the instruction removed in a clause before. */
function removedEarlier(phrase: string, refs: Refs): boolean {
  if (!refs.formerLabels) return false;
  const present = new Set(refs.fields.map((f) => f.id));
  for (const [id, label] of refs.formerLabels)
    if (!present.has(id) && plain(label) === plain(phrase)) return true;
  return false;
}

/** Fields named by a phrase: a quoted label, 'it', 'question 3', 'the last question', or words of a label. */
export function findField(text: Text, refs: Refs, among?: (field: FormField) => boolean): Found {
  const fields = refs.fields.filter((f) => f.type !== 'page_break' && (!among || among(f)));
  const quote = quoteOf(text, text.folded);
  const phrase = (quote !== undefined ? fold(quote) : text.folded)
    .replace(/⟦(\d+)⟧/g, (_, n) => fold(text.quotes[Number(n)] ?? ''))
    .replace(/[?!.,;:]+$/, '')
    .trim();
  if (quote !== undefined) {
    const exact = fields.filter((f) => plain(f.label) === plain(quote));
    if (exact.length === 1) return { kind: 'field', field: exact[0] as FormField, exact: true };
    if (exact.length > 1) return { kind: 'ambiguous', phrase: quote, candidates: exact };
    const renamed = fields.filter((f) => {
      const former = refs.formerLabels?.get(f.id);
      return former !== undefined && former !== f.label && plain(former) === plain(quote);
    });
    if (renamed.length === 1) return { kind: 'field', field: renamed[0] as FormField, exact: true };
  }
  const bare = phrase.replace(/^(?:(?:the|a|an)\s+)+/, '');
  // A question a clause before removed, named by its full label, is gone: the words must not
  // fall to another question that half matches them ("remove 'Number of guests', and make
  // 'Number of guests' required" is not about 'Quantity').
  if (removedEarlier(quote ?? bare, refs)) return { kind: 'missing', phrase, near: [] };
  if (new RegExp(`^${anyOf(PRONOUNS)}$`).test(bare)) {
    const last = refs.last.map((id) => refs.fields.find((f) => f.id === id)).filter((f) => f !== undefined);
    if (last.length === 1) return { kind: 'field', field: last[0] as FormField };
    return { kind: 'missing', phrase, near: last };
  }
  const ordinal = ordinalOf(bare, refs.fields);
  if (ordinal === null) return { kind: 'missing', phrase, near: [] };
  if (ordinal !== undefined) return { kind: 'field', field: ordinal };
  const scored = fields
    .map((field) => score(phrase, field))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  // A question the reader may not use (a date where options are added) that the words name
  // fully is what the owner meant: a half-named one of the right kind is not taken instead.
  const meant = among
    ? refs.fields
        .filter((f) => f.type !== 'page_break' && !among(f))
        .map((field) => score(phrase, field))
        .find((s) => s.precision === 1 && (!best || best.precision < 1))
    : undefined;
  if (meant) return { kind: 'missing', phrase, near: [] };
  if (!best || best.precision < 0.5)
    return {
      kind: 'missing',
      phrase,
      near: scored.slice(0, 3).map((s) => s.field),
    };
  const close = scored.filter((s) => s.score >= best.score - 0.05 && s.precision >= 0.5);
  if (close.length > 1) return { kind: 'ambiguous', phrase, candidates: close.map((s) => s.field) };
  return { kind: 'field', field: best.field, exact: best.score === 2 };
}
