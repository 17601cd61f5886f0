import { type Context, doubtAbout, quote, type Reader, type Reading, splitsAt, without } from './reading.ts';
import { findField } from './references.ts';
import { asLabel, quoteOf, slice, type Text, typedText } from './text.ts';
import { anyOf, INTO, words } from './words.ts';

const SET = String.raw`(?:(?:please\s+)?(?:change|set|update|make|rename|modify|edit|give|put|use|add|write|replace|change|changer?|changez|modifie|mets|definis|andere|setze|gib|cambia|pon|establece|modifica|imposta|metti|mude|altere|defina|coloque|coloca)\s+)?`;
const THE = String.raw`(?:(?:the|a|an|le|la|l'|un|une|den|die|das|der|einen|eine|el|una|il|lo|o|um|uma)\s+)?`;
const TO = String.raw`\s*(?:to|as|:|=|should be|should say|should read|is|en|zu|auf|a|in|para|por|saying|that says|reading|with the text)\s*`;
const FORM_TITLE = new RegExp(
  String.raw`^${SET}${THE}(?:form(?:'s)?\s+|survey(?:'s)?\s+)?(?:title|titre|titel|titulo|titolo)(?:\s+(?:of|for|du|des|del|della|do)\s+(?:the|this|le|ce|das|el|este|il|questo|o|este)?\s*(?:form|survey|formulaire|formulars|formular|formulario|modulo))?${TO}(.+)$|^(?:call|name|title|rename|retitle|appelle|nenne|llama|chiama|chame)\s+(?:the|this|le|ce|das|el|il|o)?\s*(?:form|survey|formulaire|formular|formulario|modulo)\s+(?:to\s+|as\s+)?(.+)$|^(?:the\s+)?(?:form|survey)\s+should\s+be\s+(?:called|titled|named)\s+(.+)$`,
);
const DESCRIPTION = new RegExp(
  String.raw`^${SET}${THE}(?:form(?:'s)?\s+)?(?:description|intro|introduction|intro text|subtitle|beschreibung|einleitung|descripcion|descrizione|descricao)(?:\s+(?:of|for)\s+(?:the|this)\s+form)?${TO}(.+)$`,
);
const HELP = words(
  "help text|helper text|help|hint|tooltip|description|explanation|instructions|instruction|note|subtitle|caption|texte d'aide|aide",
  'indication|hilfetext|hinweis|erklarung|texto de ayuda|ayuda|descripcion|testo di aiuto|aiuto|suggerimento|texto de ajuda|ajuda|dica',
);
const PLACEHOLDER = words(
  'placeholder|placeholder text|example text|sample text|grey text|exemple|texte indicatif|platzhalter|marcador de posicion|texto de ejemplo|segnaposto|texto de exemplo',
);
const ON = words(
  'to|for|on|under|of|below|beneath|in|au|pour|sous|de|du|zu|fur|unter|von|a|para|bajo|de|del|per|sotto|di|del|para|sob|do|da',
);
const ENDING = words(
  'ending|end screen|end page|thank-you page|thank you page|thank-you screen|thank you screen|thank-you message|thank you message|closing page|closing screen|final screen|page de fin|page de remerciement|abschlussseite|dankeseite|pantalla final|pagina di ringraziamento|schermata finale|pagina de agradecimento|tela final',
);

const textOf = (text: Text) => quoteOf(text, text.folded) ?? asLabel(typedText(text));

