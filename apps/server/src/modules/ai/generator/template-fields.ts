import type { FieldDraft, Language } from './types.ts';
import { LANGUAGES } from './types.ts';

/** One text in each supported language, in the order of LANGUAGES: en, es, fr, de, pt, it, nl. */
export type Localized = [string, string, string, string, string, string, string];

/** A template field with its label (and choices) in each supported language. */
export type TemplateField = {
  labels: Localized;
  type: FieldDraft['type'];
  required?: boolean;
  options?: Localized[];
  min?: number;
  max?: number;
};

/** The text in the given language. */
export function pickLocalized(texts: Localized, language: Language): string {
  return texts[LANGUAGES.indexOf(language)] ?? texts[0];
}

/** The template field as a draft in the description's language. */
export function localizeField(field: TemplateField, language: Language): FieldDraft {
  const draft: FieldDraft = {
    label: pickLocalized(field.labels, language),
    type: field.type,
    required: field.required ?? false,
  };
  if (field.options) draft.options = field.options.map((option) => pickLocalized(option, language));
  if (field.min !== undefined) draft.min = field.min;
  if (field.max !== undefined) draft.max = field.max;
  return draft;
}

export const NAME: TemplateField = {
  labels: ['Name', 'Nombre', 'Nom', 'Name', 'Nome', 'Nome', 'Naam'],
  type: 'text',
  required: true,
};
export const FULL_NAME: TemplateField = {
  labels: [
    'Full name',
    'Nombre completo',
    'Nom complet',
    'Vollständiger Name',
    'Nome completo',
    'Nome e cognome',
    'Volledige naam',
  ],
  type: 'text',
  required: true,
};
export const EMAIL: TemplateField = {
  labels: ['Email', 'Correo electrónico', 'E-mail', 'E-Mail', 'E-mail', 'Email', 'E-mailadres'],
  type: 'email',
  required: true,
};
export const OPTIONAL_NAME: TemplateField = { ...NAME, required: false };
export const OPTIONAL_EMAIL: TemplateField = { ...EMAIL, required: false };
export const PHONE: TemplateField = {
  labels: ['Phone', 'Teléfono', 'Téléphone', 'Telefon', 'Telefone', 'Telefono', 'Telefoonnummer'],
  type: 'phone',
};
export const MESSAGE: TemplateField = {
  labels: ['Message', 'Mensaje', 'Message', 'Nachricht', 'Mensagem', 'Messaggio', 'Bericht'],
  type: 'textarea',
  required: true,
};
export const COMMENTS: TemplateField = {
  labels: ['Comments', 'Comentarios', 'Commentaires', 'Kommentare', 'Comentários', 'Commenti', 'Opmerkingen'],
  type: 'textarea',
};
export const ADDRESS: TemplateField = {
  labels: ['Address', 'Dirección', 'Adresse', 'Adresse', 'Endereço', 'Indirizzo', 'Adres'],
  type: 'address',
};
export const DATE_OF_BIRTH: TemplateField = {
  labels: [
    'Date of birth',
    'Fecha de nacimiento',
    'Date de naissance',
    'Geburtsdatum',
    'Data de nascimento',
    'Data di nascita',
    'Geboortedatum',
  ],
  type: 'date',
};
export const COMPANY: TemplateField = {
  labels: ['Company', 'Empresa', 'Entreprise', 'Firma', 'Empresa', 'Azienda', 'Bedrijf'],
  type: 'text',
};
export const PREFERRED_DATE: TemplateField = {
  labels: [
    'Preferred date',
    'Fecha preferida',
    'Date souhaitée',
    'Wunschtermin',
    'Data preferida',
    'Data preferita',
    'Voorkeursdatum',
  ],
  type: 'date',
  required: true,
};
export const PREFERRED_TIME: TemplateField = {
  labels: [
    'Preferred time',
    'Hora preferida',
    'Heure souhaitée',
    'Wunschuhrzeit',
    'Horário preferido',
    'Orario preferito',
    'Voorkeurstijd',
  ],
  type: 'time',
  required: true,
};
export const YES_NO: Localized[] = [
  ['Yes', 'Sí', 'Oui', 'Ja', 'Sim', 'Sì', 'Ja'],
  ['No', 'No', 'Non', 'Nein', 'Não', 'No', 'Nee'],
];
export const LOW_MEDIUM_HIGH: Localized[] = [
  ['Low', 'Baja', 'Basse', 'Niedrig', 'Baixa', 'Bassa', 'Laag'],
  ['Medium', 'Media', 'Moyenne', 'Mittel', 'Média', 'Media', 'Gemiddeld'],
  ['High', 'Alta', 'Haute', 'Hoch', 'Alta', 'Alta', 'Hoog'],
];
