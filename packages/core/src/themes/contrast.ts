// WCAG 2.2 contrast: relative luminance of an sRGB colour and the ratio of two of them
// (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), and the nearest colour that reaches a ratio.

/** A colour as the themes store it: `#rrggbb`, lower or upper case. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

type Rgb = [number, number, number];

function channels(hex: string): Rgb {
  const value = /^#[0-9a-fA-F]{3}$/.test(hex)
    ? hex
        .slice(1)
        .split('')
        .map((c) => c + c)
        .join('')
    : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The relative luminance of `#rgb` or `#rrggbb`, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    // WCAG 2.2 uses 0.04045 (the sRGB standard's value; 2.0's 0.03928 changes no 8-bit colour).
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, the same whichever is the foreground. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The ratio as people read it: rounded down to two decimals, so a pair shown as 4.50:1 really
 * passes 4.5 (4.4999 would round up to a passing-looking 4.50).
 */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** `a` mixed with `b`: weight 1 is all `a`, 0 all `b`. */
export function mixColours(a: string, b: string, weight: number): string {
  const [x, y] = [channels(a), channels(b)];
  return toHex(x.map((c, i) => c * weight + (y[i] ?? 0) * (1 - weight)) as Rgb);
}

/**
 * The colour closest to `colour` that reaches `minimum` against `against`: moved step by step
 * towards black or white, whichever side can reach it (the one away from `against`'s luminance
 * first), keeping its hue as far as the mix allows. The colour itself when it already passes.
 */
export function nearestPassingColour(colour: string, against: string, minimum: number): string {
  const normal = toHex(channels(colour));
  if (contrastRatio(normal, against) >= minimum) return normal;
  const darkerFirst =
    relativeLuminance(against) > relativeLuminance(normal) ? true : relativeLuminance(against) > 0.18;
  const ends = darkerFirst ? ['#000000', '#ffffff'] : ['#ffffff', '#000000'];
  for (const end of ends) {
    // 1/256 steps: the smallest change of an 8-bit channel, so the first that passes is the nearest.
    for (let step = 1; step <= 256; step++) {
      const candidate = mixColours(end, normal, step / 256);
      if (contrastRatio(candidate, against) >= minimum) return candidate;
    }
  }
  return contrastRatio('#000000', against) >= contrastRatio('#ffffff', against) ? '#000000' : '#ffffff';
}

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111111', background) ? '#ffffff' : '#111111';
}
