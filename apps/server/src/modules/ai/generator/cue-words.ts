import type { Language } from './types.ts';

// Phrases that change a field's flags or type, matched on accent-folded lowercase text.

export const OPTIONAL_CUE =
  /\b(?:optional|optionally|not required|if (?:you|they|there|applicable|any|available|needed|relevant)\b|opcional(?:es)?|facultativ[oa]s?|optionnel(?:le)?s?|facultatif|facultative|freiwillig|facoltativ[oa]|opzionale|optioneel|niet verplicht)\b/;

export const REQUIRED_CUE =
  /\b(?:required|mandatory|must|has to|have to|compulsory|obligatori[oa]s?|requerid[oa]s?|obligatoire|requis|pflicht\w*|erforderlich|zwingend|obrigatori[oa]s?|obbligatori[oa]|verplicht)\b/;

// 'Which features do you use', 'which topics interest you': every one that applies.
// The noun is plural where the language shows it ('which tools', not 'what device').
export const MULTI_QUESTION =
  /\b(?:which|what)\b(?: \S+){0,2} \S+s (?:do|did) you (?:use|attend|play|speak|visit|own|follow|read|watch)\b|\b(?:which|what)\b(?: \S+){0,2} \S+s interest you\b|\b(?:que|quais)\b(?: \S+){0,2} \S+s (?:usa|uso|usou|utiliza|utilizou)\b|\b(?:quels|quelles)\b(?: \S+){1,2} (?:utilisez|avez-vous utilise)|\bwelche\b(?: \S+){1,2} (?:nutzen|verwenden|benutzen) sie\b|\bquali\b(?: \S+){1,2} (?:usi|usa|usate|utilizzi)\b|\bwelke\b(?: \S+){1,2} (?:gebruik\w*)\b/;

// A consent that grants a permission ('photo consent', 'Fotoerlaubnis') is the respondent's
// choice; accepting terms, a policy or a code of conduct stays a condition of the form.
export const TERMS_CUE =
  /\b(?:terms|conditions|polic(?:y|ies)|privacy|conduct|rules|waiver|datenschutz\w*|privacidad|confidentialite|privacidade|voorwaarden|condizioni|bedingungen|condiciones)\b/;
export const PERMISSION_CUE =
  /\b(?:(?:photo|media|image|video|model) release|consent\w*|permission|autoris\w*|autoriza\w*|autorizzazion\w*|\w*erlaubnis|\w*einwillig\w*|consentimiento|toestemming)\b/;

export const MULTI_CUE =
  /\b(?:select all|check all|tick all|tick any|choose all|pick all|all that apply|any that apply|more than one|multiple|several|select any|choose any|pick any|plusieurs|varios|varias|multiples?|mehrere|mehrfach\w*)\b/;

// 'ticket type standard, VIP or student (pick one)': one answer, said outright.
export const SINGLE_CUE = /\b(?:pick one|choose one|select one|one only|only one|one answer)\b/;

