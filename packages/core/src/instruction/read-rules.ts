import type { EditOperation, NewRule, RuleAction } from '../forms/edit-patch.ts';
import { nextFieldId } from '../forms/edit-patch-fields.ts';
import type { FormField } from '../forms/field.ts';
import { type Condition, readCondition } from './conditions.ts';
import {
  type Context,
  type Doubt,
  fieldsNamed,
  isDoubt,
  listOf,
  quote,
  type Reader,
  without,
} from './reading.ts';
import { findField } from './references.ts';
import { findAction, type Kind, NOISE, parts } from './rule-parts.ts';
import { slice, type Text } from './text.ts';
import { ADD_VERBS, anyOf, SET_VERBS } from './words.ts';

function conditionsOf(
  text: Text,
  context: Context,
  negate: boolean,
): { conditions: Condition[]; match: 'all' | 'any' } | Doubt {
  const whole = readCondition(text, context, negate);
  if (!isDoubt(whole)) return { conditions: [whole], match: 'all' };
  for (const [word, match] of [
    [String.raw`\s+(?:and|et|und|y|e)\s+`, 'all'],
    [String.raw`\s+(?:or|ou|oder|o)\s+`, 'any'],
  ] as const) {
    const pieces = text.folded.split(new RegExp(word));
    if (pieces.length < 2) continue;
    const conditions: Condition[] = [];
    let at = 0;
    for (const piece of pieces) {
      const start = text.folded.indexOf(piece, at);
      at = start + piece.length;
      const read = readCondition(slice(text, start, at), context, negate);
      if (isDoubt(read)) return whole;
      conditions.push(read);
    }
    return {
      conditions,
      match: negate ? (match === 'all' ? 'any' : 'all') : match,
    };
  }
  return whole;
}

/** The page a jump goes to: a page break's id, adding one before a question that does not start a page. */
function jumpTarget(
  text: Text,
  context: Context,
): { page: string; label: string; operations: EditOperation[] } | Doubt {
  const fields = context.form.fields;
  const pageNumber = /\bpage\s+(\d+)\b|\b(\d+)(?:st|nd|rd|th)\s+page\b/.exec(text.folded);
  const breaks = fields.filter((f) => f.type === 'page_break');
  if (pageNumber) {
    const n = Number(pageNumber[1] ?? pageNumber[2]);
    const page = breaks[n - 2];
    return page
      ? { page: page.id, label: `page ${n}`, operations: [] }
      : { doubt: `This form has no page ${n}.` };
  }
  const titled = findField(
    without(text, String.raw`\b(?:page|section|part|step|seite|pagina|pagine|etape)\b`),
    { ...context.refs, fields: breaks },
  );
  if (titled.kind === 'field')
    return {
      page: titled.field.id,
      label: `the page ${quote(titled.field)}`,
      operations: [],
    };
  const found = findField(without(text, String.raw`\b(?:page|section|part|step)\b`), context.refs);
  if (found.kind !== 'field')
    return {
      doubt:
        `Which page to jump to? ${found.kind === 'ambiguous' ? `'${found.phrase}' could be ${listOf(found.candidates.map(quote))}.` : ''}`.trim(),
      found,
    };
  const index = fields.indexOf(found.field);
  const previous = fields[index - 1];
  if (previous?.type === 'page_break')
    return {
      page: previous.id,
      label: `the page starting with ${quote(found.field)}`,
      operations: [],
    };
  const id = nextFieldId(fields);
  return {
    page: id,
    label: `a new page starting with ${quote(found.field)}`,
    operations: [
      {
        op: 'add_field',
        field: {
          id,
          label: found.field.label,
          type: 'page_break',
          required: false,
        },
        after: previous?.id ?? null,
      },
    ],
  };
}

function endingFor(context: Context): {
  ending: string;
  operations: EditOperation[];
} {
  const [only, ...more] = context.form.logic.endings;
  if (only && more.length === 0) return { ending: only.id, operations: [] };
  const taken = context.form.logic.endings.map((e) => e.id);
  let n = taken.length + 1;
  while (taken.includes(`ending_${n}`)) n++;
  const id = `ending_${n}`;
  return {
    ending: id,
    operations: [{ op: 'add_ending', ending: { id, title: 'Thank you', message: '' } }],
  };
}

