import type { FormField } from '../forms/field.ts';
import { placeAfter, placesIn } from './places.ts';
import { after, doubtAbout, quote, type Reader, type Reading, splitAt, without } from './reading.ts';
import { findField } from './references.ts';
import { slice, type Text } from './text.ts';
import { anyOf, MODALS, MOVE_VERBS, words } from './words.ts';

const STATEMENT = words(
  'should come|should go|should be|needs to be|must be|must come|goes|comes|has to be|should appear',
  'doit etre|doit venir|doit aller|soll|sollte|kommt|debe ir|debe estar|debe venir|deve stare',
  'deve venire|deve andare|deve ficar|deve vir',
);
const SWAP = words(
  'swap|switch the order of|exchange|invert|echange|intervertis|inverse|tausche|vertausche',
  'intercambia|scambia|inverti|troca|troque',
);
const UP_DOWN = /\s+(up|down|higher|lower)(?:\s+(?:one|1|by one|a place|one place|one spot|a spot))?$/;

function moveTo(subject: Text, rest: Text, context: Parameters<Reader>[1]): Reading {
  const moving = findField(subject, context.refs);
  if (moving.kind !== 'field')
    return moving.kind === 'ambiguous' ? doubtAbout(moving, 'Which question to move') : null;
  const field = moving.field;
  const fields = context.form.fields;
  const step = UP_DOWN.exec(rest.folded);
  if (step && rest.folded.trim() === step[0].trim()) {
    const index = fields.indexOf(field);
    const up = step[1] === 'up' || step[1] === 'higher';
    if (up && index === 0)
      return {
        operations: [],
        summary: `${quote(field)} is already first.`,
        touched: [field.id],
      };
    if (!up && index === fields.length - 1)
      return {
        operations: [],
        summary: `${quote(field)} is already last.`,
        touched: [field.id],
      };
    const after = up ? (fields[index - 2]?.id ?? null) : (fields[index + 1]?.id as string);
    return {
      operations: [{ op: 'move_field', id: field.id, after }],
      summary: `Move ${quote(field)} ${up ? 'up' : 'down'} one place.`,
      touched: [field.id],
    };
  }
  return null;
}

function placed(field: FormField, rest: Text, context: Parameters<Reader>[1]): Reading {
  const places = placesIn(rest).filter((p) => p.where !== 'own_page');
  for (const place of places) {
    const target = placeAfter(place, context.refs, field.id);
    if ('problem' in target) {
      if (target.problem.kind === 'ambiguous') return doubtAbout(target.problem, 'Where to move it');
      continue;
    }
    const where =
      place.where === 'start'
        ? 'to the top'
        : place.where === 'end'
          ? 'to the end'
          : `${place.where} ${quote(target.anchor as FormField)}`;
    return {
      operations: [{ op: 'move_field', id: field.id, after: target.after }],
      summary: `Move ${quote(field)} ${where}.`,
      touched: [field.id],
    };
  }
  return null;
}

/** 'Move notes to the top', 'put the phone field after the preferred date', 'Email should come first'. */
export const readMove: Reader = (clause, context) => {
  const swap = after(clause, SWAP);
  if (swap) {
    const pair = splitAt(swap, words('and|with|et|avec|und|mit|y|con|e|com'));
    if (!pair) return null;
    const [a, b] = [findField(pair.before, context.refs), findField(pair.after, context.refs)];
    if (a.kind !== 'field') return doubtAbout(a, 'Which questions to swap');
    if (b.kind !== 'field') return doubtAbout(b, 'Which questions to swap');
    const fields = context.form.fields;
    const [first, second] =
      fields.indexOf(a.field) < fields.indexOf(b.field) ? [a.field, b.field] : [b.field, a.field];
    const beforeFirst = fields[fields.indexOf(first) - 1]?.id ?? null;
    const beforeSecond = fields[fields.indexOf(second) - 1]?.id as string;
    return {
      operations: [
        { op: 'move_field', id: second.id, after: beforeFirst },
        {
          op: 'move_field',
          id: first.id,
          after: beforeSecond === first.id ? second.id : beforeSecond,
        },
      ],
      summary: `Swap ${quote(a.field)} and ${quote(b.field)}.`,
      touched: [a.field.id, b.field.id],
    };
  }
  const verb = after(clause, MOVE_VERBS);
  if (verb) {
    const updown = UP_DOWN.exec(verb.folded);
    if (updown) return moveTo(slice(verb, 0, updown.index), slice(verb, updown.index), context);
    // 'Put a phone field after email' adds one.
    if (/^(?:a|an|another|one more|un|une|ein|eine|einen|una|uno|um|uma)\s/.test(verb.folded)) return null;
    for (const place of placesIn(verb)) {
      const subject = slice(verb, 0, place.at);
      const moving = findField(without(subject, anyOf(['to', 'a', 'nach', 'zu'])), context.refs);
      if (moving.kind === 'field') return placed(moving.field, slice(verb, place.at), context);
      if (moving.kind === 'ambiguous') return doubtAbout(moving, 'Which question to move');
    }
    return null;
  }
  const statement = splitAt(clause, STATEMENT);
  if (!statement) return null;
  const moving = findField(without(statement.before, anyOf(MODALS)), context.refs);
  if (moving.kind !== 'field') return null;
  return placed(moving.field, statement.after, context);
};
