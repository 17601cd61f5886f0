import type { FormKind } from './form-kinds.ts';
import {
  ADDRESS,
  COMMENTS,
  COMPANY,
  DATE_OF_BIRTH,
  EMAIL,
  FULL_NAME,
  LOW_MEDIUM_HIGH,
  MESSAGE,
  NAME,
  OPTIONAL_EMAIL,
  OPTIONAL_NAME,
  PHONE,
  PREFERRED_DATE,
  PREFERRED_TIME,
  type TemplateField,
  YES_NO,
} from './template-fields.ts';

type T = TemplateField;
const text = (labels: T['labels'], required = false): T => ({ labels, type: 'text', required });
const long = (labels: T['labels'], required = false): T => ({ labels, type: 'textarea', required });

const OVERALL_RATING: T = {
  labels: ['Overall rating', 'Valoración general', 'Note globale', 'Gesamtbewertung'],
  type: 'range',
  required: true,
  min: 1,
  max: 5,
};
const LIKED_MOST = long([
  'What did you like most?',
  '¿Qué es lo que más te gustó?',
  "Qu'avez-vous le plus apprécié ?",
  'Was hat Ihnen am besten gefallen?',
]);
const IMPROVE = long([
  'What could be improved?',
  '¿Qué podríamos mejorar?',
  'Que pourrions-nous améliorer ?',
  'Was können wir verbessern?',
]);
const RECOMMEND: T = {
  labels: [
    'How likely are you to recommend us to a friend?',
    '¿Qué probabilidad hay de que nos recomiendes?',
    'Quelle est la probabilité que vous nous recommandiez ?',
    'Wie wahrscheinlich ist es, dass Sie uns weiterempfehlen?',
  ],
  type: 'range',
  required: true,
  min: 0,
  max: 10,
};
const DETAILS = long(
  ['Project details', 'Detalles del proyecto', 'Détails du projet', 'Projektdetails'],
  true,
);
const SERVICE = text(['Service needed', 'Servicio requerido', 'Service souhaité', 'Gewünschte Leistung']);
const NOTES = long(['Additional notes', 'Notas adicionales', 'Remarques', 'Anmerkungen']);