/** 'People who answer No to 'Attending?' shouldn't see the meal question', 'if age is under 18, end the form'. */
export const readRule: Reader = (clause, context) => {
  const found = parts(clause);
  if (!found) return null;
  const action = findAction(found.action.folded);
  if (!action) return null;
  const read = conditionsOf(found.condition, context, found.unless);
  if (isDoubt(read)) return read;
  const when = read.conditions.map((c) => c.words).join(read.match === 'all' ? ' and ' : ' or ');
  // The question is after the action ('hide X'), or before it ('make X required when …').
  const afterAction = without(slice(found.action, action.end), NOISE);
  const beforeAction = without(without(slice(found.action, 0, action.at), `^${anyOf(SET_VERBS)}`), NOISE);
  const target = found.target
    ? without(found.target, NOISE)
    : afterAction.folded === ''
      ? beforeAction
      : afterAction;
  const operations: EditOperation[] = [];
  let actions: RuleAction[];
  let what: string;
  if (action.kind === 'end') {
    const { ending, operations: add } = endingFor(context);
    operations.push(...add);
    actions = [{ type: 'end', ending }];
    what = 'End the form';
  } else if (action.kind === 'jump') {
    const page = jumpTarget(target, context);
    if (isDoubt(page)) return page;
    operations.push(...page.operations);
    actions = [{ type: 'jump', page: page.page }];
    what = `Jump to ${page.label}`;
  } else {
    const targets = targetFields(target, found.action, action.kind, context);
    if (isDoubt(targets)) return targets;
    operations.push(...targets.operations);
    const first = context.form.fields.findIndex((f) => read.conditions.some((c) => c.field === f.id));
    const early = targets.fields.find(
      (f) => context.form.fields.indexOf(f) !== -1 && context.form.fields.indexOf(f) <= first,
    );
    if (early) {
      const reader = context.form.fields[first] as FormField;
      return {
        doubt: `${quote(early)} comes before ${quote(reader)}, so a rule cannot ${action.kind} it from that answer; move ${quote(early)} after ${quote(reader)} first.`,
      };
    }
    actions = targets.fields.map((f) => ({
      type: action.kind as 'show' | 'hide' | 'require',
      field: f.id,
    }));
    const verb = { show: 'Show', hide: 'Hide', require: 'Require' }[
      action.kind as 'show' | 'hide' | 'require'
    ];
    what = `${verb} ${listOf(targets.fields.map(quote), 'and')}${action.kind === 'show' ? ' only' : ''}`;
  }
  const rule: NewRule = {
    match: read.match,
    conditions: read.conditions.map(({ words: _, ...c }) => c),
    actions,
  };
  operations.push({ op: 'add_rule', rule });
  return {
    operations,
    summary: `${what} when ${when}.`,
    touched: actions.flatMap((a) => ('field' in a ? [a.field] : [])),
  };
};

/** The fields a show, hide or require acts on; 'only ask X if …' may add X. */
function targetFields(
  target: Text,
  action: Text,
  kind: Kind,
  context: Context,
): { fields: FormField[]; operations: EditOperation[] } | Doubt {
  const fields = fieldsNamed(target, context, `Which question to ${kind}`);
  if (!isDoubt(fields)) return { fields, operations: [] };
  const adds =
    /^(?:only\s+)?(?:ask|add)\b/.test(action.folded) ||
    new RegExp(`^${anyOf(ADD_VERBS)}`).test(action.folded);
  if (!adds || kind !== 'show') return fields;
  const draft = context.draft(without(target, String.raw`^(?:about|for)\s+`));
  if (!draft) return fields;
  const id = nextFieldId(context.form.fields);
  const created = { ...draft, id };
  return {
    fields: [{ id, label: draft.label } as FormField],
    operations: [{ op: 'add_field', field: created }],
  };
}
