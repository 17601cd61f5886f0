import type { EditOperation } from '../forms/edit-patch.ts';
import { nextFieldId } from '../forms/edit-patch-fields.ts';
import type { FormField } from '../forms/field.ts';
import { placeAfter, placesIn } from './places.ts';
import { type Context, doubtAbout, quote, type Reader, type Reading, without } from './reading.ts';
import { findField } from './references.ts';
import { asLabel, quoteOf, slice, type Text, typedText } from './text.ts';
import { readNumber } from './values.ts';
import { anyOf, LANGUAGE_NAMES, words } from './words.ts';

const LANGUAGE = anyOf(Object.values(LANGUAGE_NAMES).flat());
const languageOf = (name: string) =>
  Object.entries(LANGUAGE_NAMES).find(([, names]) => names.includes(name))?.[0];
const TRANSLATE = words(
  'translate|traduis|traduire|traduisez|ubersetze|ubersetzen|traduce|traducir|traduzca|traduci|tradurre|traduza|traduzir|traduz',
);

/** 'Translate to Spanish': the whole form, with the phrasebook the server lends; 'In French, call Name 'Nom''. */
export const readTranslation: Reader = (clause, context) => {
  const t = clause.folded;
  const whole = new RegExp(
    `^${anyOf(TRANSLATE)}\\s+(?:(?:the|this|le|ce|das|el|este|il|questo|o)\\s+)?(?:form|survey|everything|all|it|formulaire|formular|formulario|modulo|tout|alles|todo|tutto|tudo)?\\s*(?:in|into|to|en|auf|ins|al|a|in|para|em)\\s+(${LANGUAGE})$`,
  ).exec(t);
  if (whole) {
    const tag = languageOf(whole[1] as string) as string;
    const result = context.translate?.(context.form, tag);
    if (!result)
      return {
        doubt:
          'The built-in generator cannot translate whole forms; connect a model or translate labels one by one ("in French, call Name \'Nom\'")',
      };
    const name = (whole[1] as string).charAt(0).toUpperCase() + (whole[1] as string).slice(1);
    const note =
      result.missed > 0
        ? ` ${result.missed} question${result.missed === 1 ? '' : 's'} the built-in generator does not know stay as written.`
        : '';
    return {
      operations: result.operations,
      summary: `Translate the questions into ${name}.${note}`,
      touched: [],
    };
  }
  const label =
    new RegExp(
      `^(?:in|en|auf|em|in)\\s+(${LANGUAGE})\\s*,?\\s*(?:(?:call|name|label|translate|appelle|nenne|llama|chiama|chame)\\s+)?(.+?)\\s*(?:is|should be|=|:|as|->|→|is called|should be called)\\s*(⟦\\d+⟧|.+)$`,
    ).exec(t) ??
    new RegExp(
      `^${anyOf(TRANSLATE)}\\s+(?:the\\s+label\\s+(?:of\\s+)?)?(.+?)\\s+(?:in|into|to|en|auf|al|in|para|em)\\s+(${LANGUAGE})\\s+(?:as|:|by|par|mit|como|come|com)\\s+(⟦\\d+⟧|.+)$`,
    ).exec(t) ??
    new RegExp(
      `^(?:the\\s+)?(${LANGUAGE})\\s+(?:label|name|translation|version)\\s+(?:of|for)\\s+(.+?)\\s+(?:is|should be|:|=)\\s+(⟦\\d+⟧|.+)$`,
    ).exec(t);
  if (!label) return readOneTranslation(clause, context);
  const [language, ref] = languageOf(label[1] as string) ? [label[1], label[2]] : [label[2], label[1]];
  const tag = languageOf(language as string) as string;
  const refStart = t.indexOf(ref as string);
  const found = findField(slice(clause, refStart, refStart + (ref as string).length), context.refs);
  if (found.kind !== 'field') return doubtAbout(found, 'Which label to translate');
  const value = slice(clause, t.length - (label[3] as string).length);
  const text = quoteOf(value, value.folded) ?? asLabel(typedText(value));
  return {
    operations: [{ op: 'translate_label', id: found.field.id, language: tag, text }],
    summary: `Give ${quote(found.field)} the ${(language as string).charAt(0).toUpperCase()}${(language as string).slice(1)} label '${text}'.`,
    touched: [found.field.id],
  };
};

/**
 * 'Translate the allergies label to French' with no words given: the one label, from the
 * phrasebook the server lends, or a question that says how to give the words.
 */
