import { type Localized, pickLocalized } from './template-fields.ts';
import type { Language } from './types.ts';

const DAY_OF_WEEK =
  /\b(?:days? of (?:the )?week|weekdays?|dia de la semana|jour de la semaine|wochentag|dia da semana|giorno della settimana|dag van de week|weekdag)\b/;
const TIME_SLOT =
  /\b(?:time ?slots?|slots?|time windows?|franja horaria|creneau(?:x)? horaires?|creneau|zeitfenster|zeitslot|horario disponivel|faixa horaria|fascia oraria|tijdslot|tijdvak)\b/;

export const DAYS: Localized[] = [
  ['Monday', 'Lunes', 'Lundi', 'Montag', 'Segunda-feira', 'Lunedì', 'Maandag'],
  ['Tuesday', 'Martes', 'Mardi', 'Dienstag', 'Terça-feira', 'Martedì', 'Dinsdag'],
  ['Wednesday', 'Miércoles', 'Mercredi', 'Mittwoch', 'Quarta-feira', 'Mercoledì', 'Woensdag'],
  ['Thursday', 'Jueves', 'Jeudi', 'Donnerstag', 'Quinta-feira', 'Giovedì', 'Donderdag'],
  ['Friday', 'Viernes', 'Vendredi', 'Freitag', 'Sexta-feira', 'Venerdì', 'Vrijdag'],
  ['Saturday', 'Sábado', 'Samedi', 'Samstag', 'Sábado', 'Sabato', 'Zaterdag'],
  ['Sunday', 'Domingo', 'Dimanche', 'Sonntag', 'Domingo', 'Domenica', 'Zondag'],
];

// Clock times read the same in every supported language.
const SLOTS = ['09:00–11:00', '11:00–13:00', '14:00–16:00', '16:00–18:00'];

/**
 * The choices a question implies by its meaning when the description lists none: the seven
 * days for 'preferred day of week', two-hour slots for 'time slot'.
 */
export function choicesByMeaning(foldedLabel: string, language: Language): string[] | undefined {
  if (DAY_OF_WEEK.test(foldedLabel)) return DAYS.map((day) => pickLocalized(day, language));
  if (TIME_SLOT.test(foldedLabel)) return [...SLOTS];
  return undefined;
}
