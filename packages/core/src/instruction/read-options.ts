import { type FormField, optionsOf } from '../forms/field.ts';
import {
  after,
  type Context,
  doubtAbout,
  listOf,
  quote,
  type Reader,
  type Reading,
  splitsAt,
  without,
} from './reading.ts';
import { findField } from './references.ts';
import { fold, readText, slice, type Text } from './text.ts';
import { readOptions } from './values.ts';
import { ADD_VERBS, words } from './words.ts';

/** Words before a list of options: 'with Small, Medium and Large', 'avec A et B'. */
export const WITH = words(
  'with the options|with options|with the choices|with choices|with|offering|containing|listing',
  'having|avec les options|avec|mit den optionen|mit|con las opciones|con le opzioni|con',
  'com as opcoes|com',
);
/** 'the options', 'l'option', 'las opciones': words that name options rather than a question. */
export const OPTION_WORDS = String.raw`(?:the\s+)?(?:new\s+)?(?:options?|choices?|answers?|l'\s*option|les options|option|optionen|die option|la opcion|las opciones|opcion|opciones|l'\s*opzione|le opzioni|opzione|opzioni|a opcao|as opcoes|opcao|opcoes)`;
const choice = (f: FormField) => optionsOf(f) !== undefined;

function optionsSummary(field: FormField, labels: string[]): string {
  return `${listOf(
    labels.map((o) => `'${o}'`),
    'and',
  )} to the options of ${quote(field)}`;
}

function addOptions(labels: string[], field: FormField, afterLabel?: string): Reading {
  const existing = optionsOf(field) ?? [];
  const fresh = labels.filter((l) => !existing.some((o) => fold(o.label) === fold(l)));
  if (fresh.length === 0)
    return {
      operations: [],
      summary: `${quote(field)} already offers ${listOf(
        labels.map((l) => `'${l}'`),
        'and',
      )}.`,
      touched: [field.id],
    };
  const anchor = afterLabel ? existing.find((o) => fold(o.label) === fold(afterLabel)) : undefined;
  return {
    operations: [
      {
        op: 'add_options',
        id: field.id,
        options: fresh,
        ...(anchor ? { after: anchor.label } : {}),
      },
    ],
    summary: `Add ${optionsSummary(field, fresh)}${anchor ? ` after '${anchor.label}'` : ''}.`,
    touched: [field.id],
  };
}

/** 'Add the option Beard trim to service', 'add Vegan as an option for the meal', 'Size should also offer XXL'. */
function readAddOptions(clause: Text, context: Context): Reading {
  const verb = after(clause, ADD_VERBS);
  const also =
    /^(.+?)\s+(?:should|must|needs to|could)\s+also\s+(?:offer|include|have|list|allow)\s+(.+)$/.exec(
      clause.folded,
    );
  if (also) {
    const found = findField(slice(clause, 0, (also[1] as string).length), context.refs, choice);
    if (found.kind !== 'field')
      return found.kind === 'ambiguous' ? doubtAbout(found, 'Which question gets the options') : null;
    const labels = readOptions(
      without(slice(clause, clause.folded.length - (also[2] as string).length), `^${OPTION_WORDS}\\s*`),
    );
    return labels ? addOptions(labels, found.field) : null;
  }
  if (!verb) return null;
  const optionWords =
    new RegExp(`^${OPTION_WORDS}\\b`).test(verb.folded) ||
    /\bas\s+(?:an?\s+)?(?:new\s+)?(?:options?|choices?)\b/.test(verb.folded);
  const splits = splitsAt(
    verb,
    words(
      'to|in|for|on|into|a|au|aux|dans|pour|zu|zum|zur|bei|in|a|en|para|al|in|per|nel|nella|alla|ao|em',
      "no|na|para|all'|nell'|sull'|dell'|a l'|de l'|al'|agli|ai|allo|alle|do|da|dos|das|du|des",
    ),
  );
  // The first place whose rest names a choice question: 'au choix du repas' is one name.
  for (const split of splits) {
    if (split.before.folded === '') continue;
    // 'to its options', 'to their choices': the question just named, by its possessive.
    const owner =
      /^(?:its|their|ses|seine|ihre|sus|suoi|sue|suas|seus)\s+(?:options?|choices?|answers?|optionen|opciones|opzioni|opcoes)$/.test(
        split.after.folded,
      )
        ? readText('it')
        : split.after;
    const found = findField(owner, context.refs, choice);
    if (owner !== split.after && found.kind !== 'field')
      return { doubt: 'Which question gets the new options? Say e.g. "add the option X to <question>".' };
    if (found.kind === 'ambiguous' && optionWords)
      return doubtAbout(found, 'Which question gets the options');
    if (found.kind !== 'field') {
      // 'add 'Yes' to 'Number of guests'' on a date question: asked, not made a new question.
      const named = findField(owner, context.refs);
      const asField = /\b(?:field|question|champ|feld|frage|campo|domanda|pergunta|pregunta)\b/;
      if (named.kind === 'field' && named.exact && !asField.test(split.before.folded))
        return {
          doubt: `${quote(named.field)} is a ${named.field.type} question: it has no options to add to.`,
        };
      continue;
    }
    // 'Add a phone field to the contact section' is a new question, not an option.
    if (
      !optionWords &&
      /\b(?:field|question|champ|feld|frage|campo|domanda|pergunta|pregunta)\b/.test(split.before.folded)
    )
      return null;
    let words = without(
      split.before,
      // 'add Partnership as a subject option' splits at 'a': its 'as' is not part of the label.
      `^${OPTION_WORDS}\\s*|\\s*\\bas\\s+(?:an?\\s+)?(?:new\\s+)?(?:options?|choices?)\\b|\\s+as$`,
    );
    const placed = /\s+after\s+(⟦\d+⟧|\S+)$/.exec(words.folded);
    const afterLabel = placed
      ? readOptions(slice(words, placed.index + placed[0].length - (placed[1] as string).length))?.[0]
      : undefined;
    if (placed) words = slice(words, 0, placed.index);
    const labels = readOptions(words);
    if (labels) return addOptions(labels, found.field, afterLabel);
  }
  if (optionWords) {
    // 'Add the option Intern' on a form with one question that has options.
    const choices = context.form.fields.filter(choice);
    const labels = readOptions(without(verb, `^${OPTION_WORDS}\\s*`));
    if (choices.length === 1 && labels) return addOptions(labels, choices[0] as FormField);
    return {
      doubt: 'Which question gets the new options? Say e.g. "add the option X to <question>".',
    };
  }
  return null;
}

