// Numeric bounds written in a description: 'between 18 and 99', 'rate 1 to 10', '0.0–4.0', 'del 1 al 5'.

export type NumericRange = { min?: number; max?: number; step?: number };

const NUM = '(-?\\d+(?:[.,]\\d+)?)';
const SEPARATOR = '\\s*(?:[-–—]|\\s(?:to|and|through|a|al|à|bis|y|et|und)\\s)\\s*';
const RANGE = new RegExp(`${NUM}${SEPARATOR}${NUM}`);
// The words around a range that should not stay in the label: 'on a 0–10 slider', 'from 1 to 5'.
const RANGE_PHRASE = new RegExp(
  `(?:\\s+(?:on|a|an|the|scale|from|between|of|del|de|entre|von|zwischen|sur|une|échelle|echelle|en|una|escala|auf|einer|skala))*\\s*${NUM}${SEPARATOR}${NUM}(?:\\s+(?:slider|scale|stars?|points?|sterne|étoiles|estrellas))?`,
  'i',
);
const AT_LEAST = /\b(?:at least|minimum(?: of)?|min\.?)\s+(\d+)/i;
const UP_TO = /\b(?:up to|at most|maximum(?: of)?|max\.?|no more than)\s+(\d+)/i;

function toNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

function decimals(text: string): number {
  const m = /[.,](\d+)$/.exec(text);
  return m?.[1] ? m[1].length : 0;
}

/** The first numeric range in the text, with a step when the bounds have decimals. */
export function findRange(text: string): NumericRange | null {
  const m = RANGE.exec(text);
  if (m?.[1] && m[2]) {
    const a = toNumber(m[1]);
    const b = toNumber(m[2]);
    const places = Math.max(decimals(m[1]), decimals(m[2]));
    const range: NumericRange = { min: Math.min(a, b), max: Math.max(a, b) };
    if (places > 0) range.step = 10 ** -places;
    return range;
  }
  const least = AT_LEAST.exec(text);
  const most = UP_TO.exec(text);
  if (!least && !most) return null;
  return { min: least?.[1] ? Number(least[1]) : undefined, max: most?.[1] ? Number(most[1]) : undefined };
}

/** The text without its range phrase, so 'Pain level on a 0–10 slider' reads 'Pain level'. */
export function removeRange(text: string): string {
  return text.replace(RANGE_PHRASE, '').trim();
}
