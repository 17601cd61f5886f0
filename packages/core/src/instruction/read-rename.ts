import { type FormField, optionsOf } from '../forms/field.ts';
import {
  after,
  type Context,
  doubtAbout,
  quote,
  type Reader,
  type Reading,
  splitsAt,
  without,
} from './reading.ts';
import { findField } from './references.ts';
import { asLabel, fold, quoteOf, slice, type Text, typedText } from './text.ts';
import { findType } from './type-words.ts';
import { anyOf, INTO, RENAME_VERBS, words } from './words.ts';

const WORDING = String.raw`(?:the\s+)?(?:label|name|title|wording|text|question text|question|heading|caption|libelle|nom|intitule|texte|bezeichnung|beschriftung|namen|name|titel|text|etiqueta|nombre|titulo|texto|etichetta|nome|titolo|testo|rotulo)\s+(?:of|for|on|de|du|de la|des|von|vom|der|des|del|de|di|del|della|do|da)\s+`;
const CHANGE = words(
  'change|update|modify|edit|switch|set|replace|swap|change le|changer|changez|modifie|modifiez',
  'remplace|remplacez|andere|ersetze|cambia|cambiar|reemplaza|sustituye|modifica|sostituisci|muda',
  'mude|altera|altere|substitui|substitua|troca|troque',
);
const CALLED = words(
  'should be called|should be named|should be labelled|should be labeled|should say|should read',
  'should be titled|must be called|needs to be called|is now called|should now be called|becomes',
  "doit s'appeler|doit s appeler|s'appellera|doit devenir|soll heissen|sollte heissen|heisst jetzt",
  'debe llamarse|deberia llamarse|deve chiamarsi|dovrebbe chiamarsi|deve se chamar|deve chamar-se',
);
const GERMAN_TAIL = /\s+(?:um|umbenennen)$/;
const OPTION =
  /^(?:the\s+)?(?:option|choice|answer|value|l'option|le choix|die option|la opcion|l'opzione|a opcao)\s+/;
const IN_FIELD = words('in|of|for|on|under|dans|de|du|in|bei|von|en|de|del|di|del|nel|nella|em|do|da|no|na');

const newLabel = (text: Text) => {
  const quoted = quoteOf(text, text.folded.replace(/\s+(?:instead|please|now)$/, ''));
  return quoted !== undefined ? quoted : asLabel(typedText(text).replace(/\s+(?:instead|please|now)$/i, ''));
};

/** An option renamed: 'rename the option Other to Something else in Subject'. */
function renameOption(from: Text, to: Text, context: Context): Reading {
  let label = from;
  let container: FormField | undefined;
  for (const split of splitsAt(from, IN_FIELD).reverse()) {
    const found = findField(split.after, context.refs, (f) => optionsOf(f) !== undefined);
    if (found.kind === 'field') {
      container = found.field;
      label = split.before;
      break;
    }
  }
  const name = fold(quoteOf(label, label.folded) ?? label.folded.replace(OPTION, ''));
  const holders = (container ? [container] : context.form.fields).filter((f) =>
    optionsOf(f)?.some((o) => fold(o.label) === name),
  );
  if (holders.length !== 1)
    return holders.length > 1
      ? doubtAbout(
          { kind: 'ambiguous', phrase: name, candidates: holders },
          'Which question has the option to rename',
        )
      : null;
  const field = holders[0] as FormField;
  const option = optionsOf(field)?.find((o) => fold(o.label) === name);
  if (!option) return null;
  const next = newLabel(to);
  return {
    operations: [{ op: 'rename_option', id: field.id, from: option.label, to: next }],
    summary: `Rename the option '${option.label}' of ${quote(field)} to '${next}'.`,
    touched: [field.id],
  };
}

function renameField(object: Text, context: Context, generic: boolean): Reading {
  // 'rename X to Y': the split whose left side names a field; with a quote at the end, that is Y.
  const splits = splitsAt(object, INTO).filter((s) => s.before.folded !== '' && s.after.folded !== '');
  const lastQuote = /⟦\d+⟧$/.exec(object.folded);
  const ordered = lastQuote ? [...splits].sort((a, b) => b.at - a.at) : splits;
  let doubt: Reading = null;
  for (const split of ordered) {
    if (
      generic &&
      (findType(split.after.folded) || /\d/.test(split.after.folded)) &&
      quoteOf(split.after, split.after.folded) === undefined
    )
      return null;
    const ref = without(split.before, WORDING);
    if (OPTION.test(ref.folded)) return renameOption(ref, split.after, context);
    const found = findField(ref, context.refs);
    if (found.kind === 'field') {
      const label = newLabel(split.after);
      if (!label) return { doubt: `What should ${quote(found.field)} be called?` };
      if (label === found.field.label)
        return {
          operations: [],
          summary: `${quote(found.field)} is already called that.`,
          touched: [found.field.id],
        };
      const page = found.field.type === 'page_break' ? 'the page ' : '';
      return {
        operations: [{ op: 'update_field', id: found.field.id, changes: { label } }],
        summary: `Rename ${page}${quote(found.field)} to '${label}'.`,
        touched: [found.field.id],
      };
    }
    const option = renameOption(ref, split.after, context);
    if (option) return option;
    doubt ??= found.kind === 'ambiguous' ? doubtAbout(found, 'Which question to rename') : null;
  }
  if (doubt) return doubt;
  if (!generic && splits.length > 0) {
    const found = findField(without(splits[0]?.before as Text, WORDING), context.refs);
    if (found.kind !== 'field') return doubtAbout(found, 'Which question to rename');
  }
  return null;
}

/** 'Rename Message to 'How can we help?'', 'change the label of X to Y', 'X should be called Y'. */
export const readRename: Reader = (clause, context) => {
  const verb = after(clause, RENAME_VERBS);
  if (verb) {
    const object = slice(verb, 0, GERMAN_TAIL.exec(verb.folded)?.index ?? verb.folded.length);
    const quoted = /^(.*?)\s*(⟦\d+⟧)$/.exec(object.folded);
    // 'call the message field "How can we help?"': no word between the field and its new name.
    if (quoted && !new RegExp(`${anyOf(INTO)}\\s*$`).test(quoted[1] as string) && quoted[1]) {
      const found = findField(slice(object, 0, (quoted[1] as string).length), context.refs);
      if (found.kind === 'field')
        return renameField(object, context, false) ?? renameByQuote(found.field, object);
    }
    return renameField(object, context, false);
  }
  const change = after(clause, CHANGE);
  if (change) return renameField(change, context, true);
  const called = splitsAt(clause, CALLED)[0];
  if (called) {
    const found = findField(called.before, context.refs);
    if (found.kind !== 'field')
      return found.kind === 'ambiguous' ? doubtAbout(found, 'Which question to rename') : null;
    const label = newLabel(called.after);
    return {
      operations: [{ op: 'update_field', id: found.field.id, changes: { label } }],
      summary: `Rename ${quote(found.field)} to '${label}'.`,
      touched: [found.field.id],
    };
  }
  return null;
};

function renameByQuote(field: FormField, object: Text): Reading {
  const label = newLabel(slice(object, object.folded.lastIndexOf('⟦')));
  return {
    operations: [{ op: 'update_field', id: field.id, changes: { label } }],
    summary: `Rename ${quote(field)} to '${label}'.`,
    touched: [field.id],
  };
}
