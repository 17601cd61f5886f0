import { describe, expect, it } from 'vitest';
import { pictureUrl } from '../fields/picture-choice.ts';
import { builtinTheme } from './builtin.ts';
import { hasBackdrop, themeAttributes, themeCss } from './css.ts';
import { type Theme, themeProblems, themeSchema } from './theme.ts';

const ocean = builtinTheme('ocean')!.theme;
const image = pictureUrl('12', 'a'.repeat(40));
const withBackground = (background: unknown, extra: Partial<Theme> = {}) => ({
  ...ocean,
  ...extra,
  background,
});

describe('a theme background picture', () => {
  it('takes a picture this instance serves, a focal point and a dimming', () => {
    const parsed = themeSchema.safeParse(withBackground({ image, focusX: 30, focusY: 70, dim: 40 }));
    expect(parsed.success).toBe(true);
  });

  it.each([
    ['another host', 'https://cdn.example.com/a.webp'],
    ['a path that breaks out of url()', `${image}")};body{color:red`],
    ['a relative path elsewhere', '/api/forms/12/export'],
  ])('refuses %s', (_name, address) => {
    const parsed = themeSchema.safeParse(withBackground({ image: address, focusX: 50, focusY: 50, dim: 0 }));
    expect(parsed.success).toBe(false);
  });

  it.each([
    ['a focal point past the edge', { focusX: 101, focusY: 50, dim: 0 }],
    ['a negative focal point', { focusX: 50, focusY: -1, dim: 0 }],
    ['a dimming that hides the picture', { focusX: 50, focusY: 50, dim: 95 }],
    ['a fractional dimming', { focusX: 50, focusY: 50, dim: 12.5 }],
  ])('refuses %s', (_name, rest) => {
    expect(themeSchema.safeParse(withBackground({ image, ...rest })).success).toBe(false);
  });

  it('draws the picture’s focal point and dimming as the page properties', () => {
    const css = themeCss(withBackground({ image, focusX: 30, focusY: 70, dim: 40 }) as Theme, '.fs-theme');
    expect(css).toContain('--fs-focus:30% 70%');
    expect(css).toContain('--fs-dim:0.4');
    expect(themeCss(ocean, '.fs-theme')).not.toContain('--fs-focus');
  });

  it('leaves the contrast pairs as they are: the card keeps its own colour over the picture', () => {
    const theme = withBackground({ image, focusX: 50, focusY: 50, dim: 0 }) as Theme;
    expect(themeProblems(theme)).toEqual(themeProblems(ocean));
  });

  it('marks the page for a picture panel with a picture or in the split layout', () => {
    expect(hasBackdrop(ocean)).toBe(false);
    expect(hasBackdrop({ ...ocean, layout: 'split' })).toBe(true);
    const pictured = withBackground({ image, focusX: 50, focusY: 50, dim: 20 }) as Theme;
    expect(hasBackdrop(pictured)).toBe(true);
    expect(themeAttributes(pictured)['data-fs-image']).toBe('');
    expect(themeAttributes(ocean)).not.toHaveProperty('data-fs-image');
  });
});

describe('logo placement and layouts', () => {
  it('takes left, centre or hidden, and a split layout', () => {
    for (const logoPlacement of ['left', 'centre', 'hidden'])
      expect(themeSchema.safeParse({ ...ocean, logoPlacement }).success).toBe(true);
    expect(themeSchema.safeParse({ ...ocean, logoPlacement: 'floating' }).success).toBe(false);
    expect(themeSchema.safeParse({ ...ocean, layout: 'split' }).success).toBe(true);
  });

  it('keeps a theme stored before these settings valid as it was', () => {
    const parsed = themeSchema.safeParse(ocean);
    expect(parsed.success && parsed.data).toEqual(ocean);
    expect(parsed.success && 'background' in parsed.data).toBe(false);
  });
});
