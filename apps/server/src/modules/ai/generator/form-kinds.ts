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
  | 'membership'
  | 'registration';

// Checked in order: the more specific kinds first ('support request' before 'request').
const KIND_PATTERNS: [FormKind, RegExp][] = [
  [
    'support',
    /\b(?:support|help ?desk|tickets?|soporte|suporte|assistance|assistenza|kundendienst|klantenservice)\b/,
  ],
  ['bug', /\bbugs?\b|\bissue report/],
  [
    'job',
    /\b(?:job|jobs|hiring|recruit\w*|careers?|vacanc\w*|empleo|trabajo|candidature|candidatura|emploi|stelle|emprego|vaga|lavoro|vacature)\b|bewerbung|sollicit/,
  ],
  [
    'rsvp',
    /\b(?:rsvp|wedding|invitation|attend(?:ance|ing)?|boda|mariage|hochzeit|casamento|matrimonio|bruiloft)\b/,
  ],
  ['nps', /\b(?:nps|net promoter)\b|\blikely .*recommend/],
  [
    'feedback',
    /\b(?:feedback|what (?:they|people|you|customers|clients|students|guests|users) think|opinions?|evaluations?|reviews?|satisf\w*|comentarios|opinion|avis|retours?|zufriedenheit|ruckmeldung|feedbacks?|opiniao|parere|tevredenheid)\b|bewertung/,
  ],
  [
    'survey',
    /\b(?:survey|questionnaire|poll|encuesta|sondage|enquete|umfrage|pesquisa|inquerito|sondaggio|questionario)\b/,
  ],
  [
    'quote',
    /\b(?:quotes?|estimates?|quotation|presupuesto|cotizacion|devis|angebot|orcamento|preventivo|offerte\w*)\b/,
  ],
  ['complaint', /\b(?:complaints?|grievance|reclamacion|reclamation|beschwerde|reclamacao|reclamo|klacht)\b/],
  ['lead', /\b(?:leads?|prospects?|enquir\w*|inquir\w*|consultation|get in touch)\b/],
  ['contact', /\b(?:contact\w*|kontakt\w*|contato|contatti)\b/],
  [
    'order',
    /\b(?:orders?|ordering|purchase|buy|shop|pedidos?|commandes?|bestell\w*|encomendas?|ordin[ei]|ordinazione)\b/,
  ],
  [
    'booking',
    /\b(?:book|booking|bookings|appointments?|reservations?|reserve|schedul\w*|reserva|cita|rendez-vous|termin|buchung|agendamento|prenota\w*|reserver\w*|afspraak)\b/,
  ],
  ['intake', /\b(?:intake|patients?|new clients?|onboarding|admission)\b/],
  ['volunteer', /\bvolunt\w*\b|\bbenevol\w*|\bfreiwillig|\bvrijwillig|\bvolont\w*/],
  ['donation', /\b(?:donat\w*|fundrais\w*|donaci\w*|spende\w*|doacao|donazion\w*|donatie)\b/],
  ['newsletter', /\b(?:newsletter|subscribe|mailing list|waitlist|wait list|boletin|nieuwsbrief)\b/],
  [
    'event',
    /\b(?:events?|workshops?|conference|webinar|seminar|meetup|evento|evenement|veranstaltung|evenementen)\b/,
  ],
  [
    'membership',
    /\b(?:join(?:ing)? (?:our|the|a|my)|become a member|new members?|membership|members? sign ?up|adhesion|mitglied\w*|socio|associar|associarsi|lid worden|lidmaatschap)\b/,
  ],
  [
    'registration',
    /\b(?:registration|register|sign ?up|signup|enrol\w*|inscripcion|inscription|anmeldung|inscricao|iscrizione|aanmeld\w*|inschrijv\w*)\b/,
  ],
];

/** The kind of form a description asks for, if it names one. */
export function detectKind(text: string): FormKind | undefined {
  const folded = foldText(text);
  return KIND_PATTERNS.find(([, pattern]) => pattern.test(folded))?.[0];
}

type Titles = Record<Language, string>;

const FEEDBACK: Titles = {
  en: 'Feedback',
  es: 'Opinión',
  fr: 'Avis',
  de: 'Feedback',
  pt: 'Opinião',
  it: 'Opinione',
  nl: 'Feedback',
};

