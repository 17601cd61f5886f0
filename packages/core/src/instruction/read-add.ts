import type { EditOperation, NewField } from '../forms/edit-patch.ts';
import { nextFieldId } from '../forms/edit-patch-fields.ts';
import type { FormField } from '../forms/field.ts';
import { type Place, placeAfter, placesIn } from './places.ts';
import { after, type Context, doubtAbout, quote, type Reader, without } from './reading.ts';
import type { Found } from './references.ts';
import { fold, slice, type Text } from './text.ts';
import { ADD_VERBS, ASK_VERBS, anyOf, words } from './words.ts';

const TO_FORM = anyOf(
  words(
    'to the form|to this form|to the survey|in the form|on the form|au formulaire|dans le formulaire',
    'zum formular|ins formular|im formular|al formulario|en el formulario|al modulo|nel modulo',
    'ao formulario|no formulario|too|as well|please',
  ),
);

function describe(field: NewField): string {
  const options = field.options && field.type !== 'checkbox' ? ` (${field.options.join(', ')})` : '';
  const range =
    field.min !== undefined && field.max !== undefined ? ` from ${field.min} to ${field.max}` : '';
  const type =
    {
      text: 'text',
      textarea: 'paragraph',
      select: 'dropdown',
      radio: 'single-choice',
      checkbox: 'checkbox',
      yes_no: 'yes/no',
    }[field.type as string] ?? field.type;
  return `${field.required ? 'a required' : 'an optional'} ${type} question '${field.label}'${options}${range}`;
}

/**
 * A place whose whole rest names no field, but whose first words do ('nach Allergien eine Frage
 * zu …'): the place cut to those words, and the pattern of its words in the clause.
 */
function leadingPlace(place: Place, problem: Found, object: Text, context: Context) {
  const target = place.target;
  if (!target || problem.kind !== 'missing') return undefined;
  const ends = [...target.folded.matchAll(/\s+/g)].map((m) => m.index).reverse();
  for (const end of ends) {
    const cut = { ...place, target: slice(target, 0, end) };
    const words = cut.target.folded;
    if (words === '') continue;
    const at = placeAfter(cut, context.refs);
    if ('problem' in at) continue;
    const stop = object.folded.indexOf(words, place.at) + words.length;
    const phrase = object.folded.slice(place.at, stop).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return { place: cut, phrase, target: at };
  }
  return undefined;
}

/** 'Add a phone field after email', "add a 'Policy number' field right after it", 'ask for their date of birth'. */
export const readAdd: Reader = (clause, context) => {
  const asked = after(clause, ASK_VERBS);
  const placing = after(clause, [
    'put',
    'place',
    'insert',
    'mets',
    'setze',
    'pon',
    'metti',
    'coloque',
    'coloca',
  ]);
  const verb =
    asked ??
    after(clause, ADD_VERBS) ??
    (placing && /^(?:a|an|another|un|une|ein|eine|einen|una|uno|um|uma)\s/.test(placing.folded)
      ? placing
      : undefined);
  if (!verb) return null;
  let object = without(verb, TO_FORM);
  let where: { after: string | null; anchor?: FormField; own?: boolean } | undefined;
  for (const found of placesIn(object)) {
    // German puts the place mid-sentence: 'füge nach Allergien eine Frage zu … hinzu'.
    const whole = placeAfter(found, context.refs);
    const inner = 'problem' in whole ? leadingPlace(found, whole.problem, object, context) : undefined;
    const place = inner?.place ?? found;
    const target = inner?.target ?? whole;
    if ('problem' in target) {
      if (target.problem.kind === 'ambiguous') return doubtAbout(target.problem, 'Where to add it');
      continue;
    }
    where = { ...target, own: place.where === 'own_page' };
    object = inner ? without(object, inner.phrase) : slice(object, 0, place.at);
    break;
  }
  const draft = context.draft(object);
  if (!draft) return null;
  // 'Add a page break', 'add the help text …': not a question, and another reader's.
  if (
    /\b(?:page break|new page|salto de pagina|saut de page|seitenumbruch|interruzione di pagina|quebra de pagina|help text|placeholder)\b/.test(
      fold(draft.label),
    )
  )
    return null;
  const fields = context.form.fields;
  const id = nextFieldId(fields);
  const field: NewField = { ...draft, id };
  const operations: EditOperation[] = [];
  if (where?.own) {
    const breakId = nextFieldId([...fields, { id } as FormField]);
    operations.push({
      op: 'add_field',
      field: {
        id: breakId,
        label: draft.label,
        type: 'page_break',
        required: false,
      },
    });
  }
  operations.push({
    op: 'add_field',
    field,
    ...(where && !where.own ? { after: where.after } : {}),
  });
  const place =
    where === undefined || where.own
      ? where?.own
        ? ' on a page of its own at the end'
        : ' at the end'
      : where.anchor
        ? ` ${where.after === where.anchor.id ? 'after' : 'before'} ${quote(where.anchor)}`
        : ' first';
  return {
    operations,
    summary: `Add ${describe(field)}${place}.`,
    touched: [id],
  };
};