/** Fields people expect from each common kind of form, used when a description lists none. */
export const FORM_TEMPLATES: Record<FormKind, TemplateField[]> = {
  contact: [NAME, EMAIL, PHONE, text(['Subject', 'Asunto', 'Objet', 'Betreff']), MESSAGE],
  lead: [
    NAME,
    EMAIL,
    PHONE,
    COMPANY,
    long(
      [
        'How can we help?',
        '¿Cómo podemos ayudarte?',
        'Comment pouvons-nous vous aider ?',
        'Wie können wir helfen?',
      ],
      true,
    ),
  ],
  quote: [
    NAME,
    EMAIL,
    PHONE,
    SERVICE,
    DETAILS,
    { labels: ['Budget', 'Presupuesto', 'Budget', 'Budget'], type: 'number', min: 0 },
    PREFERRED_DATE,
  ],
  feedback: [OVERALL_RATING, LIKED_MOST, IMPROVE, COMMENTS, OPTIONAL_NAME, OPTIONAL_EMAIL],
  survey: [OVERALL_RATING, LIKED_MOST, IMPROVE, COMMENTS, OPTIONAL_EMAIL],
  nps: [
    RECOMMEND,
    long([
      'What is the main reason for your score?',
      '¿Cuál es el motivo principal de tu puntuación?',
      'Quelle est la raison principale de votre note ?',
      'Was ist der Hauptgrund für Ihre Bewertung?',
    ]),
    IMPROVE,
    OPTIONAL_EMAIL,
  ],
  registration: [FULL_NAME, EMAIL, PHONE, DATE_OF_BIRTH, COMMENTS],
  event: [
    FULL_NAME,
    EMAIL,
    PHONE,
    {
      labels: [
        'Number of attendees',
        'Número de asistentes',
        'Nombre de participants',
        'Anzahl der Teilnehmer',
      ],
      type: 'number',
      required: true,
      min: 1,
    },
    long(['Dietary requirements', 'Requisitos alimentarios', 'Régime alimentaire', 'Ernährungswünsche']),
    COMMENTS,
  ],
  rsvp: [
    FULL_NAME,
    EMAIL,
    {
      labels: ['Will you attend?', '¿Asistirás?', 'Serez-vous présent ?', 'Nehmen Sie teil?'],
      type: 'radio',
      required: true,
      options: YES_NO,
    },
    {
      labels: ['Number of guests', 'Número de invitados', "Nombre d'invités", 'Anzahl der Gäste'],
      type: 'number',
      min: 0,
    },
    long([
      'Dietary restrictions',
      'Restricciones alimentarias',
      'Restrictions alimentaires',
      'Ernährungseinschränkungen',
    ]),
    MESSAGE,
  ],
  job: [
    FULL_NAME,
    EMAIL,
    PHONE,
    text(['Position applied for', 'Puesto al que aplicas', 'Poste visé', 'Gewünschte Stelle'], true),
    { labels: ['Resume / CV', 'Currículum', 'CV', 'Lebenslauf'], type: 'file', required: true },
    long(['Cover letter', 'Carta de presentación', 'Lettre de motivation', 'Anschreiben']),
    { labels: ['LinkedIn profile', 'Perfil de LinkedIn', 'Profil LinkedIn', 'LinkedIn-Profil'], type: 'url' },
  ],
  order: [
    FULL_NAME,
    EMAIL,
    PHONE,
    text(['Product', 'Producto', 'Produit', 'Produkt'], true),
    { labels: ['Quantity', 'Cantidad', 'Quantité', 'Menge'], type: 'number', required: true, min: 1 },
    {
      ...ADDRESS,
      labels: ['Shipping address', 'Dirección de envío', 'Adresse de livraison', 'Lieferadresse'],
      required: true,
    },
    NOTES,
  ],
  support: [
    NAME,
    EMAIL,
    text(['Subject', 'Asunto', 'Objet', 'Betreff'], true),
    { labels: ['Priority', 'Prioridad', 'Priorité', 'Priorität'], type: 'radio', options: LOW_MEDIUM_HIGH },
    long(
      ['Describe the issue', 'Describe el problema', 'Décrivez le problème', 'Beschreiben Sie das Problem'],
      true,
    ),
    { labels: ['Attachment', 'Archivo adjunto', 'Pièce jointe', 'Anhang'], type: 'file' },
  ],
  bug: [
    EMAIL,
    text(['Summary', 'Resumen', 'Résumé', 'Zusammenfassung'], true),
    long(
      ['Steps to reproduce', 'Pasos para reproducir', 'Étapes pour reproduire', 'Schritte zur Reproduktion'],
      true,
    ),
    long(['Expected result', 'Resultado esperado', 'Résultat attendu', 'Erwartetes Ergebnis']),
    long(['Actual result', 'Resultado real', 'Résultat obtenu', 'Tatsächliches Ergebnis']),
    { labels: ['Screenshot', 'Captura de pantalla', "Capture d'écran", 'Screenshot'], type: 'file' },
  ],
  intake: [
    FULL_NAME,
    DATE_OF_BIRTH,
    EMAIL,
    PHONE,
    ADDRESS,
    long(
      ['Reason for your visit', 'Motivo de la consulta', 'Motif de la visite', 'Grund Ihres Besuchs'],
      true,
    ),
    long(['Current medications', 'Medicamentos actuales', 'Traitements en cours', 'Aktuelle Medikamente']),
  ],
  booking: [FULL_NAME, EMAIL, PHONE, SERVICE, PREFERRED_DATE, PREFERRED_TIME, NOTES],
  volunteer: [
    FULL_NAME,
    EMAIL,
    PHONE,
    {
      labels: ['Availability', 'Disponibilidad', 'Disponibilités', 'Verfügbarkeit'],
      type: 'checkbox',
      options: [
        ['Weekdays', 'Entre semana', 'En semaine', 'Wochentags'],
        ['Weekends', 'Fines de semana', 'Week-ends', 'Wochenende'],
        ['Evenings', 'Tardes', 'Soirées', 'Abends'],
      ],
    },
    long([
      'Why do you want to volunteer?',
      '¿Por qué quieres ser voluntario?',
      'Pourquoi voulez-vous être bénévole ?',
      'Warum möchten Sie sich engagieren?',
    ]),
  ],
  donation: [
    FULL_NAME,
    EMAIL,
    {
      labels: ['Donation amount', 'Importe de la donación', 'Montant du don', 'Spendenbetrag'],
      type: 'number',
      required: true,
      min: 1,
    },
    {
      labels: ['Frequency', 'Frecuencia', 'Fréquence', 'Häufigkeit'],
      type: 'radio',
      options: [
        ['One-time', 'Única', 'Ponctuel', 'Einmalig'],
        ['Monthly', 'Mensual', 'Mensuel', 'Monatlich'],
      ],
    },
    MESSAGE,
  ],
  newsletter: [
    EMAIL,
    text(['First name', 'Nombre', 'Prénom', 'Vorname']),
    {
      labels: [
        'I agree to receive emails',
        'Acepto recibir correos electrónicos',
        "J'accepte de recevoir des e-mails",
        'Ich möchte E-Mails erhalten',
      ],
      type: 'checkbox',
      required: true,
    },
  ],
  complaint: [
    FULL_NAME,
    EMAIL,
    PHONE,
    {
      labels: ['Date of the incident', 'Fecha del incidente', "Date de l'incident", 'Datum des Vorfalls'],
      type: 'date',
    },
    long(
      [
        'Describe your complaint',
        'Describe tu reclamación',
        'Décrivez votre réclamation',
        'Beschreiben Sie Ihre Beschwerde',
      ],
      true,
    ),
    long(['Desired resolution', 'Solución deseada', 'Solution souhaitée', 'Gewünschte Lösung']),
  ],
};