export const KIND_TITLES: Record<FormKind, Titles> = {
  support: {
    en: 'Support Request',
    es: 'Solicitud de soporte',
    fr: "Demande d'assistance",
    de: 'Supportanfrage',
    pt: 'Pedido de suporte',
    it: 'Richiesta di assistenza',
    nl: 'Supportverzoek',
  },
  bug: {
    en: 'Bug Report',
    es: 'Informe de errores',
    fr: 'Signalement de bug',
    de: 'Fehlerbericht',
    pt: 'Relatório de erro',
    it: 'Segnalazione di bug',
    nl: 'Foutmelding',
  },
  job: {
    en: 'Job Application',
    es: 'Solicitud de empleo',
    fr: 'Candidature',
    de: 'Bewerbung',
    pt: 'Candidatura',
    it: 'Candidatura',
    nl: 'Sollicitatie',
  },
  rsvp: {
    en: 'RSVP',
    es: 'Confirmación de asistencia',
    fr: 'Confirmation de présence',
    de: 'Zusage',
    pt: 'Confirmação de presença',
    it: 'Conferma di partecipazione',
    nl: 'Aanmelding',
  },
  nps: FEEDBACK,
  feedback: FEEDBACK,
  survey: {
    en: 'Survey',
    es: 'Encuesta',
    fr: 'Sondage',
    de: 'Umfrage',
    pt: 'Pesquisa',
    it: 'Sondaggio',
    nl: 'Enquête',
  },
  quote: {
    en: 'Quote Request',
    es: 'Solicitud de presupuesto',
    fr: 'Demande de devis',
    de: 'Angebotsanfrage',
    pt: 'Pedido de orçamento',
    it: 'Richiesta di preventivo',
    nl: 'Offerteaanvraag',
  },
  complaint: {
    en: 'Complaint',
    es: 'Reclamación',
    fr: 'Réclamation',
    de: 'Beschwerde',
    pt: 'Reclamação',
    it: 'Reclamo',
    nl: 'Klacht',
  },
  lead: {
    en: 'Inquiry',
    es: 'Consulta',
    fr: 'Demande de contact',
    de: 'Anfrage',
    pt: 'Consulta',
    it: 'Richiesta di informazioni',
    nl: 'Aanvraag',
  },
  contact: {
    en: 'Contact',
    es: 'Contacto',
    fr: 'Contact',
    de: 'Kontakt',
    pt: 'Contato',
    it: 'Contatti',
    nl: 'Contact',
  },
  order: {
    en: 'Order',
    es: 'Pedido',
    fr: 'Commande',
    de: 'Bestellung',
    pt: 'Encomenda',
    it: 'Ordine',
    nl: 'Bestelling',
  },
  booking: {
    en: 'Booking',
    es: 'Reserva',
    fr: 'Réservation',
    de: 'Buchung',
    pt: 'Reserva',
    it: 'Prenotazione',
    nl: 'Reservering',
  },
  intake: {
    en: 'Intake',
    es: 'Admisión',
    fr: "Formulaire d'admission",
    de: 'Aufnahme',
    pt: 'Admissão',
    it: 'Accettazione',
    nl: 'Intake',
  },
  volunteer: {
    en: 'Volunteer Application',
    es: 'Voluntariado',
    fr: 'Bénévolat',
    de: 'Ehrenamt',
    pt: 'Voluntariado',
    it: 'Volontariato',
    nl: 'Vrijwilligersaanmelding',
  },
  donation: {
    en: 'Donation',
    es: 'Donación',
    fr: 'Don',
    de: 'Spende',
    pt: 'Doação',
    it: 'Donazione',
    nl: 'Donatie',
  },
  newsletter: {
    en: 'Newsletter Signup',
    es: 'Suscripción al boletín',
    fr: 'Inscription à la newsletter',
    de: 'Newsletter-Anmeldung',
    pt: 'Inscrição na newsletter',
    it: 'Iscrizione alla newsletter',
    nl: 'Aanmelding nieuwsbrief',
  },
  event: {
    en: 'Event Registration',
    es: 'Inscripción al evento',
    fr: "Inscription à l'événement",
    de: 'Veranstaltungsanmeldung',
    pt: 'Inscrição no evento',
    it: "Iscrizione all'evento",
    nl: 'Aanmelding evenement',
  },
  membership: {
    en: 'Membership Application',
    es: 'Solicitud de socio',
    fr: "Demande d'adhésion",
    de: 'Mitgliedsantrag',
    pt: 'Pedido de adesão',
    it: 'Domanda di iscrizione',
    nl: 'Lidmaatschapsaanvraag',
  },
  registration: {
    en: 'Registration',
    es: 'Inscripción',
    fr: 'Inscription',
    de: 'Anmeldung',
    pt: 'Inscrição',
    it: 'Iscrizione',
    nl: 'Aanmelding',
  },
};
