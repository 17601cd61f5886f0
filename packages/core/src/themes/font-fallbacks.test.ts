import { describe, expect, it } from 'vitest';
import { builtinOfRef } from './api.ts';
import { fontStack, themeCss } from './css.ts';
import { fallbackFontFace } from './font-fallbacks.ts';

describe('metric-matched fallbacks of the bundled fonts', () => {
  it('computes Inter’s overrides as other projects publish them for Arial (next/font: 90.44 %, 22.52 %, 0 %, 107.12 %)', () => {
    const face = fallbackFontFace('inter');
    const percent = (property: string) => Number(new RegExp(`${property}:([\\d.]+)%`).exec(face)?.[1]);
    expect(percent('ascent-override')).toBeCloseTo(90.44, 2);
    expect(percent('descent-override')).toBeCloseTo(22.52, 2);
    expect(percent('line-gap-override')).toBe(0);
    expect(percent('size-adjust')).toBeCloseTo(107.12, 2);
    expect(face).toContain('font-family:"Inter Variable Fallback"');
    expect(face).toContain('src:local("Arial"),local("Arimo"),local("Liberation Sans")');
  });

  it('draws serif and monospaced fonts’ fallbacks from local fonts of their kind', () => {
    expect(fallbackFontFace('source-serif')).toContain('local("Times New Roman")');
    expect(fallbackFontFace('jetbrains-mono')).toContain('local("Courier New")');
    expect(fallbackFontFace('system')).toBe('');
  });

  it('puts the fallback right after the bundled family, and its rule in the theme’s style sheet', () => {
    expect(fontStack('fira-sans')).toMatch(/^"Fira Sans", "Fira Sans Fallback", /);
    const forest = builtinOfRef('builtin:forest');
    if (!forest) throw new Error('no Forest theme');
    const css = themeCss({ ...forest, font: 'nunito' }, '.page');
    expect(css).toContain('@font-face{font-family:"Nunito Variable Fallback"');
    expect(css).toContain('--fs-font:"Nunito Variable", "Nunito Variable Fallback", ');
    expect(themeCss({ ...forest, font: 'system' }, '.page')).not.toContain('@font-face');
  });
});
