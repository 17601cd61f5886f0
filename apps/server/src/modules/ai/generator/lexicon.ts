import type { FieldType, Language } from './types.ts';

// 'name' is text, but it also makes a field required by default.
export type LexiconTag = FieldType | 'name';

export type LexiconEntry = { tag: LexiconTag; words: string };

// Keyword fragments are matched on accent-folded lowercase text. Order does not matter: the
// matcher keeps the longest overlapping match, then picks the head noun by position.
const EN: LexiconEntry[] = [
  { tag: 'email', words: 'e ?-?mail(?: address(?:es)?)?|emails?' },
  {
    tag: 'phone',
    words: '(?:tele)?phone(?: numbers?)?|mobile(?: phone| number)?|cell(?: ?phone| number)?|whatsapp|tel',
  },
  {
    tag: 'url',
    words: 'urls?|websites?|web site|links?|linkedin|github|portfolio|instagram|twitter|facebook|homepage',
  },
  {
    tag: 'date',
    words: 'dates?|birthday|birth ?date|date of birth|dob|deadline|when|(?:first|last|start|final) day',
  },
  {
    tag: 'date_range',
    words:
      'date range|dates? of (?:stay|travel|the trip|your trip|absence|leave)|(?:travel|stay|trip|rental|leave|holiday|vacation|booking) dates|check-?in and check-?out(?: dates)?|arrival and departure(?: dates)?|start and end dates?|from (?:date )?(?:\\.\\.\\.|…|\\w+) to (?:date )?(?:\\.\\.\\.|…|\\w+)',
  },
  { tag: 'time', words: 'times?' },
  {
    tag: 'number',
    words:
      'numbers?|how many|how much|quantity|qty|age|years?|mileage|footage|square feet|sq ?ft|amount|donation|budget|price|gpa|count|adults|children|kids|people|weight|height|hours|nights|salary|income|revenue|rent|deposit|attendees|seats|tickets|headcount|(?:party|group|team|household|family|class) size',
  },
  { tag: 'color', words: 'colou?rs?' },
  { tag: 'password', words: 'password' },
  {
    tag: 'address',
    words: '(?:(?:mailing|shipping|postal|street|home|delivery|billing|postal) )?address(?:es)?|adress',
  },
  {
    tag: 'textarea',
    words:
      'description|describe|comments?|message|mesage|details|notes?|feedback|suggestions?|story|explain|why|paragraph|anything|tell us|bio|about (?:you|yourself)|problems?|questions?|requirements|needs|issues|allerg(?:y|ies)|restrictions|history|experience|reasons?|motivation|cover letter|concerns|symptoms|instructions|injur(?:y|ies)|surger(?:y|ies)|medications?|improve\\w*|thoughts|ideas?|goals?|steps|steps to reproduce',
  },
  {
    tag: 'file',
    words:
      'upload|attach\\w*|resume|cv|photos?|pictures?|images?|scan|headshot|screenshots?|mockups?|sketch(?:es)?|transcripts?|documents?|certificates?|logo|receipts?|pdf|jpe?g|png|permit',
  },
  { tag: 'name', words: 'names?' },
  {
    tag: 'text',
    words:
      'title|id|code|version|model|make|company|city|zip|postcode|postal code|university|school|major|subject|position|job title|ssn',
  },
  { tag: 'range', words: 'slider|scale|ratings?|rate|stars' },
  { tag: 'checkbox', words: 'checkbox|check ?box|tick ?box' },
];

