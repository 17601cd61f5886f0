import { asLabel, quoteOf, type Text, typedText } from './text.ts';
import { words } from './words.ts';

/** The standard size run, smallest first: 'XS to XL' is every size between. */
const SIZES = words('XXS|XS|S|M|L|XL|XXL|XXXL');
const SIZE_ALIASES: Record<string, string> = {
  '2XL': 'XXL',
  '3XL': 'XXXL',
  '2XS': 'XXS',
};
const SIZE_WORDS = ['Extra small', 'Small', 'Medium', 'Large', 'Extra large'];

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
  'a hundred': 100,
  'one hundred': 100,
  thousand: 1000,
  'a thousand': 1000,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  dix: 10,
  cent: 100,
  eins: 1,
  ein: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  zehn: 10,
  hundert: 100,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  diez: 10,
  cien: 100,
  due: 2,
  tre: 3,
  quattro: 4,
  dieci: 10,
  cento: 100,
  um: 1,
  dois: 2,
  quatro: 4,
  dez: 10,
  cem: 100,
};

/** A number written in digits ('1,000', '2.5', '-3') or as a small word ('ten'). */
export function readNumber(word: string): number | undefined {
  const w = word.trim();
  if (/^-?\d{1,3}(?:,\d{3})+$/.test(w)) return Number(w.replace(/,/g, ''));
  if (/^-?\d+(?:[.,]\d+)?$/.test(w)) return Number(w.replace(',', '.'));
  return NUMBER_WORDS[w];
}

// Never a digit of a quoted passage's token (the 0 of ⟦0⟧): that is a label, not a number; and
// never the comma or full stop after it ('at least 1, at most 50').
export const NUMBER = String.raw`((?<![⟦\d])-?\d+(?:[.,]\d+)*|zero|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|a hundred|one hundred|thousand)`;

/** 'XS to XL', '1 to 5', 'S-XXL': a run of sizes or whole numbers, as option labels. */
export function readRun(folded: string): string[] | undefined {
  const m = /^(\S+)\s*(?:to|-|–|through|thru|until|a|bis|hasta|al|fino a|ate|au)\s*(\S+)$/.exec(
    folded.trim(),
  );
  if (!m) return undefined;
  const [from, to] = [m[1] as string, m[2] as string];
  const size = (s: string) => {
    const upper = s.toUpperCase();
    return SIZES.indexOf(SIZE_ALIASES[upper] ?? upper);
  };
  const [a, b] = [size(from), size(to)];
  if (a >= 0 && b > a) return SIZES.slice(a, b + 1);
  const words = SIZE_WORDS.map((w) => w.toLowerCase());
  const [c, d] = [words.indexOf(from.replace(/-/g, ' ')), words.indexOf(to.replace(/-/g, ' '))];
  if (c >= 0 && d > c) return SIZE_WORDS.slice(c, d + 1);
  const [x, y] = [readNumber(from), readNumber(to)];
  if (
    x !== undefined &&
    y !== undefined &&
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    y > x &&
    y - x <= 20
  )
    return Array.from({ length: y - x + 1 }, (_, i) => String(x + i));
  return undefined;
}

const LIST_SEPARATOR =
  /\s*(?:,|;|\/|\||\s+(?:and|or|&|et|ou|und|oder|y|e|o|ed|plus)\s+|,\s*(?:and|or|et|ou|und|oder|y|e|o|ou)\s+)\s*/;

/**
 * Option labels from a list as typed: "'Yes', 'No'", 'A, B and C', 'A/B/C', 'XS to XL', '1 to 5'.
 * Undefined when the text is not a list.
 */
