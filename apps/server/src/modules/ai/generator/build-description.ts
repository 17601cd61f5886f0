import type { FieldDraft, Language } from './types.ts';

type Frame = {
  intro: (list: string) => string;
  questions: (n: number) => string;
  join: string;
  more: string;
  time: (m: number) => string;
};

const FRAMES: Record<Language, Frame> = {
  en: {
    questions: (n) => `Answer ${n} short question${n === 1 ? '' : 's'}`,
    intro: (list) => `Please share your ${list}`,
    join: 'and',
    more: 'a few other details',
    time: (m) => `it takes about ${m} minute${m === 1 ? '' : 's'}.`,
  },
  es: {
    questions: (n) => `Responde ${n} pregunta${n === 1 ? '' : 's'} breve${n === 1 ? '' : 's'}`,
    intro: (list) => `Indícanos tu ${list}`,
    join: 'y',
    more: 'algunos datos más',
    time: (m) => `solo lleva unos ${m} minuto${m === 1 ? '' : 's'}.`,
  },
  fr: {
    questions: (n) => `Répondez à ${n} question${n === 1 ? '' : 's'} courte${n === 1 ? '' : 's'}`,
    intro: (list) => `Indiquez votre ${list}`,
    join: 'et',
    more: 'quelques autres informations',
    time: (m) => `cela prend environ ${m} minute${m === 1 ? '' : 's'}.`,
  },
  de: {
    questions: (n) => `Beantworten Sie ${n} kurze Frage${n === 1 ? '' : 'n'}`,
    intro: (list) => `Bitte geben Sie ${list} an`,
    join: 'und',
    more: 'einige weitere Angaben',
    time: (m) => `das dauert etwa ${m} Minute${m === 1 ? '' : 'n'}.`,
  },
  pt: {
    questions: (n) => `Responda a ${n} pergunta${n === 1 ? '' : 's'} rápida${n === 1 ? '' : 's'}`,
    intro: (list) => `Indique ${list}`,
    join: 'e',
    more: 'mais alguns dados',
    time: (m) => `leva cerca de ${m} minuto${m === 1 ? '' : 's'}.`,
  },
  it: {
    questions: (n) => `Rispondi a ${n} ${n === 1 ? 'breve domanda' : 'brevi domande'}`,
    intro: (list) => `Indica ${list}`,
    join: 'e',
    more: 'alcuni altri dati',
    time: (m) => (m === 1 ? 'ci vuole circa 1 minuto.' : `ci vogliono circa ${m} minuti.`),
  },
  nl: {
    questions: (n) => `Beantwoord ${n} korte vra${n === 1 ? 'ag' : 'gen'}`,
    intro: (list) => `Vul ${list} in`,
    join: 'en',
    more: 'nog een paar gegevens',
    time: (m) => `het duurt ongeveer ${m} minu${m === 1 ? 'ut' : 'ten'}.`,
  },
};

// Roughly how long a respondent spends on each kind of question, in seconds.
const SECONDS: Partial<Record<FieldDraft['type'], number>> = { textarea: 60, file: 30, checkbox: 10 };

function answerMinutes(fields: FieldDraft[]): number {
  const seconds = fields.reduce((sum, field) => sum + (SECONDS[field.type] ?? 15), 0);
  return Math.max(1, Math.round(seconds / 60));
}

const QUESTION_WORD = /^(?:why|how|what|which|when|where|who)\b/i;

/** A label that reads well inside a sentence: short, not a question, not a consent box. */
function listable(field: FieldDraft): boolean {
  const words = field.label.split(/\s+/).length;
  return (
    words <= 3 &&
    !/[?¿]/.test(field.label) &&
    !QUESTION_WORD.test(field.label) &&
    field.type !== 'checkbox' &&
    field.type !== 'hidden'
  );
}

function inSentence(label: string, language: Language): string {
  // German nouns keep their capital; elsewhere only acronyms and names ('LinkedIn') do.
  if (language === 'de' || /\p{Lu}/u.test(label.slice(1))) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * One sentence telling respondents what the form asks and how long it takes, in the
 * description's language: 'Please share your name, email and position — it takes about 2 minutes.'
 */
export function buildDescription(drafts: FieldDraft[], language: Language): string {
  const fields = drafts.filter((field) => field.type !== 'page_break');
  const frame = FRAMES[language];
  const time = frame.time(answerMinutes(fields));
  const named = fields.filter(listable).slice(0, 4);
  if (named.length === 0) return `${frame.questions(fields.length)} — ${time}`;
  const parts = named.map((field) => inSentence(field.label, language));
  if (fields.length > named.length) parts.push(frame.more);
  const last = parts.pop();
  const list = parts.length > 0 ? `${parts.join(', ')} ${frame.join} ${last}` : `${last}`;
  return `${frame.intro(list)} — ${time}`;
}
