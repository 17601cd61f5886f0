import { LIMITS } from '@formsmith/core/limits';
import { type Localized, pickLocalized } from './template-fields.ts';
import type { FieldDraft, Language } from './types.ts';

// Examples in the field show the expected form of an answer; they are never stored.
const PLACEHOLDERS: Partial<Record<FieldDraft['type'], string>> = {
  email: 'name@example.com',
  url: 'https://',
  phone: '+1 555 123 4567',
};

const HELP = {
  multi: [
    'Select all that apply.',
    'Selecciona todas las que correspondan.',
    'Cochez toutes les réponses qui s’appliquent.',
    'Mehrfachauswahl möglich.',
    'Selecione todas as opções que se aplicam.',
    'Seleziona tutte le risposte pertinenti.',
    'Kies alles wat van toepassing is.',
  ],
  file: [
    'One file, up to {mb} MB.',
    'Un archivo, de hasta {mb} MB.',
    'Un fichier, {mb} Mo au maximum.',
    'Eine Datei, höchstens {mb} MB.',
    'Um arquivo, até {mb} MB.',
    'Un file, fino a {mb} MB.',
    'Eén bestand, maximaal {mb} MB.',
  ],
  scale: [
    '{min} = lowest, {max} = highest.',
    '{min} = lo más bajo, {max} = lo más alto.',
    '{min} = le plus bas, {max} = le plus haut.',
    '{min} = am niedrigsten, {max} = am höchsten.',
    '{min} = mais baixo, {max} = mais alto.',
    '{min} = il più basso, {max} = il più alto.',
    '{min} = laagst, {max} = hoogst.',
  ],
  recommend: [
    '0 = not at all likely, 10 = extremely likely.',
    '0 = nada probable, 10 = muy probable.',
    '0 = pas du tout probable, 10 = très probable.',
    '0 = sehr unwahrscheinlich, 10 = sehr wahrscheinlich.',
    '0 = nada provável, 10 = muito provável.',
    '0 = per niente probabile, 10 = molto probabile.',
    '0 = zeer onwaarschijnlijk, 10 = zeer waarschijnlijk.',
  ],
} satisfies Record<string, Localized>;

const UPLOAD_MB = Math.floor(LIMITS.uploadMaxBytes / (1024 * 1024));

const RECOMMEND = /\b(?:recommend|recomend\w*|recommand\w*|empfehl\w*|consiglia\w*|aanbevel\w*|aanraden)\b/;

/**
 * A placeholder and a help text where they help the respondent, unless the description gave
 * its own: the expected shape of an email, a link or a phone number, what the ends of a scale
 * mean, that several choices may be ticked, and the upload limit.
 */
export function addFieldHints(draft: FieldDraft, cue: string, language: Language): FieldDraft {
  const hinted = { ...draft };
  const placeholder = PLACEHOLDERS[draft.type];
  if (!hinted.placeholder && placeholder) hinted.placeholder = placeholder;
  if (hinted.helpText) return hinted;
  if (draft.type === 'checkbox' && (draft.options?.length ?? 0) > 1)
    hinted.helpText = pickLocalized(HELP.multi, language);
  else if (draft.type === 'file')
    hinted.helpText = pickLocalized(HELP.file, language).replace('{mb}', String(UPLOAD_MB));
  else if (draft.type === 'range' && draft.min === 0 && draft.max === 10 && RECOMMEND.test(cue))
    hinted.helpText = pickLocalized(HELP.recommend, language);
  else if (draft.type === 'range' && draft.min !== undefined && draft.max !== undefined)
    hinted.helpText = pickLocalized(HELP.scale, language)
      .replace('{min}', String(draft.min))
      .replace('{max}', String(draft.max));
  return hinted;
}
