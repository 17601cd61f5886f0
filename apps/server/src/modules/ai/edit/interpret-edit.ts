// The built-in generator's reading of an edit instruction: common phrasings of adding, removing,
// moving, renaming, retyping and requiring fields, rescaling ratings and translating, in English.
import type { EditableForm, EditOperation, EditPatch, FieldChanges } from '@formsmith/core/forms/edit-patch';
import type { FormField } from '@formsmith/core/forms/field';
import { parseItem } from '../generator/parse-item.ts';
import { collapseSpaces, foldText } from '../generator/text-utils.ts';
import { findField } from './find-field.ts';
import { languageNamed, translateForm } from './translate-form.ts';

type Step = { operations: EditOperation[]; summary: string };
type Reader = (clause: string, form: EditableForm, original?: string) => Step | null;

const FLAG = '(required|mandatory|compulsory|optional|not required)';
const isRequired = (flag: string) => !/optional|not required/.test(flag);

const TYPE_NAMES: [RegExp, FormField['type']][] = [
  [/^(?:a )?(?:dropdown|drop-down|select(?: list)?)$/, 'select'],
  [/^(?:a )?(?:radio(?: buttons?)?|single choice|multiple choice)$/, 'radio'],
  [/^(?:checkboxes|check ?boxes|a checkbox|tick ?boxes)$/, 'checkbox'],
  [/^(?:a )?(?:long answer|paragraph|text ?area|long text)$/, 'textarea'],
  [/^(?:a )?(?:short answer|text(?: field)?|short text)$/, 'text'],
  [/^(?:a )?number(?: field)?$/, 'number'],
  [/^(?:a )?date(?: field| picker)?$/, 'date'],
  [/^(?:an? )?e-?mail(?: field)?$/, 'email'],
  [/^(?:a )?phone(?: number)?(?: field)?$/, 'phone'],
  [/^(?:a )?(?:rating|scale|slider)$/, 'range'],
  [/^(?:a )?(?:file upload|upload)$/, 'file'],
];

function update(field: FormField, changes: FieldChanges): EditOperation {
  return { op: 'update_field', id: field.id, changes };
}

const setAllFlags: Reader = (clause, form) => {
  const m = new RegExp(
    `^(?:make|mark|set) (?:every|all(?: of)?(?: the)?|each) (?:questions?|fields?)(?: to be| to)? ${FLAG}$`,
  ).exec(clause);
  if (!m?.[1]) return null;
  const required = isRequired(m[1]);
  const fields = form.fields.filter(
    (f) => f.type !== 'hidden' && f.type !== 'page_break' && f.type !== 'calculated' && f.type !== 'image',
  );
  return {
    operations: fields.filter((f) => f.validation.required !== required).map((f) => update(f, { required })),
    summary: fields.every((f) => f.validation.required === required)
      ? `Every question is already ${required ? 'required' : 'optional'}.`
      : `Make every question ${required ? 'required' : 'optional'}.`,
  };
};

const setFlag: Reader = (clause, form) => {
  const m = new RegExp(`^(?:make|mark|set) (.+?)(?: to be| to| as)? ${FLAG}$`).exec(clause);
  if (!m?.[1] || !m[2]) return null;
  const field = findField(m[1], form.fields);
  if (!field) return null;
  const required = isRequired(m[2]);
  return {
    operations: [update(field, { required })],
    summary: `Make '${field.label}' ${required ? 'required' : 'optional'}.`,
  };
};

const rescale: Reader = (clause, form) => {
  const m =
    /^(?:turn|change|make|set|switch) (.+?) (?:into|to|from) (?:a |an )?(?:scale (?:of |from )?|rating (?:of |from )?)?(-?\d+)\s*(?:to|-|–)\s*(-?\d+)(?: scale| rating| stars)?$/.exec(
      clause,
    );
  if (!m?.[1]) return null;
  const field = findField(m[1], form.fields);
  if (!field) return null;
  const min = Number(m[2]);
  const max = Number(m[3]);
  const type = field.type === 'number' || field.type === 'range' ? field.type : 'range';
  return {
    operations: [update(field, { type, min, max })],
    summary: `Make '${field.label}' a scale from ${min} to ${max}.`,
  };
};

