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
} satisfies Record<string, Localized>;

// The words under an NPS scale's ends.
const NPS_ENDS: [Localized, Localized] = [
  [
    'Not at all likely',
    'Nada probable',
    'Pas du tout probable',
    'Sehr unwahrscheinlich',
    'Nada provável',
    'Per niente probabile',
    'Zeer onwaarschijnlijk',
  ],
  [
    'Extremely likely',
    'Muy probable',
    'Très probable',
    'Sehr wahrscheinlich',
    'Muito provável',
    'Molto probabile',
    'Zeer waarschijnlijk',
  ],
];

const UPLOAD_MB = Math.floor(LIMITS.uploadMaxBytes / (1024 * 1024));

/**
 * A placeholder and a help text where they help the respondent, unless the description gave
 * its own: the expected shape of an email, a link or a phone number, what the ends of a scale
 * mean, that several choices may be ticked, and the upload limit.
 */
export function addFieldHints(draft: FieldDraft, language: Language): FieldDraft {
  const hinted = { ...draft };
  const placeholder = PLACEHOLDERS[draft.type];
  if (!hinted.placeholder && placeholder) hinted.placeholder = placeholder;
  if (draft.type === 'nps' && !hinted.lowLabel) {
    hinted.lowLabel = pickLocalized(NPS_ENDS[0], language);
    hinted.highLabel = pickLocalized(NPS_ENDS[1], language);
  }
  if (hinted.helpText) return hinted;
  if (draft.type === 'checkbox' && (draft.options?.length ?? 0) > 1)
    hinted.helpText = pickLocalized(HELP.multi, language);
  else if (draft.type === 'file')
    hinted.helpText = pickLocalized(HELP.file, language).replace('{mb}', String(UPLOAD_MB));
  else if (draft.type === 'range' && draft.min !== undefined && draft.max !== undefined)
    hinted.helpText = pickLocalized(HELP.scale, language)
      .replace('{min}', String(draft.min))
      .replace('{max}', String(draft.max));
  return hinted;
}
