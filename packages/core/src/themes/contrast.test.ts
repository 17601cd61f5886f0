import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, nearestPassingColour, relativeLuminance } from './contrast.ts';

describe('contrast ratio', () => {
  it('matches the published WCAG examples', () => {
    // #777 on white is the usual example of a grey that just misses AA (4.48:1).
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 is the lightest grey that passes 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    // #949494 is the lightest grey that reaches 3:1 on white.
    expect(contrastRatio('#949494', '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio('#959595', '#ffffff')).toBeLessThan(3);
  });

  it('is the same whichever colour is the foreground, and reads #rgb', () => {
    expect(contrastRatio('#0055aa', '#f0f0f0')).toBe(contrastRatio('#f0f0f0', '#0055aa'));
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000')).toBe(0);
  });

  it('shows a ratio rounded down, so a failing pair never looks like it passes', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.47:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('nearestPassingColour', () => {
  it('keeps a colour that already passes', () => {
    expect(nearestPassingColour('#000000', '#ffffff', 4.5)).toBe('#000000');
  });

  it('darkens a light foreground on a light background just enough', () => {
    const fixed = nearestPassingColour('#777777', '#ffffff', 4.5);
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(fixed).toBe('#767676');
  });

  it('lightens a dark foreground on a dark background', () => {
    const fixed = nearestPassingColour('#4f46e5', '#0f172a', 4.5);
    expect(contrastRatio(fixed, '#0f172a')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(fixed, '#ffffff')).toBeLessThan(contrastRatio('#4f46e5', '#ffffff'));
  });

  it('goes the other way when one side cannot reach the ratio', () => {
    // On mid grey, no darker colour reaches 7:1 — but white does not either; the best is returned.
    const against = '#777777';
    const fixed = nearestPassingColour('#707070', against, 4.5);
    expect(contrastRatio(fixed, against)).toBeGreaterThanOrEqual(4.5);
  });
});