const ES: LexiconEntry[] = [
  { tag: 'email', words: 'correo(?: electronico)?|e-?mail' },
  { tag: 'phone', words: 'telefono|movil|celular|numero de (?:telefono|movil|celular)|whatsapp' },
  { tag: 'url', words: 'sitio web|pagina web|enlace|url|web|linkedin|instagram' },
  { tag: 'date', words: 'fecha(?: de nacimiento)?|nacimiento|cuando|cumpleanos' },
  { tag: 'time', words: 'hora' },
  { tag: 'number', words: 'numero de|cantidad|cuant[oa]s|edad|anos?|importe|presupuesto|monto' },
  { tag: 'color', words: 'color' },
  { tag: 'file', words: 'subir|adjunt\\w*|archivo|foto(?:grafia)?|imagen|curriculum|cv|documento' },
  { tag: 'address', words: 'direccion(?: postal| de envio)?|domicilio' },
  {
    tag: 'textarea',
    words:
      'comentarios?|mensaje|descripcion|describ\\w*|sugerencias?|observaciones|motivo|por que|detalles|notas?|alergias',
  },
  { tag: 'name', words: 'nombres?|apellidos?' },
  { tag: 'range', words: 'valora\\w*|calificacion|puntuacion|escala|califica|puntua' },
  { tag: 'text', words: 'titulo|empresa|ciudad' },
];

const FR: LexiconEntry[] = [
  { tag: 'email', words: 'e-?mail|courriel|adresse (?:e-?mail|electronique)|mail' },
  { tag: 'phone', words: 'telephone|portable|mobile|tel|numero de telephone' },
  { tag: 'url', words: 'site(?: web| internet)?|lien|url|linkedin' },
  { tag: 'date', words: 'date(?: de naissance)?|naissance|quand|anniversaire' },
  { tag: 'time', words: 'heure|horaire' },
  { tag: 'number', words: 'nombre de|combien|quantite|age|annee|montant|budget' },
  { tag: 'color', words: 'couleur' },
  { tag: 'file', words: 'telecharg\\w*|televers\\w*|joindre|piece jointe|fichier|photo|image|cv' },
  { tag: 'address', words: 'adresse(?: postale| de livraison)?' },
  {
    tag: 'textarea',
    words:
      'commentaires?|message|description|remarques?|precisions?|suggestions?|motivation|details|pourquoi',
  },
  { tag: 'name', words: 'noms?|prenom' },
  { tag: 'range', words: 'note|noter|evaluez|evaluation|echelle' },
  { tag: 'text', words: 'titre|entreprise|societe|ville' },
];

// German compounds ('Telefonnummer', 'Geburtsdatum') are matched as substrings.
const DE: LexiconEntry[] = [
  { tag: 'email', words: 'e-?mail(?:-?adresse)?' },
  { tag: 'phone', words: 'telefon|handy|mobil(?:nummer|telefon)?' },
  { tag: 'url', words: 'webseite|website|homepage|link|url|linkedin' },
  { tag: 'date', words: 'datum|geburtstag|wann' },
  { tag: 'time', words: 'uhrzeit' },
  { tag: 'number', words: 'anzahl|wie viele|menge|alter|jahr|betrag|budget' },
  { tag: 'color', words: 'farbe' },
  { tag: 'file', words: 'hochlad\\w*|upload|datei|anhang|foto|bild|lebenslauf|zeugnis|dokument' },
  { tag: 'address', words: '(?:post|liefer)?adresse|anschrift|postanschrift' },
  {
    tag: 'textarea',
    words:
      'kommentar\\w*|nachricht|beschreibung|anmerkung\\w*|anschreiben|motivation\\w*|bemerkung\\w*|anliegen',
  },
  { tag: 'name', words: 'name' },
  { tag: 'range', words: 'bewert\\w*|skala' },
  { tag: 'text', words: 'titel|firma|stadt' },
];

const PT: LexiconEntry[] = [
  { tag: 'email', words: 'e-?mail|correio eletronico|endereco de e-?mail' },
  { tag: 'phone', words: 'telefone|celular|telemovel|whatsapp|numero de (?:telefone|celular)' },
  { tag: 'url', words: 'site|website|link|url|linkedin|instagram' },
  { tag: 'date', words: 'data(?: de nascimento)?|nascimento|quando|aniversario' },
  { tag: 'time', words: 'hora|horario' },
  { tag: 'number', words: 'numero de|quantidade|quant[oa]s|idade|anos?|valor|orcamento' },
  { tag: 'color', words: 'cor' },
  { tag: 'file', words: 'enviar arquivo|anex\\w*|arquivo|foto(?:grafia)?|imagem|curriculo|cv|documento' },
  { tag: 'address', words: 'endereco(?: postal| de entrega)?|morada' },
  {
    tag: 'textarea',
    words:
      'comentarios?|mensagem|descricao|descrev\\w*|sugestoes?|observacoes|motivo|por que|detalhes|notas?|alergias',
  },
  { tag: 'name', words: 'nomes?|sobrenome|apelido' },
  { tag: 'range', words: 'avalia\\w*|nota|escala|classifica\\w*' },
  { tag: 'text', words: 'titulo|empresa|cidade|cargo' },
];

