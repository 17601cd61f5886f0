import type { FieldDraft, Language } from './types.ts';

/** A template field with its label (and choices) in each supported language: [en, es, fr, de]. */
export type TemplateField = {
  labels: [string, string, string, string];
  type: FieldDraft['type'];
  required?: boolean;
  options?: [string, string, string, string][];
  min?: number;
  max?: number;
};

const LANGUAGE_INDEX: Record<Language, number> = { en: 0, es: 1, fr: 2, de: 3 };

/** The template field as a draft in the description's language. */
export function localizeField(field: TemplateField, language: Language): FieldDraft {
  const index = LANGUAGE_INDEX[language];
  const draft: FieldDraft = {
    label: field.labels[index] ?? field.labels[0],
    type: field.type,
    required: field.required ?? false,
  };
  if (field.options) draft.options = field.options.map((option) => option[index] ?? option[0]);
  if (field.min !== undefined) draft.min = field.min;
  if (field.max !== undefined) draft.max = field.max;
  return draft;
}

export const NAME: TemplateField = {
  labels: ['Name', 'Nombre', 'Nom', 'Name'],
  type: 'text',
  required: true,
};
export const FULL_NAME: TemplateField = {
  labels: ['Full name', 'Nombre completo', 'Nom complet', 'Vollständiger Name'],
  type: 'text',
  required: true,
};
export const EMAIL: TemplateField = {
  labels: ['Email', 'Correo electrónico', 'E-mail', 'E-Mail'],
  type: 'email',
  required: true,
};
export const OPTIONAL_NAME: TemplateField = { ...NAME, required: false };
export const OPTIONAL_EMAIL: TemplateField = { ...EMAIL, required: false };
export const PHONE: TemplateField = { labels: ['Phone', 'Teléfono', 'Téléphone', 'Telefon'], type: 'phone' };
export const MESSAGE: TemplateField = {
  labels: ['Message', 'Mensaje', 'Message', 'Nachricht'],
  type: 'textarea',
  required: true,
};
export const COMMENTS: TemplateField = {
  labels: ['Comments', 'Comentarios', 'Commentaires', 'Kommentare'],
  type: 'textarea',
};
export const ADDRESS: TemplateField = {
  labels: ['Address', 'Dirección', 'Adresse', 'Adresse'],
  type: 'textarea',
};
export const DATE_OF_BIRTH: TemplateField = {
  labels: ['Date of birth', 'Fecha de nacimiento', 'Date de naissance', 'Geburtsdatum'],
  type: 'date',
};
export const COMPANY: TemplateField = { labels: ['Company', 'Empresa', 'Entreprise', 'Firma'], type: 'text' };
export const PREFERRED_DATE: TemplateField = {
  labels: ['Preferred date', 'Fecha preferida', 'Date souhaitée', 'Wunschtermin'],
  type: 'date',
  required: true,
};
export const PREFERRED_TIME: TemplateField = {
  labels: ['Preferred time', 'Hora preferida', 'Heure souhaitée', 'Wunschuhrzeit'],
  type: 'time',
  required: true,
};
export const YES_NO: [string, string, string, string][] = [
  ['Yes', 'Sí', 'Oui', 'Ja'],
  ['No', 'No', 'Non', 'Nein'],
];
export const LOW_MEDIUM_HIGH: [string, string, string, string][] = [
  ['Low', 'Baja', 'Basse', 'Niedrig'],
  ['Medium', 'Media', 'Moyenne', 'Mittel'],
  ['High', 'Alta', 'Haute', 'Hoch'],
];
