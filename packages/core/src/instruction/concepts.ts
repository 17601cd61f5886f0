import { anyOf, words } from './words.ts';

/**
 * Words that mean the same thing across the six languages, so a French instruction finds an
 * English label ('le numéro de téléphone' → 'Phone number'). Each phrase, folded, becomes its
 * concept's token in both the reference and the labels before they are compared. Only words with
 * one meaning in every language are here ('nombre' is a name in Spanish and a number in French).
 */
const CONCEPTS: Record<string, string[]> = {
  phone: words(
    'phone number|telephone number|mobile number|cell number|cell phone|mobile phone|phone|telephone',
    'mobile|cell|tel|numero de telephone|telephone portable|portable|telefonnummer|handynummer|handy',
    'telefon|mobilnummer|numero de telefono|telefono|movil|celular|numero di telefono|cellulare',
    'numero de telefone|telefone|telemovel',
  ),
  email: words(
    'email address|e-mail address|email|e-mail|mail|courriel|adresse e-mail|adresse email',
    'adresse mail|e-mail-adresse|emailadresse|correo electronico|correo|posta elettronica',
    'indirizzo email|endereco de email|endereco de e-mail',
  ),
  firstname: words('first name|given name|forename|prenom|vorname|nombre de pila|nome proprio|primeiro nome'),
  lastname: words(
    'last name|surname|family name|nom de famille|nachname|familienname|apellido|apellidos|cognome',
    'sobrenome|apelido',
  ),
  name: words(
    'full name|your name|name|nom complet|nom|vollstandiger name|nombre completo|nome completo|nome',
  ),
  address: words(
    'address|postal address|street address|adresse|anschrift|direccion|indirizzo|endereco|morada',
  ),
  company: words(
    'company|organisation|organization|business|employer|entreprise|societe|firma|unternehmen|empresa',
    'azienda|societa',
  ),
  message: words('message|your message|nachricht|mitteilung|mensaje|messaggio|mensagem'),
  comments: words(
    'comments|comment|remarks|commentaires|commentaire|remarques|kommentare|kommentar|anmerkungen',
    'comentarios|comentario|commenti|commento',
  ),
  birthdate: words(
    'date of birth|birth date|birthdate|birthday|dob|date de naissance|geburtsdatum|geburtstag',
    'fecha de nacimiento|data di nascita|data de nascimento',
  ),
  city: words('city|town|ville|stadt|ort|ciudad|citta|cidade'),
  country: ['country', 'pays', 'land', 'pais', 'paese'],
  age: ['age', 'alter', 'edad', 'eta', 'idade'],
  size: words('size|taille|grosse|talla|tamano|taglia|tamanho'),
  website: words('website|web site|site web|webseite|homepage|sitio web|sito web|url'),
  photo: words('photo|picture|image|foto|bild|imagen|immagine|imagem|fotografia'),
  consent: words(
    'consent|agreement|consentement|accord|einwilligung|zustimmung|einverstandnis|consentimiento',
    'consenso|consentimento',
  ),
  meal: words('meal|meals|food|menu|repas|essen|mahlzeit|comida|pasto|refeicao'),
  dietary: words(
    'dietary|diet|allergies|allergy|regime|alimentaire|allergien|dieta|alergias|allergie|dietetico',
    'ernahrungswunsche|ernahrung|essgewohnheiten|restricciones alimentarias|alimentacion|regime alimentaire',
    'esigenze alimentari|restricoes alimentares|alimentare|alimentar',
  ),
  quantity: words(
    'quantity|qty|how many|number of|quantite|menge|anzahl|cantidad|quantita|quantidade|nombre de|numero de|numero di',
  ),
  cardnumber: words(
    'card number|credit card number|credit card|numero de carte|numero de carte bancaire|kartennummer',
    'numero de tarjeta|numero di carta|numero della carta|numero do cartao|numero de cartao',
  ),
  price: words('price|cost|prix|cout|preis|kosten|precio|coste|prezzo|costo|preco|custo'),
  payment: words('payment|paiement|zahlung|bezahlung|pago|pagamento'),
  subject: words('subject|topic|sujet|objet|betreff|thema|asunto|tema|oggetto|argomento|assunto'),
  guests: words(
    'guests|guest|invites|invite|gaste|gast|invitados|invitado|ospiti|ospite|convidados|convidado',
  ),
  attending: words(
    'attending|attend|attendance|coming|presence|present|teilnahme|teilnehmen|asistencia|asistir',
    'partecipazione|partecipare|presenca|comparecer',
  ),
  rating: words('rating|rate|note|bewertung|valoracion|puntuacion|valutazione|voto|avaliacao|nota'),
  coverletter: words(
    'cover letter|motivation letter|covering letter|lettre de motivation|anschreiben',
    'motivationsschreiben|carta de presentacion|carta de motivacion|lettera di presentazione',
    'lettera motivazionale|carta de apresentacao|carta de motivacao',
  ),
  song: words(
    'song|songs|music|chanson|musique|lied|lieder|liedwunsch|liedwunsche|musik|cancion|musica|canzone',
    'cancao',
  ),
  request: words('request|requests|demande|wunsch|wunsche|peticion|solicitud|richiesta|pedido'),
  service: words(
    'service|services|servicio|servicios|servizio|servizi|servico|servicos|dienstleistung|leistung',
    'prestation',
  ),
  colour: words('colour|colours|color|colors|couleur|couleurs|farbe|farben|colores|colore|colori|cor|cores'),
  resume: ['resume', 'cv', 'curriculum vitae', 'curriculum', 'lebenslauf'],
  date: ['date', 'datum', 'fecha'],
  time: words('time|heure|uhrzeit|hora|horario|orario'),
  preferred: words(
    'preferred|preference|prefere|preferee|bevorzugt|bevorzugte|gewunschte|preferido|preferida|preferito|preferita',
  ),
  gender: words('gender|sex|genre|sexe|geschlecht|genero|sexo|genere|sesso'),
  insurance: words('insurance|insurer|assurance|versicherung|seguro|assicurazione'),
  notes: words(
    'notes|anything else|other comments|notizen|notiz|remarques|notas|annotazioni|observacoes',
    'observaciones',
  ),
  feedback: words('feedback|avis|ruckmeldung|opinion|opinione|opiniao'),
  job: words('position|role|job|poste|stelle|puesto|posizione|ruolo|cargo|vaga'),
};

const PATTERNS = Object.entries(CONCEPTS).map(([concept, words]) => ({
  tag: `#${concept}`,
  pattern: new RegExp(anyOf(words), 'g'),
}));

/** A concept found in folded text: where, and its token ('#phone'). */
export type ConceptMatch = { start: number; end: number; tag: string };

/** The concept phrases of folded text, longest first where they overlap. */
export function conceptsIn(text: string): ConceptMatch[] {
  const all: ConceptMatch[] = [];
  for (const { tag, pattern } of PATTERNS) {
    for (const m of text.matchAll(pattern)) all.push({ start: m.index, end: m.index + m[0].length, tag });
  }
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: ConceptMatch[] = [];
  for (const m of all) if (!kept.some((k) => m.start < k.end && k.start < m.end)) kept.push(m);
  return kept.sort((a, b) => a.start - b.start);
}
