import type { EditOperation } from '../forms/edit-patch.ts';
import { type FormField, optionsOf } from '../forms/field.ts';
import {
  after,
  type Context,
  doubtAbout,
  fieldNamed,
  fieldsNamed,
  isDoubt,
  listOf,
  quote,
  type Reader,
  type Reading,
  splitsAt,
  without,
} from './reading.ts';
import { findField } from './references.ts';
import { fold, quoteOf, slice, type Text } from './text.ts';
import { readOptions } from './values.ts';
import { anyOf, REMOVE_VERBS, words } from './words.ts';

const FROM = words(
  'from|out of|off|in|of|de|du|des|dans|aus|von|vom|bei|del|de la|en|dal|dalla|dallo|della|tra|do',
  'da|dos|das',
);
const OPTION_WORDS =
  /\b(?:options?|choices?|answers?|values?|items?|entries|entry|possible answers|choix|reponses?|auswahl|optionen|moglichkeiten|antworten|opciones|opcion|respuestas|opzioni|opzione|scelte|risposte|opcoes|opcao|escolhas|respostas)\b/;
const TAIL = anyOf(
  words(
    'anymore|any more|any longer|entirely|completely|altogether|please|as well|too|raus|weg|heraus',
    'from the form|from this form|du formulaire|aus dem formular|del formulario|dal modulo',
    'do formulario|from the survey|for good',
  ),
);
const NOT_NEEDED =
  /^(?:we\s+)?(?:don'?t|do not|no longer|won'?t)\s+(?:need|want|ask(?:\s+for)?|require)\s+(.+)$|^(?:there'?s\s+)?no\s+need\s+(?:for|to ask(?:\s+for)?)\s+(.+)$|^stop\s+asking(?:\s+for)?\s+(.+)$/;

const choice = (f: FormField) => optionsOf(f) !== undefined;

function dropOptions(field: FormField, labels: string[]): Reading {
  const options = optionsOf(field) ?? [];
  const named = labels.map((label) => options.find((o) => fold(o.label) === fold(label)) ?? label);
  const missing = named.filter((o): o is string => typeof o === 'string');
  if (missing.length > 0)
    return {
      doubt: `${quote(field)} has no option ${listOf(missing.map((m) => `'${m}'`))}; its options are ${listOf(
        options.map((o) => `'${o.label}'`),
        'and',
      )}.`,
    };
  const found = named.filter((o) => typeof o !== 'string');
  if (found.length >= options.length) return { doubt: `${quote(field)} needs at least one option.` };
  return {
    operations: [
      {
        op: 'remove_options',
        id: field.id,
        options: found.map((o) => o.label),
      },
    ],
    summary: `Remove ${listOf(
      found.map((o) => `'${o.label}'`),
      'and',
    )} from the options of ${quote(field)}.`,
    touched: [field.id],
  };
}

/** 'Drop 'Other' from the subject choices': options named in a choice field. */
function fromField(object: Text, context: Context): Reading {
  for (const split of splitsAt(object, FROM).reverse()) {
    if (split.before.folded === '' || split.after.folded === '') continue;
    const container = findField(split.after, context.refs, choice);
    if (container.kind === 'missing') continue;
    if (container.kind === 'ambiguous') return doubtAbout(container, 'Which question to remove options from');
    const labels = readOptions(without(split.before, String.raw`(?:the\s+)?${OPTION_WORDS.source}`));
    if (labels) return dropOptions(container.field, labels);
  }
  return null;
}

/** An option named on its own ('remove the option Other'), when exactly one choice field has it. */
function optionAnywhere(object: Text, context: Context, force: boolean): Reading {
  const words = without(
    object,
    String.raw`(?:the\s+)?${OPTION_WORDS.source}|^(?:the|an?|le|la|l'|die|das|der|el|il|o)\s+`,
  );
  const label = quoteOf(words, words.folded) ?? words.folded;
  const holders = context.form.fields.filter((f) => optionsOf(f)?.some((o) => fold(o.label) === fold(label)));
  if (holders.length === 1) return dropOptions(holders[0] as FormField, [label]);
  if (holders.length > 1)
    return doubtAbout(
      { kind: 'ambiguous', phrase: label, candidates: holders },
      'Which question to remove the option from',
    );
  return force ? { doubt: `No question of this form has an option '${label}'.` } : null;
}

/** 'Remove fax', 'delete the cover letter and website fields', 'we don't need the fax anymore'. */
export const readRemove: Reader = (clause, context) => {
  // 'Take Bank transfer out of the payment methods': the verb's particle after its object.
  const taken = /^take\s+(.+?)\s+(?:out|off|away)\s+((?:of|from)\s+.+)$/.exec(clause.folded);
  const verb = taken
    ? without(slice(clause, 5), String.raw`\s+(?:out|off|away)(?=\s+(?:of|from)\s)`)
    : after(clause, REMOVE_VERBS);
  const needless = NOT_NEEDED.exec(clause.folded);
  let object = verb;
  if (!object && needless) {
    const rest = (needless[1] ?? needless[2] ?? needless[3]) as string;
    object = after(clause, [clause.folded.slice(0, clause.folded.length - rest.length).trim()]);
  }
  if (!object) return null;
  object = without(object, TAIL);
  if (object.folded === '') return { doubt: 'What should be removed?' };
  if (
    /\b(?:page break|page-break|saut de page|seitenumbruch|salto de pagina|interruzione di pagina|quebra de pagina)\b/.test(
      object.folded,
    )
  )
    return null;
  const options = fromField(object, context);
  if (options) return options;
  if (OPTION_WORDS.test(object.folded)) return optionAnywhere(object, context, true);
  const fields = fieldsNamed(object, context, 'Which question to remove');
  if (isDoubt(fields)) return optionAnywhere(object, context, false) ?? fields;
  // The words are exactly an option's label but not the field's: ask which of the two is meant.
  const words = quoteOf(object, object.folded) ?? object.folded;
  const inexact = fields.length === 1 && fold((fields[0] as FormField).label) !== fold(words);
  const asOption = inexact ? optionAnywhere(object, context, false) : null;
  if (asOption && !isDoubt(asOption))
    return {
      doubt: `Remove the question ${quote(fields[0] as FormField)} or the option '${words}'?`,
      found: { kind: 'ambiguous', phrase: object.folded, candidates: fields },
    };
  const operations: EditOperation[] = fields.map((f) => ({
    op: 'remove_field',
    id: f.id,
  }));
  const readers = context.form.logic.rules.filter((r) =>
    r.conditions.some((c) => fields.some((f) => f.id === c.ref)),
  );
  const note = readers.length
    ? ` The ${readers.length === 1 ? 'rule that reads it goes' : 'rules that read them go'} too.`
    : '';
  return {
    operations,
    summary: `Remove ${listOf(fields.map(quote), 'and')}.${note}`,
    touched: [],
  };
};

/** For other readers: the one field a text names among choice fields. */
export const choiceField = (text: Text, context: Context, what: string) =>
  fieldNamed(text, context, what, choice);