export const CONSENT_CUE =
  /\b(?:(?:photo|media|image|video|model) release|agree\w*|autoris\w*|autoriza\w*|autorizzazion\w*|\w*erlaubnis|\w*einwillig\w*|consentimiento|toestemming|accept\w*|consent\w*|confirm\w*|acknowledg\w*|certify|waiver|terms and conditions|terms of service|privacy policy|acepto|aceptar|acepta|accepte|accepter|j'accepte|akzeptier\w*|\w*zustimm\w*|einverst\w*|datenschutz\w*)\b/;

export const OPT_IN_CUE =
  /\b(?:opt-?in|newsletter|subscribe|mailing list|updates|marketing|boletin|abonner|abonnieren)\b/;

export const HIDDEN_CUE = /\b(?:hidden|oculto|cache|versteckt\w*)\b/;

export const UPLOAD_CUE =
  /\b(?:upload\w*|attach\w*|subir|adjunt\w*|telecharg\w*|televers\w*|joindre|hochlad\w*|anhang)\b/;

/** A signature asked for; 'firma' only where it is no company (Spanish, Italian). */
export const SIGNATURE_CUE =
  /\b(?:signatures?|sign here|sign below|e-?signature|unterschrift\w*|assinatura|handtekening|signez(?: ici)?|signer ici|unterschreiben|unterzeichnen|firme (?:aqui|abajo|aca)|assine (?:aqui|abaixo)|firmi qui|teken hier|onderteken\w*)\b/;
export const SIGNATURE_CUE_ES_IT = /\bfirmas?\b/;

export const SLIDER_CUE = /\b(?:slider|scale|deslizador|escala|curseur|echelle|schieberegler|skala)\b/;

export const PICKER_CUE = /\b(?:picker|selecteur de couleur|selector de color|farbwahl)\b/;

export const RATING_CUE =
  /\b(?:rate|rating|ratings|score|stars?|level|severity|satisfaction|importance|priority|likelihood|difficulty|valora\w*|calific\w*|puntu\w*|note|noter|evalu\w*|bewert\w*)\b/;

export const CHECKBOX_CUE =
  /\b(?:checkbox|check box|tick box|tickbox|casilla|case a cocher|kontrollkastchen)\b/;

// Examples rather than a closed list of choices.
export const EXAMPLES_CUE =
  /\betc\b|…|\.\.\.|\be\.g\b|\bsuch as\b|\bfor example\b|\bpor ejemplo\b|\bpar exemple\b|\bz\. ?b\b/;

// Closed yes/no questions begin with an auxiliary verb in English.
export const EN_YES_NO_START =
  /^(?:do|does|did|are|is|was|were|will|would|have|has|can|could|should|may|shall)\s/;

// Closed questions written without their question mark in the other languages begin with a
// verb and its subject: 'avez-vous déjà pratiqué', 'haben Sie ein Auto', 'tiene coche', 'tem carta
// de condução', 'hai bisogno di racchette'.
export const YES_NO_START: Record<Exclude<Language, 'en'>, RegExp> = {
  fr: /^(?:(?:avez|etes|pouvez|voulez|souhaitez|serez|allez|savez|connaissez|possedez|viendrez)[- ]vous|(?:as|es|peux|veux|sais)[- ]tu|est-ce que?)\b/,
  de: /^(?:(?:haben|sind|konnen|mochten|brauchen|kommen|werden|wollen|besitzen|sprechen|nehmen) sie|(?:hast|bist|kannst|mochtest|brauchst|kommst|willst) du)\b/,
  es: /^(?:tiene|tienes|eres|puede|puedes|necesita|necesitas|quiere|quieres|sabe|sabes|habla|hablas|asistira|asistiras|vendra|vendras)\s/,
  pt: /^(?:tem|tens|possui|pode|podes|precisa|precisas|sabe|sabes|quer|queres|vai|fala)\s/,
  it: /^(?:hai|sei|puoi|vuoi|porti|sai|parli|verrai|parteciperai)\s/,
  nl: /^(?:heb|hebt|heeft|ben|bent|kun|kunt|kan|wil|wilt|kom|komt|neem|neemt) (?:je|jij|u)\b/,
};

// A question in es/fr/de that does not begin with an interrogative word is read as yes/no.
export const OPEN_QUESTION_START =
  /^(?:que|cual|cuales|como|cuando|donde|quien|quienes|cuant\w+|por que|quel\w*|comment|quand|ou|qui|combien|pourquoi|qu'\w*|was|wie|wann|wo|welche\w*|wer|warum|wieviel\w*|what|which|how|when|where|who|why)\b/;

export const YES_NO_OPTIONS: Record<Language, [string, string]> = {
  en: ['Yes', 'No'],
  es: ['Sí', 'No'],
  fr: ['Oui', 'Non'],
  de: ['Ja', 'Nein'],
  pt: ['Sim', 'Não'],
  it: ['Sì', 'No'],
  nl: ['Ja', 'Nee'],
};

export const YES_NO_PATTERN = /^(?:yes|si|oui|ja|sim)\s*(?:\/|or|o|ou|oder|of)\s*(?:no|non|nein|nao|nee)$/;