const IT: LexiconEntry[] = [
  { tag: 'email', words: 'e-?mail|posta elettronica|indirizzo e-?mail' },
  { tag: 'phone', words: 'telefono|cellulare|whatsapp|numero di (?:telefono|cellulare)' },
  { tag: 'url', words: 'sito(?: web)?|link|url|linkedin|instagram' },
  { tag: 'date', words: 'data(?: di nascita)?|nascita|quando|compleanno' },
  { tag: 'time', words: 'ora|orario' },
  { tag: 'number', words: 'numero di|quantita|quant[ie]|eta|anni|importo|budget' },
  { tag: 'color', words: 'colore' },
  {
    tag: 'file',
    words: 'carica\\w*|allega\\w*|allegato|file|foto(?:grafia)?|immagine|curriculum|cv|documento',
  },
  { tag: 'address', words: 'indirizzo(?: postale| di spedizione)?' },
  {
    tag: 'textarea',
    words:
      'commenti|commento|messaggio|descrizione|descriv\\w*|suggeriment\\w*|osservazioni|motivo|perche|dettagli|note|allergie',
  },
  { tag: 'name', words: 'nome|nomi|cognome' },
  { tag: 'range', words: 'valuta\\w*|voto|scala|punteggio' },
  { tag: 'text', words: 'titolo|azienda|citta|ruolo' },
];

// Dutch compounds ('telefoonnummer', 'geboortedatum') are matched as substrings, like German.
const NL: LexiconEntry[] = [
  { tag: 'email', words: 'e-?mail(?:adres)?' },
  { tag: 'phone', words: 'telefoon|mobiel|gsm|whatsapp' },
  { tag: 'url', words: 'website|link|url|linkedin' },
  { tag: 'date', words: 'datum|verjaardag|wanneer' },
  { tag: 'time', words: 'tijdstip|tijd' },
  { tag: 'number', words: 'aantal|hoeveel|leeftijd|bedrag|budget' },
  { tag: 'color', words: 'kleur' },
  { tag: 'file', words: 'upload\\w*|bijlage|bestand|foto|afbeelding|cv' },
  { tag: 'address', words: '(?:post|bezorg|woon)?adres' },
  {
    tag: 'textarea',
    words:
      'opmerking\\w*|bericht|beschrijving|beschrijf|toelichting|motivatie|waarom|suggesties|allergie\\w*',
  },
  { tag: 'name', words: 'naam|achternaam|voornaam' },
  { tag: 'range', words: 'beoordel\\w*|cijfer|schaal' },
  { tag: 'text', words: 'titel|bedrijf|stad|functie' },
];

type CompiledEntry = { tag: LexiconTag; pattern: RegExp };

function compile(entries: LexiconEntry[], wordBounded: boolean): CompiledEntry[] {
  return entries.map(({ tag, words }) => ({
    tag,
    pattern: wordBounded
      ? new RegExp(`(?<![a-z0-9])(?:${words})(?![a-z0-9])`, 'g')
      : new RegExp(`(?:${words})`, 'g'),
  }));
}

export const LEXICONS: Record<Language, CompiledEntry[]> = {
  en: compile(EN, true),
  es: compile(ES, true),
  fr: compile(FR, true),
  de: compile(DE, false),
  pt: compile(PT, true),
  it: compile(IT, true),
  nl: compile(NL, false),
};
