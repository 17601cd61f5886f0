// Words that say "this is the form itself", not a field of it; matched on accent-folded text.
export const FORM_WORD =
  /\b(?:forms?|survey|questionnaire|application|registration|sign-?up|booking|reservation|order|request|feedback|intake|rsvp|poll|quiz|entry|report|formulario|encuesta|solicitud|inscripcion|reserva|pedido|formulaire|enquete|demande|inscription|commande|umfrage|anmeldung|bestellung|anfrage|formulario|pesquisa|inscricao|encomenda|modulo|sondaggio|iscrizione|prenotazione|ordine|richiesta|formulier|enquete|aanmelding|inschrijving|bestelling|aanvraag)\b|formular|bewerbung|aanvraag/;

// Only the word 'form' itself: later sentences may say 'order' or 'request' about a field.
export const FORM_NOUN = /\b(?:forms?|formulario|formulaire|modulo|formulier)\b|formular/;

// What joins a form's description to its list of fields: 'a contact form with name, email…'.
export const LIST_CONNECTOR =
  / (?:with|including|that (?:asks?|collects?|captures?|has|includes)(?: for)?|asking for|to collect|collecting|which (?:asks|collects)(?: for)?|con|avec|mit|com|met) /;

// Sentences that talk about the form rather than list what it asks.
export const CHATTER =
  /^(?:thanks?|thank you|make it|make sure|it should|it must|it needs|this is|this will|we are|we're|i am|i'm|i run|we run|the form should|gracias|merci|danke|obrigad[oa]|grazie|bedankt)\b/;

// The writer asking for a form: 'I want a form where…', 'need a form to…'.
export const REQUEST_START =
  /^(?:i|we|please|can you|could you|help me|need|want|create|make|build|generate|set up|quiero|necesito|crea|je veux|j'ai besoin|creer|ich (?:brauche|mochte|will)|erstelle|quero|preciso|crie|voglio|vorrei|ho bisogno|ik (?:wil|zoek|heb)|wij willen|we willen|maak)\b/;
