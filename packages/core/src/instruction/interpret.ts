// The built-in reading of an edit instruction: the instruction is split into clauses, each clause
// is read by the first reader that recognises its kind of change (from verbs and their synonyms in
// six languages, not from fixed phrasings), and every field it names is found by its label,
// fuzzily. A clause it is not sure of stops the reading: it asks rather than guesses.
import type { EditQuestion } from '../forms/api.ts';
import { applyEditPatch, checkEditPatch } from '../forms/apply-edit-patch.ts';
import {
  type EditableForm,
  type EditOperation,
  type EditPatch,
  EditPatchError,
} from '../forms/edit-patch.ts';
import { splitClauses } from './clauses.ts';
import { draftField } from './draft-field.ts';
import { examplesFor, whatICanDo } from './explain.ts';
import { readAdd } from './read-add.ts';
import { readCalculation, readTranslation } from './read-extras.ts';
import { readLimits } from './read-limits.ts';
import { readMove } from './read-move.ts';
import { readOptionsChange } from './read-options.ts';
import { readPages } from './read-pages.ts';
import { readRemove } from './read-remove.ts';
import { readRename } from './read-rename.ts';
import { readRequired } from './read-required.ts';
import { readRetype } from './read-retype.ts';
import { readRule } from './read-rules.ts';
import { readStars } from './read-stars.ts';
import { readTexts } from './read-texts.ts';
import { type Context, type Doubt, isDoubt, type Reader, type Step } from './reading.ts';
import { readText, slice, type Text, typedText } from './text.ts';
import { anyOf, LEAD_INS } from './words.ts';

export type Interpretation = { ok: true; patch: EditPatch } | { ok: false; question: EditQuestion };

export type InterpretOptions = {
  /** Puts the whole form into another language (the server lends its generator's phrasebook). */
  translate?: Context['translate'];
};

// The more specific readings first: a rule mentions 'required', a retype 'make', an option 'add'.
const READERS: Reader[] = [
  readTranslation,
  readRule,
  readPages,
  readTexts,
  readCalculation,
  readStars,
  readLimits,
  readOptionsChange,
  readRetype,
  readRequired,
  readRename,
  readMove,
  readRemove,
  readAdd,
];

const LEAD = new RegExp(`^(?:${anyOf(LEAD_INS)}[\\s,]*)+`);
const POLITE_END =
  /[\s,]*(?:please|thanks|thank you|thx|merci|danke|gracias|grazie|obrigad[oa]|por favor|bitte|s'il (?:te|vous) plait|per favore)[\s.!]*$/;

function tidy(clause: Text): Text {
  const lead = LEAD.exec(clause.folded);
  const start = slice(clause, lead ? lead[0].length : 0);
  const end = POLITE_END.exec(start.folded);
  return end ? slice(start, 0, end.index) : start;
}

function read(clause: Text, context: Context): Step | Doubt {
  for (const reader of READERS) {
    const reading = reader(clause, context);
    if (reading) return reading;
  }
  return { doubt: 'I did not understand this' };
}

function question(form: EditableForm, understood: string[], unsure: string, doubt: Doubt): EditQuestion {
  const found = doubt.found;
  const candidates =
    found?.kind === 'ambiguous' ? found.candidates : found?.kind === 'missing' ? found.near : [];
  const before = understood.length ? `I understood: ${understood.join(' ')} ` : '';
  const about = `I am not sure about "${unsure}": ${doubt.doubt.replace(/\.$/, '')}.`;
  const help = candidates.length ? '' : ` ${whatICanDo(form)}`;
  return {
    message: `${before}${about}${help}`,
    understood,
    unsure,
    phrase: found && found.kind !== 'field' && candidates.length ? typedPhrase(unsure, found.phrase) : null,
    candidates: candidates.map((f) => ({ id: f.id, label: f.label })),
    examples: examplesFor(form),
  };
}

/** The words of the clause as typed that the folded phrase stands for, so a client can replace them. */
function typedPhrase(clause: string, phrase: string): string | null {
  const text = readText(clause);
  const at = text.folded.indexOf(phrase);
  return at < 0 || phrase === '' ? null : typedText(text, at, at + phrase.length);
}

/**
 * The patch an instruction asks for, read clause by clause against the form as the clauses
 * before left it; or, when a clause is not clear, the question to ask the owner (nothing is
 * changed then). Every patch it returns applies to the form.
 */
export function interpretInstruction(
  instruction: string,
  form: EditableForm,
  options: InterpretOptions = {},
): Interpretation {
  const text = readText(instruction);
  const formerLabels = new Map(form.fields.map((f) => [f.id, f.label]));
  const operations: EditOperation[] = [];
  const summaries: string[] = [];
  let context: Context = {
    form,
    refs: { fields: form.fields, last: [], formerLabels },
    draft: draftField,
    translate: options.translate,
  };
  const clauses = splitClauses(text);
  if (clauses.length === 0)
    return {
      ok: false,
      question: question(form, [], instruction, {
        doubt: 'There is nothing to change',
      }),
    };
  for (const raw of clauses) {
    const clause = tidy(raw);
    const step = read(clause, context);
    if (isDoubt(step))
      return {
        ok: false,
        question: question(form, summaries, typedText(raw), step),
      };
    let next: EditableForm;
    try {
      next = applyEditPatch(context.form, {
        summary: step.summary,
        operations: step.operations,
      });
    } catch (err) {
      if (!(err instanceof EditPatchError)) throw err;
      return {
        ok: false,
        question: question(form, summaries, typedText(raw), {
          doubt: err.message,
        }),
      };
    }
    operations.push(...step.operations);
    summaries.push(step.summary);
    context = {
      ...context,
      form: next,
      refs: { fields: next.fields, last: step.touched, formerLabels },
    };
  }
  const patch = { summary: summaries.join(' '), operations };
  // Each clause applied to the form the clauses before left, but a later clause can still undo an
  // earlier one's footing (a move that puts a new rule's question after the one it acts on): the
  // patch is checked whole, against the form as it was, before it is proposed.
  const problem = checkEditPatch(form, patch);
  if (problem)
    return {
      ok: false,
      question: question(form, summaries, instruction, { doubt: problem }),
    };
  return { ok: true, patch };
}
