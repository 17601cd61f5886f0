import {
  type DataKey,
  fromSealedText,
  type Keyring,
  openText,
  sealDeterministic,
  sealFailure,
  toSealedText,
} from '../../lib/encryption/index.ts';

// answer_daily_counts holds each answer given (an option's value, a rating) as its label. Labels
// are answers, so they are sealed too, deterministically: the same answer to the same field seals
// to the same text under one key, so the upserts still add to one row per answer and day. After a
// rotation an answer may have a row under each key until the key command re-seals them; readers
// merge by the opened label.

const context = (formId: number, fieldId: string) => `answer_daily_counts.answer:${formId}:${fieldId}`;

export type AnswerLabel = { formId: number; fieldId: string; answer: string };

// A form's labels repeat (its options, its ratings) and sealing one costs an HMAC and a cipher on
// every submit, while a deterministic seal of the same label is always the same text: each key
// keeps the labels it sealed lately. Bounded (cleared when full); long answers are not kept.
const LABEL_CACHE_ENTRIES = 10_000;
const LABEL_CACHE_MAX_CHARS = 200;
const sealedLabels = new WeakMap<DataKey, Map<string, string>>();

export function sealAnswerLabel(keyring: Keyring, label: AnswerLabel): string {
  const ctx = context(label.formId, label.fieldId);
  if (label.answer.length > LABEL_CACHE_MAX_CHARS) {
    return toSealedText(sealDeterministic(keyring, label.answer, ctx));
  }
  let cache = sealedLabels.get(keyring.current);
  if (!cache) {
    cache = new Map();
    sealedLabels.set(keyring.current, cache);
  }
  const cacheKey = `${ctx}\0${label.answer}`;
  let sealed = cache.get(cacheKey);
  if (sealed === undefined) {
    sealed = toSealedText(sealDeterministic(keyring, label.answer, ctx));
    if (cache.size >= LABEL_CACHE_ENTRIES) cache.clear();
    cache.set(cacheKey, sealed);
  }
  return sealed;
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