const retype: Reader = (clause, form) => {
  const m =
    /^(?:turn|change|make|convert|switch) (.+?) (?:into |to )?((?:a |an )?(?:dropdown|drop-down|select(?: list)?|radio(?: buttons?)?|single choice|multiple choice|checkboxes|check ?boxes|checkbox|tick ?boxes|long answer|paragraph|text ?area|long text|short answer|short text|text(?: field)?|number(?: field)?|date(?: field| picker)?|e-?mail(?: field)?|phone(?: number)?(?: field)?|rating|scale|slider|file upload|upload))$/.exec(
      clause,
    );
  if (!m?.[1] || !m[2]) return null;
  const type = TYPE_NAMES.find(([pattern]) => pattern.test(m[2] ?? ''))?.[1];
  const field = type && findField(m[1], form.fields);
  if (!type || !field) return null;
  return { operations: [update(field, { type })], summary: `Make '${field.label}' a ${m[2]} question.` };
};

const remove: Reader = (clause, form) => {
  const m = /^(?:remove|delete|drop|get rid of|take out) (.+)$/.exec(clause);
  if (!m?.[1]) return null;
  const field = findField(m[1], form.fields);
  if (!field) return null;
  return { operations: [{ op: 'remove_field', id: field.id }], summary: `Remove '${field.label}'.` };
};

const rename: Reader = (clause, form, original = clause) => {
  const m = /^(?:rename|relabel|call) (.+?) (?:to|as) (.+)$/.exec(clause);
  if (!m?.[1] || !m[2]) return null;
  const field = findField(m[1], form.fields);
  if (!field) return null;
  // The new label keeps the owner's capitals: cut it from the instruction as written.
  const label = unquote(original.slice(original.length - m[2].length));
  return { operations: [update(field, { label })], summary: `Rename '${field.label}' to '${label}'.` };
};