const SORT =
  /^(?:sort|order|alphabeti[sz]e|reorder|arrange|reverse|trie|ordonne|sortiere|ordne|ordena|ordina|ordene|classifica)\b/;

/** 'Sort the size options alphabetically', 'reverse the options of rating', 'put the colours in the order Red, Blue'. */
function readReorder(clause: Text, context: Context): Reading {
  if (
    !SORT.test(clause.folded) &&
    !/\bin (?:the )?(?:order|alphabetical order|reverse order)\b/.test(clause.folded)
  )
    return null;
  const reverse = /\brevers/.test(clause.folded);
  const alphabetical =
    /\b(?:alphabeti|a-z|a to z|by name|alphabetique|alphabetisch|alfabetic|alfabetica)/.test(clause.folded);
  const order = /\border\s*:?\s+(.+)$/.exec(clause.folded);
  const ref = without(
    clause,
    String.raw`^(?:sort|order|alphabeti[sz]e|reorder|arrange|reverse|put|trie|ordonne|sortiere|ordne|ordena|ordina|ordene)\b|${OPTION_WORDS}|\b(?:of|in|for|the|alphabetically|a-z|a to z|by name|in alphabetical order|in reverse order|in the order|order|de|du|der|die|del|di|do|da)\b|:.*$|\border\b.*$`,
  );
  const found = findField(ref, context.refs, choice);
  if (found.kind !== 'field') return doubtAbout(found, 'Which question’s options to reorder');
  const labels = (optionsOf(found.field) ?? []).map((o) => o.label);
  let next: string[] | undefined;
  if (order && !alphabetical && !reverse) {
    const listed = readOptions(slice(clause, clause.folded.length - (order[1] as string).length));
    const picked = listed?.map((l) => labels.find((o) => fold(o) === fold(l)));
    if (!picked || picked.some((p) => p === undefined) || picked.length !== labels.length)
      return {
        doubt: `The new order must name each option of ${quote(found.field)} once: ${listOf(
          labels.map((l) => `'${l}'`),
          'and',
        )}.`,
      };
    next = picked as string[];
  } else if (reverse) next = [...labels].reverse();
  else if (alphabetical || SORT.test(clause.folded)) next = [...labels].sort((a, b) => a.localeCompare(b));
  if (!next) return null;
  if (next.join('\u0000') === labels.join('\u0000'))
    return {
      operations: [],
      summary: `The options of ${quote(found.field)} are already in that order.`,
      touched: [found.field.id],
    };
  return {
    operations: [{ op: 'reorder_options', id: found.field.id, options: next }],
    summary: `Put the options of ${quote(found.field)} in the order ${next.map((l) => `'${l}'`).join(', ')}.`,
    touched: [found.field.id],
  };
}

/** 'Set the options of size to S, M and L', "Size's choices should be XS to XL". */
function readSetOptions(clause: Text, context: Context): Reading {
  const m =
    /^(?:(?:set|change|update|replace)\s+)?(.+?)(?:'s|\s)\s*(?:options|choices|answers)\s+(?:(?:should|must)\s+be|are|:|=)\s*(.+)$|^(?:set|change|update|replace)\s+(?:the\s+)?(?:options|choices|answers)\s+(?:of|for|in)\s+(.+?)\s+(?:to|:)\s+(.+)$|^(?:set|change|update|replace)\s+(.+?)(?:'s|\s)\s*(?:options|choices|answers)\s+(?:to|with|:)\s+(.+)$/.exec(
      clause.folded,
    );
  if (!m) return null;
  const [refText, listText] = (m[1] ? [m[1], m[2]] : m[3] ? [m[3], m[4]] : [m[5], m[6]]) as [string, string];
  const start = clause.folded.indexOf(refText);
  const found = findField(slice(clause, start, start + refText.length), context.refs, choice);
  if (found.kind !== 'field') return doubtAbout(found, 'Which question’s options to set');
  const labels = readOptions(slice(clause, clause.folded.length - listText.length));
  if (!labels || labels.length < 1) return null;
  return {
    operations: [{ op: 'update_field', id: found.field.id, changes: { options: labels } }],
    summary: `Give ${quote(found.field)} the options ${listOf(
      labels.map((l) => `'${l}'`),
      'and',
    )}.`,
    touched: [found.field.id],
  };
}

export const readOptionsChange: Reader = (clause, context) =>
  readReorder(clause, context) ?? readSetOptions(clause, context) ?? readAddOptions(clause, context);
