import { foldText } from './text-utils.ts';
import type { Language } from './types.ts';

export type FormKind =
  | 'support'
  | 'bug'
  | 'job'
  | 'rsvp'
  | 'nps'
  | 'feedback'
  | 'survey'
  | 'quote'
  | 'complaint'
  | 'lead'
  | 'contact'
  | 'order'
  | 'booking'
  | 'intake'
  | 'volunteer'
  | 'donation'
  | 'newsletter'
  | 'event'
  | 'registration';

// Checked in order: the more specific kinds first ('support request' before 'request').
const KIND_PATTERNS: [FormKind, RegExp][] = [
  ['support', /\b(?:support|help ?desk|tickets?|soporte|assistance|kundendienst)\b/],
  ['bug', /\bbugs?\b|\bissue report/],
  [
    'job',
    /\b(?:job|jobs|hiring|recruit\w*|careers?|vacanc\w*|empleo|trabajo|candidature|emploi|stelle)\b|bewerbung/,
  ],
  ['rsvp', /\b(?:rsvp|wedding|invitation|attend(?:ance|ing)?|boda|mariage|hochzeit)\b/],
  ['nps', /\b(?:nps|net promoter)\b|\blikely .*recommend/],
  [
    'feedback',
    /\b(?:feedback|what (?:they|people|you|customers|clients|students|guests|users) think|opinions?|evaluations?|reviews?|satisf\w*|comentarios|opinion|avis|retours?|zufriedenheit|ruckmeldung|feedbacks?)\b|bewertung/,
  ],
  ['survey', /\b(?:survey|questionnaire|poll|encuesta|sondage|enquete|umfrage)\b/],
  ['quote', /\b(?:quotes?|estimates?|quotation|presupuesto|cotizacion|devis|angebot)\b/],
  ['complaint', /\b(?:complaints?|grievance|reclamacion|reclamation|beschwerde)\b/],
  ['lead', /\b(?:leads?|prospects?|enquir\w*|inquir\w*|consultation|get in touch)\b/],
  ['contact', /\b(?:contact\w*|kontakt\w*)\b/],
  ['order', /\b(?:orders?|ordering|purchase|buy|shop|pedidos?|commandes?|bestell\w*)\b/],
  [
    'booking',
    /\b(?:book|booking|bookings|appointments?|reservations?|reserve|schedul\w*|reserva|cita|rendez-vous|termin|buchung)\b/,
  ],
  ['intake', /\b(?:intake|patients?|new clients?|onboarding|admission)\b/],
  ['volunteer', /\bvolunt\w*\b|\bbenevol\w*|\bfreiwillig/],
  ['donation', /\b(?:donat\w*|fundrais\w*|donaci\w*|spende\w*)\b/],
  ['newsletter', /\b(?:newsletter|subscribe|mailing list|waitlist|wait list|boletin)\b/],
  ['event', /\b(?:events?|workshops?|conference|webinar|seminar|meetup|evento|evenement|veranstaltung)\b/],
  [
    'registration',
    /\b(?:registration|register|sign ?up|signup|enrol\w*|inscripcion|inscription|anmeldung|membership)\b/,
  ],
];

/** The kind of form a description asks for, if it names one. */
export function detectKind(text: string): FormKind | undefined {
  const folded = foldText(text);
  return KIND_PATTERNS.find(([, pattern]) => pattern.test(folded))?.[0];
}

type Titles = Record<Language, string>;

export const KIND_TITLES: Record<FormKind, Titles> = {
  support: {
    en: 'Support Request',
    es: 'Solicitud de soporte',
    fr: "Demande d'assistance",
    de: 'Supportanfrage',
  },
  bug: { en: 'Bug Report', es: 'Informe de errores', fr: 'Signalement de bug', de: 'Fehlerbericht' },
  job: { en: 'Job Application', es: 'Solicitud de empleo', fr: 'Candidature', de: 'Bewerbung' },
  rsvp: { en: 'RSVP', es: 'Confirmación de asistencia', fr: 'Confirmation de présence', de: 'Zusage' },
  nps: { en: 'Feedback', es: 'Opinión', fr: 'Avis', de: 'Feedback' },
  feedback: { en: 'Feedback', es: 'Opinión', fr: 'Avis', de: 'Feedback' },
  survey: { en: 'Survey', es: 'Encuesta', fr: 'Sondage', de: 'Umfrage' },
  quote: {
    en: 'Quote Request',
    es: 'Solicitud de presupuesto',
    fr: 'Demande de devis',
    de: 'Angebotsanfrage',
  },
  complaint: { en: 'Complaint', es: 'Reclamación', fr: 'Réclamation', de: 'Beschwerde' },
  lead: { en: 'Inquiry', es: 'Consulta', fr: 'Demande de contact', de: 'Anfrage' },
  contact: { en: 'Contact', es: 'Contacto', fr: 'Contact', de: 'Kontakt' },
  order: { en: 'Order', es: 'Pedido', fr: 'Commande', de: 'Bestellung' },
  booking: { en: 'Booking', es: 'Reserva', fr: 'Réservation', de: 'Buchung' },
  intake: { en: 'Intake', es: 'Admisión', fr: "Formulaire d'admission", de: 'Aufnahme' },
  volunteer: { en: 'Volunteer Application', es: 'Voluntariado', fr: 'Bénévolat', de: 'Ehrenamt' },
  donation: { en: 'Donation', es: 'Donación', fr: 'Don', de: 'Spende' },
  newsletter: {
    en: 'Newsletter Signup',
    es: 'Suscripción al boletín',
    fr: 'Inscription à la newsletter',
    de: 'Newsletter-Anmeldung',
  },
  event: {
    en: 'Event Registration',
    es: 'Inscripción al evento',
    fr: "Inscription à l'événement",
    de: 'Veranstaltungsanmeldung',
  },
  registration: { en: 'Registration', es: 'Inscripción', fr: 'Inscription', de: 'Anmeldung' },
};