export function readOptions(text: Text): string[] | undefined {
  const folded = text.folded.replace(/^(?:the\s+)?(?:options?|choices?|answers?|values?)\s*:?\s*/, '').trim();
  const run = readRun(folded);
  if (run) return run;
  const parts: { start: number; end: number }[] = [];
  let at = text.folded.length - folded.length;
  const re = new RegExp(LIST_SEPARATOR.source, 'g');
  for (const m of folded.matchAll(re)) {
    parts.push({
      start: at,
      end: text.folded.length - folded.length + m.index,
    });
    at = text.folded.length - folded.length + m.index + m[0].length;
  }
  parts.push({ start: at, end: text.folded.length });
  const labels = parts
    .map(({ start, end }) => {
      const part = text.folded.slice(start, end).trim();
      const quoted = quoteOf(text, part);
      return quoted !== undefined ? quoted : asLabel(typedText(text, start, end));
    })
    .filter((label) => label !== '');
  if (labels.length < 1) return undefined;
  return labels.filter((label, i) => labels.findIndex((l) => l.toLowerCase() === label.toLowerCase()) === i);
}

/** Bounds read from 'between 18 and 99', 'at most 300', 'from 1 to 5', 'min 2', 'up to 10'. */
export type Bounds = { min?: number; max?: number };

const AT_MOST = `(?:at most|no more than|not more than|up to|max(?:imum)?|maximal|maximally|a maximum of|limit(?:ed)? to|cap(?:ped)? at|under|below|less than|fewer than|shorter than|lower than|au plus|au maximum|maximum de|pas plus de|moins de|jusqu'a|hochstens|maximal|nicht mehr als|weniger als|bis zu|como maximo|maximo|no mas de|menos de|hasta|al massimo|massimo|non piu di|meno di|fino a|no maximo|nao mais de|ate)`;
const AT_LEAST = `(?:at least|no less than|no fewer than|not less than|min(?:imum)?|a minimum of|more than|over|above|greater than|longer than|higher than|au moins|minimum de|plus de|mindestens|minimal|mehr als|uber|al menos|como minimo|minimo|mas de|almeno|minimo di|piu di|pelo menos|no minimo|mais de)`;
const STRICT =
  /\b(?:under|below|less than|fewer than|shorter than|lower than|moins de|weniger als|menos de|meno di|more than|over|above|greater than|longer than|higher than|plus de|mehr als|uber|mas de|piu di|mais de)\b/;

/** The bounds a text states, or undefined when it states none. */
export function readBounds(folded: string): Bounds | undefined {
  const between = new RegExp(
    String.raw`(?:between|from|entre|zwischen|von|tra|fra|de|da)\s+${NUMBER}\s*(?:and|to|-|–|et|a|und|bis|y|e)\s+${NUMBER}`,
  ).exec(folded);
  if (between) {
    const [min, max] = [readNumber(between[1] as string), readNumber(between[2] as string)];
    if (min !== undefined && max !== undefined) return { min: Math.min(min, max), max: Math.max(min, max) };
  }
  // '18-24, 25-34 and 35-44' is a list of options, not a range: one run is a range, several are not.
  const runs = [
    ...folded.matchAll(new RegExp(String.raw`(?<![\w.])${NUMBER}\s*(?:-|–|to)\s*${NUMBER}(?![\w.])`, 'g')),
  ];
  const dash = runs.length === 1 ? runs[0] : undefined;
  const bounds: Bounds = {};
  const most = new RegExp(String.raw`${AT_MOST}\s+(?:of\s+)?${NUMBER}`).exec(folded);
  const least = new RegExp(String.raw`${AT_LEAST}\s+(?:of\s+)?${NUMBER}`).exec(folded);
  const adjust = (phrase: string, n: number, by: number) =>
    STRICT.test(phrase) && Number.isInteger(n) ? n + by : n;
  if (most) {
    const n = readNumber(most[1] as string);
    if (n !== undefined) bounds.max = adjust(most[0], n, -1);
  }
  if (least) {
    const n = readNumber(least[1] as string);
    if (n !== undefined) bounds.min = adjust(least[0], n, 1);
  }
  if (bounds.min === undefined && bounds.max === undefined && dash) {
    const [min, max] = [readNumber(dash[1] as string), readNumber(dash[2] as string)];
    if (min !== undefined && max !== undefined && min < max) return { min, max };
  }
  return bounds.min === undefined && bounds.max === undefined ? undefined : bounds;
}
