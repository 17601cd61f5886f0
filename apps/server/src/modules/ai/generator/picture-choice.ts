// 'Pick your favourite design from pictures', 'a picture choice of the three logos', 'choose a
// photo': a picture choice. The generator has no pictures: it writes the options (those listed,
// or one per thing counted), and the owner uploads each option's picture in the editor, which
// then asks for its alt text (publishing refuses a picture without one). An option without a
// picture is valid and shows its label, so the generated field can be saved as it is.
import { LIMITS } from '@formsmith/core/limits';
import { UPLOAD_CUE } from './cue-words.ts';
import { capitalize, collapseSpaces } from './text-utils.ts';

const PICTURES = String.raw`(?:pictures?|photos?|images?|fotos?|bilder[n]?|bild|im[aá]genes|imagen|immagini|immagine|imagens|imagem|afbeeldingen|afbeelding)`;
const PICK = String.raw`(?:choose|pick|select|vote for|elige|elegir|escoge|choisi\w*|w[aä]hl\w*|ausw[aä]hl\w*|scegli\w*|escolh\w*|kies\w*)`;

/** Folded cues of a choice among pictures, in the generator's languages. */
const PICTURE_CHOICE_CUE = new RegExp(
  [
    String.raw`\b(?:picture|photo|image) (?:choice|picker|selection|poll|vote)\b`,
    String.raw`\bchoice of (?:pictures|photos|images)\b`,
    // 'from pictures', 'from the photos', 'among these images', 'parmi les photos', 'aus Bildern'
    String.raw`\b(?:from|among|between|parmi|entre|aus|tra|fra|uit) (?:the |these |some |les |ces |des |den |las |estas |le |queste |as |de |deze )?${PICTURES}\b`,
    // 'choose a photo', 'pick an image', 'choisissez une photo', 'wählen Sie ein Bild'
    String.raw`\b${PICK} (?:(?:sie|a|an|the|one|your|their|votre|une|un|la|le|ein|eine|einen|una|uma|een|je) ){0,2}(?:favou?rite |preferred )?${PICTURES}\b`,
    String.raw`\b${PICTURES} (?:auswahl\w*|wahlen|kiezen)\b`,
    String.raw`\b(?:bildauswahl|fotoauswahl|choix (?:d'|de |en )(?:images?|photos?)|eleccion de (?:imagen|foto)\w*|scelta (?:di |per )?immagin\w*)\b`,
  ].join('|'),
);

/** Whether the item asks the respondent to pick among pictures (not to send one). */
export function asksPictureChoice(cue: string): boolean {
  return PICTURE_CHOICE_CUE.test(cue) && !UPLOAD_CUE.test(cue);
}

// The words that said 'pictures', taken off the label: the field's type shows them.
const PICTURE_WORDS = new RegExp(
  [
    String.raw`\b(?:a |an |the )?(?:picture|photo|image) (?:choice|picker|selection|poll|vote)(?: (?:of|between|among|for))?\s*`,
    String.raw`\s*\b(?:from|among|between|parmi|entre|aus|tra|fra|uit) (?:the |these |some |les |ces |des |den |las |estas |le |queste |as |de |deze )?${PICTURES}\b`,
    String.raw`\b(?:let|have|ask) (?:people|them|respondents|users|guests|voters|visitors|members) `,
    // 'choose a photo among the finalists': the finalists are what is asked about.
    String.raw`^\s*${PICK} (?:(?:sie|a|an|the|one|your|their|votre|une|un|la|le|ein|eine|einen|una|uma|een|je) ){0,2}${PICTURES} (?:(?:from|among|of|parmi|entre|aus|unter|tra|fra|uit|de|des|du) )?(?=\S)`,
    String.raw`\b(?:bildauswahl|fotoauswahl|choix (?:d'|de |en )(?:images?|photos?))(?: (?:der|des|de|du))?\s*`,
  ].join('|'),
  'gi',
);

/** The label's words without those that said the options are pictures. */
export function withoutPictureWords(label: string): string {
  const stripped = collapseSpaces(label.replace(PICTURE_WORDS, ' '));
  return stripped || label;
}

const COUNTS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  twee: 2,
  drie: 3,
};
const COUNTED = new RegExp(String.raw`\b(\d+|${Object.keys(COUNTS).join('|')}) ((?:\p{L}|')+)`, 'u');

/**
 * 'the three logos' names how many things are pictured but not what each is: one option per
 * thing ('Logo 1', 'Logo 2', 'Logo 3'), which the owner renames when uploading the pictures.
 */
export function countedOptions(label: string, folded: string): { options: string[]; label: string } | null {
  const m = COUNTED.exec(folded);
  if (!m?.[1] || !m[2]) return null;
  const count = COUNTS[m[1]] ?? Number(m[1]);
  if (!Number.isInteger(count) || count < 2 || count > LIMITS.maxOptions) return null;
  // The noun as typed (folded text keeps the typed length for these letters), in the singular.
  const at = m.index + m[1].length + 1;
  const typed = label.length === folded.length ? label.slice(at, at + m[2].length) : m[2];
  const one = typed.replace(/(?<=[^s])s$/i, '');
  const counted = new RegExp(String.raw`\b(?:the |die |les |los |las |le |i |gli |de )?${m[1]}\s+`, 'i');
  return {
    options: Array.from({ length: count }, (_, i) => `${capitalize(one)} ${i + 1}`),
    label: collapseSpaces(label.replace(counted, ' ')),
  };
}