function readOneTranslation(clause: Text, context: Context): Reading {
  const t = clause.folded;
  const m = new RegExp(
    `^${anyOf(TRANSLATE)}\\s+(.+?)(?:\\s+(?:label|question|field|libelle|bezeichnung|etiqueta|etichetta|rotulo))?\\s+(?:in|into|to|en|auf|ins|al|a|para|em)\\s+(?:l'|il\\s+)?(${LANGUAGE})$`,
  ).exec(t);
  if (!m) return null;
  const ref = (m[1] as string).replace(/^(?:the|le|la|das|die|den|el|il|o|a)\s+(?:label\s+(?:of\s+)?)?/, '');
  const refStart = t.indexOf(ref);
  const found = findField(slice(clause, refStart, refStart + ref.length), context.refs);
  if (found.kind !== 'field') return doubtAbout(found, 'Which label to translate');
  const tag = languageOf(m[2] as string) as string;
  // Named in English whatever language it was asked in, as the rest of the answer is.
  const english = LANGUAGE_NAMES[tag]?.[0] ?? tag;
  const name = english.charAt(0).toUpperCase() + english.slice(1);
  // The phrasebook puts the whole form into the language; only this label's words are kept, as
  // its translation beside the form's own language.
  const words = context
    .translate?.(context.form, tag)
    ?.operations.find((op) => op.op === 'update_field' && op.id === found.field.id);
  const text = words?.op === 'update_field' ? words.changes.label : undefined;
  if (!text)
    return {
      doubt: `The built-in generator does not know ${quote(found.field)} in ${name}; give the words ("in ${name}, call ${found.field.label} '…'")`,
    };
  return {
    operations: [{ op: 'translate_label', id: found.field.id, language: tag, text }],
    summary: `Give ${quote(found.field)} the ${name} label '${text}'.`,
    touched: [found.field.id],
  };
}

const OPERATORS: [RegExp, string][] = [
  [/^(?:times|multiplied by|x|×|\*|mal|fois|por|per|vezes)$/, '*'],
  [/^(?:plus|\+|added to|and|et|und|y|e|mais|piu)$/, '+'],
  [/^(?:minus|-|less|moins|weniger|menos|meno)$/, '-'],
  [/^(?:divided by|over|\/|÷|geteilt durch|divise par|dividido por|diviso)$/, '/'],
];
const CALC =
  /^(?:add|create|insert)\s+(?:a\s+|an\s+)?(?:calculated|calculation|computed|automatic)?\s*(?:field|total|sum|value|result)?\s*(?:called|named|labelled|titled)?\s*(.*?)\s*(?:that|which)?\s*(?:is|=|equals|calculates|computes|shows|showing|with|as|:)\s+(?:the\s+)?(?:sum of\s+)?(.+)$|^(?:calculate|compute)\s+(?:the\s+)?(.+?)\s+(?:as|=|from|by)\s+(.+)$/;

/** An expression in words ('quantity times price', 'Price × 1.2') with the answers named by id. */
function expressionOf(text: Text, context: Context): { expression: string; reads: FormField[] } | Reading {
  const pieces = text.folded.split(
    /\s+(times|multiplied by|x|×|\*|plus|\+|minus|-|divided by|over|\/|÷|and)\s+/,
  );
  let expression = '';
  const reads: FormField[] = [];
  let at = 0;
  for (const [i, piece] of pieces.entries()) {
    const start = text.folded.indexOf(piece, at);
    at = start + piece.length;
    if (i % 2 === 1) {
      const op = OPERATORS.find(([re]) => re.test(piece))?.[1];
      if (!op) return null;
      expression += ` ${op} `;
      continue;
    }
    const n = readNumber(piece.replace(/^the\s+/, ''));
    if (n !== undefined) {
      expression += String(n);
      continue;
    }
    const found = findField(slice(text, start, at), context.refs);
    if (found.kind !== 'field') return doubtAbout(found, 'Which answer the calculation reads');
    reads.push(found.field);
    expression += found.field.id;
  }
  return reads.length > 0 ? { expression, reads } : null;
}

/** 'Add a calculated total that is quantity times price'. */
export const readCalculation: Reader = (clause, context) => {
  const m = CALC.exec(clause.folded);
  if (!m || !/\b(?:calculat|comput|total|sum|times|multipl|plus|minus|divided)/.test(clause.folded))
    return null;
  const [nameText, exprText] = m[1] !== undefined ? [m[1], m[2] as string] : [m[3] as string, m[4] as string];
  let expr = slice(clause, clause.folded.length - exprText.length);
  let after: string | null | undefined;
  const place = placesIn(expr)[0];
  if (place) {
    const target = placeAfter(place, context.refs);
    if (!('problem' in target)) {
      after = target.after;
      expr = slice(expr, 0, place.at);
    }
  }
  const read = expressionOf(without(expr, '^(?:the\\s+)?'), context);
  if (!read || !('expression' in read)) return read as Reading;
  const nameStart = clause.folded.indexOf(nameText);
  const label = nameText
    ? (quoteOf(clause, nameText) ?? asLabel(typedText(slice(clause, nameStart, nameStart + nameText.length))))
    : 'Total';
  const id = nextFieldId(context.form.fields);
  const last = read.reads.map((f) => context.form.fields.indexOf(f)).sort((a, b) => b - a)[0] as number;
  const operations: EditOperation[] = [
    {
      op: 'add_field',
      field: {
        id,
        label: label || 'Total',
        type: 'calculated',
        required: false,
        expression: read.expression,
      },
      after: after ?? context.form.fields[Math.max(last, context.form.fields.length - 1)]?.id,
    },
  ];
  let inWords = read.expression;
  for (const f of [...read.reads].sort((a, b) => b.id.length - a.id.length))
    inWords = inWords.split(f.id).join(quote(f));
  return {
    operations,
    summary: `Add a calculation '${label || 'Total'}' = ${inWords}.`,
    touched: [id],
  };
};
