import type { FieldType } from '../forms/field.ts';
import { anyOf, words } from './words.ts';

/**
 * The names people give field types, folded, in the six languages. The order matters where one
 * name contains another: 'long text' is read before 'text'.
 */
export const TYPE_WORDS: [FieldType, string[]][] = [
  [
    'select',
    words(
      'dropdown|drop-down|drop down|dropdown list|dropdown menu|drop-down list|drop-down menu|select',
      'select box|select list|picklist|pick list|pull-down|pulldown|menu|combo box|liste deroulante',
      'menu deroulant|deroulant|auswahlliste|auswahlmenu|aufklappmenu|dropdown-menu|dropdown-liste',
      'lista desplegable|desplegable|menu desplegable|menu a tendina|tendina|elenco a discesa',
      'lista suspensa|menu suspenso|suspenso|lista de selecao|lista',
    ),
  ],
  [
    'checkbox',
    words(
      'checkboxes|check boxes|check-boxes|checkbox|check box|tick boxes|tickboxes|tick box|multi-select',
      'multiselect|multiple select|multiple answers|several answers|multiple selection|cases a cocher',
      'case a cocher|kontrollkastchen|checkboxen|mehrfachauswahl|ankreuzfelder|casillas',
      'casillas de verificacion|casilla de verificacion|seleccion multiple|caselle di controllo|caselle',
      'casella di controllo|scelta multipla con piu risposte|caixas de selecao|caixas de verificacao',
      'caixa de selecao|selecao multipla|multipla selecao',
    ),
  ],
  [
    'radio',
    words(
      'radio|radio buttons|radio button|radios|single choice|single select|single-choice',
      'multiple choice|multiple-choice|choose one|pick one|one choice|choice|boutons radio|bouton radio',
      'choix unique|choix multiple|optionsfelder|radiobuttons|einfachauswahl|auswahlknopfe',
      'botones de opcion|opcion unica|opcion multiple|radio botones|pulsanti di opzione|scelta singola',
      'scelta multipla|pulsanti radio|botoes de opcao|escolha unica|multipla escolha|botoes de radio',
    ),
  ],
  [
    'textarea',
    words(
      'paragraph|long answer|long text|long-text|text area|textarea|multi-line|multiline|multi line',
      'big text box|large text box|comment box|free text|paragraphe|texte long|zone de texte',
      'reponse longue|textbereich|mehrzeilig|mehrzeiliges textfeld|absatz|langer text|parrafo',
      'texto largo|area de texto|respuesta larga|paragrafo|testo lungo|area di testo|risposta lunga',
      'texto longo|resposta longa',
    ),
  ],
  [
    'text',
    words(
      'short answer|short text|text field|text box|textbox|single line|one line|one-line|text input',
      'plain text|text|texte court|reponse courte|champ texte|champ de texte|texte|kurzer text|textfeld',
      'einzeilig|kurze antwort|texto corto|respuesta corta|campo de texto|texto|testo breve',
      'risposta breve|campo di testo|testo|texto curto|resposta curta',
    ),
  ],
  ['nps', ['nps', 'net promoter score', 'net promoter', 'promoter score']],
  [
    'rating',
    words(
      'star rating|stars rating|stars|star|rating with stars|etoiles|notation par etoiles|sterne',
      'sternebewertung|estrellas|valoracion con estrellas|stelle|valutazione a stelle|estrelas',
    ),
  ],
  [
    'ranking',
    words('ranking|rank order|ranked list|classement|rangfolge|ranking-liste|clasificacion|ordenamento'),
  ],
  [
    'range',
    words(
      'rating|rating scale|scale|slider|score|linear scale|opinion scale|echelle',
      'curseur|notation|bewertung|skala|schieberegler|valoracion|escala|deslizador|puntuacion',
      'valutazione|scala|cursore|avaliacao|controle deslizante|classificacao',
    ),
  ],
  [
    'yes_no',
    words(
      'yes/no|yes or no|yes-no|yes no|oui/non|oui ou non|ja/nein|ja oder nein|si/no|si o no|sim/nao',
      'sim ou nao',
    ),
  ],
  [
    'number',
    words(
      'number|numeric|number field|numerical|integer|numerique|zahl|zahlenfeld|numerisch|numero',
      'numerico|numerica|campo numerico',
    ),
  ],
  [
    'date_range',
    words(
      'date range|range of dates|dates range|date span|start and end date',
      'start and end dates|check-in and check-out|travel dates|dates of stay|stay dates',
      'plage de dates|periode|zeitraum|datumsbereich|rango de fechas|intervallo di date',
      'intervalo de datas|periodo',
    ),
  ],
  ['date', words('date|date picker|datepicker|calendar|datum|fecha|data|calendrier|kalender|calendario')],
  ['time', words('time|time picker|heure|uhrzeit|hora|orario|horario')],
  [
    'email',
    words(
      'email|e-mail|email address|e-mail address|courriel|adresse e-mail|correo|correo electronico',
      'posta elettronica',
    ),
  ],
  [
    'address',
    words(
      'address|postal address|mailing address|shipping address|street address|home address',
      'delivery address|billing address|adresse|adresse postale|postanschrift|anschrift|lieferadresse',
      'direccion|direccion postal|indirizzo|indirizzo postale|endereco|endereco postal',
    ),
  ],
  [
    'phone',
    words('phone|phone number|telephone|telephone number|tel|telefon|telefonnummer|telefono|telefone'),
  ],
  ['url', words('url|link|website|web address|site web|webseite|sitio web|sito web|site')],
  [
    'file',
    words(
      'file upload|upload|file|attachment|file field|upload field|fichier|piece jointe|televersement',
      'datei|dateiupload|datei-upload|anhang|archivo|adjunto|subida de archivo|allegato|caricamento',
      'caricamento file|arquivo|anexo|envio de arquivo',
    ),
  ],
  [
    'signature',
    words(
      'signature|signature field|signature pad|e-signature|esignature|sign here|unterschrift|firma',
      'assinatura|handtekening|podpis',
    ),
  ],
  ['statement', words('statement|heading|text block|title block|titre|uberschrift|encabezado|titolo|titulo')],
  ['hidden', words('hidden field|hidden value|champ cache|verstecktes feld|campo oculto|campo nascosto')],
  ['password', ['password', 'mot de passe', 'passwort', 'contrasena', 'senha']],
  ['color', words('color|colour|color picker|colour picker|couleur|farbe|colore|cor')],
];

/** The type a phrase names when the whole phrase is a type name ('a dropdown', 'radio buttons'). */
export function typeNamed(phrase: string): FieldType | undefined {
  const words = phrase
    .replace(/^(?:an?|the|un|une|le|la|ein|eine|einen|einem|einer|zu|zum|una|uno|um|uma|o|el|il)\s+/, '')
    .replace(/\s+(?:field|question|type|feld|frage|champ|campo|domanda|pergunta|pregunta|format)$/, '')
    .trim();
  for (const [type, names] of TYPE_WORDS) if (names.includes(words)) return type;
  return undefined;
}

/** A regular expression source matching any type name. */
export const ANY_TYPE = anyOf(TYPE_WORDS.flatMap(([, names]) => names));

/** The first type named anywhere in the text, with where it was found. */
export function findType(text: string): { type: FieldType; index: number; length: number } | undefined {
  let best: { type: FieldType; index: number; length: number } | undefined;
  for (const [type, names] of TYPE_WORDS) {
    const m = new RegExp(anyOf(names)).exec(text);
    if (m && (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length)))
      best = { type, index: m.index, length: m[0].length };
  }
  return best;
}