const retitle: Reader = (clause, form, original = clause) => {
  const m =
    /^(?:change|set|rename|make) (?:the )?(?:form(?:'s)? )?(title|description)(?: of the form)? (?:to|as) (.+)$/.exec(
      clause,
    );
  if (!m?.[1] || !m[2]) return null;
  const text = unquote(original.slice(original.length - m[2].length));
  const op: EditOperation =
    m[1] === 'title' ? { op: 'update_form', title: text } : { op: 'update_form', description: text };
  void form;
  return { operations: [op], summary: `Set the form's ${m[1]} to '${text}'.` };
};

function placeAfter(
  where: string | undefined,
  target: string | undefined,
  form: EditableForm,
  moving?: FormField,
) {
  if (!where) return { after: undefined as string | null | undefined };
  if (/^(?:to the )?(?:top|start|beginning)$|^first$/.test(where)) return { after: null };
  const others = form.fields.filter((f) => f.id !== moving?.id);
  if (/^(?:to the )?(?:end|bottom)$|^last$/.test(where)) return { after: others.at(-1)?.id ?? null };
  const anchor = target ? findField(target, others) : undefined;
  if (!anchor) return null;
  if (/after|below|under/.test(where)) return { after: anchor.id };
  const index = others.indexOf(anchor);
  return { after: index > 0 ? (others[index - 1]?.id ?? null) : null };
}

const move: Reader = (clause, form) => {
  const m =
    /^move (.+?) (to the (?:top|start|beginning|end|bottom)|first|last|(?:right )?(?:after|below|under|before|above) (.+))$/.exec(
      clause,
    );
  if (!m?.[1] || !m[2]) return null;
  const field = findField(m[1], form.fields);
  if (!field) return null;
  const where = m[2].replace(/ .*$/, (rest) => (m[3] ? '' : rest));
  const place = placeAfter(m[3] ? where : m[2], m[3], form, field);
  if (!place || place.after === undefined) return null;
  return {
    operations: [{ op: 'move_field', id: field.id, after: place.after }],
    summary: `Move '${field.label}'.`,
  };
};

const addOptions: Reader = (clause, form, original = clause) => {
  const m = /^add (?:the )?(?:options?|choices?) (.+?) to (.+)$/.exec(clause);
  if (!m?.[1] || !m[2]) return null;
  const field = findField(m[2], form.fields);
  if (!field || !('options' in field)) return null;
  const start = foldText(original).indexOf(m[1]);
  const written = start >= 0 ? original.slice(start, start + m[1].length) : m[1];
  const added = written
    .split(/\s*,\s*|\s+and\s+|\s+or\s+/)
    .map(unquote)
    .filter(Boolean);
  const options = [...field.options.map((o) => o.label), ...added];
  return {
    operations: [update(field, { options })],
    summary: `Add ${added.map((a) => `'${a}'`).join(', ')} to '${field.label}'.`,
  };
};

const add: Reader = (clause, form, original = clause) => {
  const m = new RegExp(
    `^(?:add|include|insert|ask for|put) (.+?)(?: (?:right )?(after|below|under|before|above|at the (?:top|start|end|bottom)) ?(.*?))?(?:,? and make it ${FLAG})?$`,
  ).exec(clause);
  if (!m?.[1]) return null;
  const start = foldText(original).indexOf(m[1]);
  const written = start >= 0 ? original.slice(start, start + m[1].length) : m[1];
  const asked = written
    .replace(/^(?:a |an )?(?:new )?(?:question|field) (?:asking|about|for|on|that asks)\s+/i, '')
    .replace(/\bthey\b/g, 'you')
    .replace(/\btheir\b/g, 'your')
    .replace(/\byou are\b/g, 'you are');
  const draft = parseItem({ text: asked }, 'en');
  if (!draft) return null;
  const place = placeAfter(m[2] ? `${m[2]}`.replace(/^at the /, '') : undefined, m[3] || undefined, form);
  if (!place) return null;
  const required = m[4] ? isRequired(m[4]) : draft.required;
  const label = draft.label.replace(/ field$/i, '');
  return {
    operations: [
      {
        op: 'add_field',
        field: {
          label,
          type: draft.type,
          required,
          ...(draft.options ? { options: draft.options } : {}),
          ...(draft.min !== undefined ? { min: draft.min } : {}),
          ...(draft.max !== undefined ? { max: draft.max } : {}),
          ...(draft.placeholder ? { placeholder: draft.placeholder } : {}),
          ...(draft.helpText ? { helpText: draft.helpText } : {}),
        },
        after: place.after,
      },
    ],
    summary: `Add '${label}'${required ? ' (required)' : ''}.`,
  };
};

const translateAll: Reader = (clause, form) => {
  const m = /^translate (?:the |this )?(?:form |everything |all )?(?:in)?to (\w+)$/.exec(clause);
  const language = m?.[1] ? languageNamed(m[1]) : undefined;
  if (!language || !m?.[1]) return null;
  const { operations, missed } = translateForm(form, language);
  const name = m[1].charAt(0).toUpperCase() + m[1].slice(1);
  const note =
    missed > 0
      ? ` ${missed} question${missed === 1 ? '' : 's'} the built-in generator does not know stay as written.`
      : '';
  return { operations, summary: `Translate the questions into ${name}.${note}` };
};

// More specific readings first: 'make the rating 1 to 10' is a rescale before it is a retype.
const READERS: Reader[] = [
  translateAll,
  setAllFlags,
  rescale,
  retitle,
  addOptions,
  move,
  rename,
  retype,
  setFlag,
  remove,
  add,
];

function unquote(text: string): string {
  return text
    .trim()
    .replace(/^["'“‘]|["'”’.]$/g, '')
    .trim();
}

/** Splits 'add a phone field; then remove the fax' into clauses ('and make it …' stays with its clause). */
function clausesOf(instruction: string): string[] {
  return instruction
    .split(/\s*(?:;|\.\s+|,?\s+and then\s+|,?\s+then\s+)\s*/i)
    .map((clause) => collapseSpaces(clause.replace(/[.!]+$/, '')))
    .filter(Boolean);
}

/**
 * The patch an instruction asks for, applied clause by clause to the form as it changes, or
 * null when a clause is not one the built-in generator understands.
 */
export function interpretEdit(
  instruction: string,
  form: EditableForm,
  apply: (form: EditableForm, patch: EditPatch) => EditableForm,
): EditPatch | null {
  const operations: EditOperation[] = [];
  const summaries: string[] = [];
  let current = form;
  for (const original of clausesOf(instruction)) {
    const clause = foldText(original).replace(/^(?:please|can you|could you|now)\s+/, '');
    const step = READERS.reduce<Step | null>((found, read) => found ?? read(clause, current, original), null);
    if (!step) return null;
    summaries.push(step.summary);
    if (step.operations.length === 0) continue;
    operations.push(...step.operations);
    current = apply(current, { summary: step.summary, operations: step.operations });
  }
  return { summary: summaries.join(' '), operations };
}
