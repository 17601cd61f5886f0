import {
  fromSealedText,
  type Keyring,
  openText,
  sealDeterministic,
  sealFailure,
  toSealedText,
} from '../../lib/encryption.ts';

// answer_daily_counts holds each answer given (an option's value, a rating) as its label. Labels
// are answers, so they are sealed too, deterministically: the same answer to the same field seals
// to the same text under one key, so the upserts still add to one row per answer and day. After a
// rotation an answer may have a row under each key until the key command re-seals them; readers
// merge by the opened label.

const context = (formId: number, fieldId: string) => `answer_daily_counts.answer:${formId}:${fieldId}`;

export type AnswerLabel = { formId: number; fieldId: string; answer: string };

export function sealAnswerLabel(keyring: Keyring, label: AnswerLabel): string {
  return toSealedText(sealDeterministic(keyring, label.answer, context(label.formId, label.fieldId)));
}

/** The answer of a stored label: opened, or as stored before encryption at rest. */
export function openAnswerLabel(keyring: Keyring, label: AnswerLabel): string {
  const sealed = fromSealedText(label.answer);
  if (!sealed) return label.answer;
  try {
    return openText(keyring, sealed, context(label.formId, label.fieldId));
  } catch (err) {
    throw sealFailure(err);
  }
}