function formText(clause: Text): Reading {
  const title = FORM_TITLE.exec(clause.folded);
  if (title) {
    const raw = (title[1] ?? title[2] ?? title[3]) as string;
    const text = textOf(slice(clause, clause.folded.length - raw.length));
    return {
      operations: [{ op: 'update_form', title: text }],
      summary: `Set the form's title to '${text}'.`,
      touched: [],
    };
  }
  const description = DESCRIPTION.exec(clause.folded);
  if (description) {
    const raw = description[1] as string;
    const text = textOf(slice(clause, clause.folded.length - raw.length));
    return {
      operations: [{ op: 'update_form', description: text }],
      summary: `Set the form's description to '${text}'.`,
      touched: [],
    };
  }
  if (/^(?:remove|delete|clear|drop)\s+the\s+(?:form(?:'s)?\s+)?description$/.test(clause.folded))
    return {
      operations: [{ op: 'update_form', description: '' }],
      summary: "Remove the form's description.",
      touched: [],
    };
  return null;
}

/** 'Add the help text 'As on your card' to name', "set email's placeholder to 'you@example.com'". */
function fieldText(
  clause: Text,
  context: Context,
  kind: 'helpText' | 'placeholder',
  names: string[],
): Reading {
  const named = new RegExp(anyOf(names)).exec(clause.folded);
  if (!named) return null;
  const what = kind === 'helpText' ? 'help text' : 'placeholder';
  const remove = /^(?:remove|delete|clear|drop|supprime|entferne|elimina|quita|rimuovi|remova)\b/.test(
    clause.folded,
  );
  let rest = slice(clause, named.index + named[0].length);
  const before = slice(clause, 0, named.index);
  // 'Add the help text 'PDF only' to the resume': the text right after the word.
  const leading = /^(⟦\d+⟧)\s+/.exec(rest.folded);
  const given = leading ? quoteOf(rest, leading[1] as string) : undefined;
  if (leading) rest = slice(rest, leading[0].length);
  // The field is after the word ('help text for X: T') or before it ("X's hint should say T").
  const candidates: { field: Text; text?: Text }[] = [];
  for (const split of splitsAt(rest, ON)) {
    if (split.at !== 0) continue;
    const parts = splitsAt(split.after, [...INTO, 'saying', 'that says', 'reading', 'with the text', ':']);
    for (const p of parts) candidates.push({ field: p.before, text: p.after });
    candidates.push({ field: split.after });
  }
  const owner = without(before, String.raw`^${SET}|'s\s*$|${THE}$`);
  if (owner.folded !== '') candidates.push({ field: owner, text: without(rest, `^${TO}`) });
  const quoted = /⟦\d+⟧/.exec(before.folded);
  for (const { field: ref, text } of candidates) {
    const found = findField(ref, context.refs);
    if (found.kind === 'ambiguous') return doubtAbout(found, `Which question gets the ${what}`);
    if (found.kind !== 'field') continue;
    if (remove)
      return {
        operations: [{ op: 'update_field', id: found.field.id, changes: { [kind]: '' } }],
        summary: `Remove the ${what} of ${quote(found.field)}.`,
        touched: [found.field.id],
      };
    const value =
      given ?? (text && text.folded !== '' ? textOf(text) : quoted ? (quoteOf(before, quoted[0]) ?? '') : '');
    if (!value) return { doubt: `What should the ${what} of ${quote(found.field)} say?` };
    return {
      operations: [{ op: 'update_field', id: found.field.id, changes: { [kind]: value } }],
      summary: `Set the ${what} of ${quote(found.field)} to '${value}'.`,
      touched: [found.field.id],
    };
  }
  return null;
}

/** 'Add an ending saying 'Sorry, the event is full'', 'change the ending message to …'. */
function endings(clause: Text, context: Context): Reading {
  const named = new RegExp(anyOf(ENDING)).exec(clause.folded);
  if (!named) return null;
  const say =
    /\b(?:saying|that says|which says|with the message|with the text|message|reading|:|to)\s+(.+)$/.exec(
      clause.folded.slice(named.index + named[0].length),
    );
  const text = say ? textOf(slice(clause, clause.folded.length - (say[1] as string).length)) : undefined;
  const endingsNow = context.form.logic.endings;
  if (/^(?:add|create|new|ajoute|fuge|anade|aggiungi|adiciona)/.test(clause.folded)) {
    const titled = /\b(?:called|titled|named)\s+(⟦\d+⟧|\S+)/.exec(clause.folded);
    const title = titled
      ? textOf(
          slice(
            clause,
            (titled.index ?? 0) + titled[0].length - (titled[1] as string).length,
            titled.index + titled[0].length,
          ),
        )
      : 'Thank you';
    return {
      operations: [{ op: 'add_ending', ending: { title, message: text ?? '' } }],
      summary: `Add an ending '${title}'${text ? ` saying '${text}'` : ''}.`,
      touched: [],
    };
  }
  if (/^(?:remove|delete|drop)/.test(clause.folded)) {
    if (endingsNow.length !== 1)
      return {
        doubt: endingsNow.length ? 'Which ending to remove?' : 'This form has no endings.',
      };
    const only = endingsNow[0] as { id: string; title: string };
    return {
      operations: [{ op: 'remove_ending', id: only.id }],
      summary: `Remove the ending '${only.title}'.`,
      touched: [],
    };
  }
  if (!text) return null;
  if (endingsNow.length !== 1)
    return {
      doubt: endingsNow.length
        ? 'Which ending to change? Name it by its title.'
        : 'This form has no endings yet; say "add an ending saying …".',
    };
  const only = endingsNow[0] as { id: string; title: string };
  const field = /\btitle\b/.test(clause.folded) ? 'title' : 'message';
  return {
    operations: [{ op: 'update_ending', id: only.id, [field]: text }],
    summary: `Set the ${field} of the ending '${only.title}' to '${text}'.`,
    touched: [],
  };
}

export const readTexts: Reader = (clause, context) =>
  formText(clause) ??
  endings(clause, context) ??
  fieldText(clause, context, 'placeholder', PLACEHOLDER) ??
  fieldText(clause, context, 'helpText', HELP);
