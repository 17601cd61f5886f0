import { describe, expect, it } from 'vitest';
import { builtinOfRef, formPageSettings, savedThemeId } from './api.ts';
import { BUILTIN_THEMES, builtinTheme } from './builtin.ts';
import { contrastRatio } from './contrast.ts';
import {
  colourPairs,
  darkColours,
  deriveDarkColours,
  derivedColours,
  type Theme,
  themeProblems,
  themeSchema,
} from './theme.ts';

const ocean = builtinTheme('ocean')!.theme;

describe('built-in themes', () => {
  it('has at least twelve, each with its own id and name', () => {
    expect(BUILTIN_THEMES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(BUILTIN_THEMES.map((t) => t.id)).size).toBe(BUILTIN_THEMES.length);
    expect(new Set(BUILTIN_THEMES.map((t) => t.name)).size).toBe(BUILTIN_THEMES.length);
  });

  it.each(BUILTIN_THEMES.map((t) => [t.id, t.theme] as const))(
    '%s is a valid theme whose every pair passes, light and dark',
    (_id, theme) => {
      expect(themeSchema.safeParse(theme).success).toBe(true);
      expect(themeProblems(theme).map((p) => p.message)).toEqual([]);
    },
  );

  it('are genuinely different: no two share their accent and background', () => {
    const looks = BUILTIN_THEMES.map((t) => `${t.theme.colours.accent}/${t.theme.colours.background}`);
    expect(new Set(looks).size).toBe(looks.length);
    expect(new Set(BUILTIN_THEMES.map((t) => t.theme.font)).size).toBeGreaterThanOrEqual(6);
  });

  it('derive muted text, borders and links that still pass on the card', () => {
    for (const { theme } of BUILTIN_THEMES) {
      for (const colours of [theme.colours, darkColours(theme)]) {
        const derived = derivedColours(colours);
        expect(contrastRatio(derived.muted, colours.card)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(derived.border, colours.card)).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(derived.link, colours.card)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('themeProblems', () => {
  it('names each failing pair with its ratio and the threshold', () => {
    const theme: Theme = { ...ocean, colours: { ...ocean.colours, text: '#777777', card: '#ffffff' } };
    const messages = themeProblems(theme).map((p) => p.message);
    expect(messages).toContain('text on card is 4.47:1, needs 4.5:1');
  });

  it('checks the button label on the accent for filled buttons, and the accent on the card for outline ones', () => {
    const yellow = { ...ocean.colours, accent: '#facc15', onAccent: '#ffffff' };
    const filled = themeProblems({ ...ocean, colours: yellow, dark: ocean.colours }).map((p) => p.pair.name);
    expect(filled).toContain('button label on accent');
    const outline = themeProblems({
      ...ocean,
      buttonStyle: 'outline',
      colours: yellow,
      dark: ocean.colours,
    }).map((p) => p.pair.name);
    expect(outline).toContain('button label (accent) on card');
    expect(outline).not.toContain('button label on accent');
  });

  it('offers a suggestion that passes the pair', () => {
    const theme: Theme = { ...ocean, colours: { ...ocean.colours, accent: '#7dd3fc' } };
    const [problem] = themeProblems(theme).filter((p) => p.mode === 'light');
    expect(problem).toBeDefined();
    const colours = { ...theme.colours, [problem!.pair.foreground]: problem!.suggestion };
    expect(
      contrastRatio(colours[problem!.pair.foreground], colours[problem!.pair.background]),
    ).toBeGreaterThanOrEqual(problem!.pair.minimum);
  });

  it('checks the dark colours a theme names', () => {
    const theme: Theme = { ...ocean, dark: { ...ocean.colours, card: '#0b0b0b', text: '#222222' } };
    expect(themeProblems(theme).some((p) => p.mode === 'dark' && p.pair.name === 'text on card')).toBe(true);
  });
});

describe('derived dark colours', () => {
  it('pass every pair for every built-in’s light colours, either button style', () => {
    for (const { theme } of BUILTIN_THEMES) {
      for (const style of ['filled', 'outline'] as const) {
        const dark = deriveDarkColours(theme.colours, style);
        for (const pair of colourPairs(style))
          expect(contrastRatio(dark[pair.foreground], dark[pair.background])).toBeGreaterThanOrEqual(
            pair.minimum,
          );
      }
    }
  });
});

describe('form page settings', () => {
  it('reads what a form stored, and treats an older form as having chosen nothing', () => {
    expect(formPageSettings({ theme: 'ocean', primaryColor: '#0055aa' })).toEqual({
      themeRef: null,
      customTheme: null,
      showPoweredBy: true,
      footerText: null,
      privacyUrl: null,
      socialTitle: null,
      socialDescription: null,
      socialImage: null,
      faviconUrl: null,
    });
    expect(
      formPageSettings({
        themeRef: 'saved:12',
        showPoweredBy: false,
        footerText: '  Acme Ltd  ',
        privacyUrl: 'https://acme.test/privacy',
        socialTitle: '  Join us  ',
        socialImage: 'https://acme.test/card.png',
        faviconUrl: 'ftp://acme.test/icon.png',
      }),
    ).toEqual({
      themeRef: 'saved:12',
      customTheme: null,
      showPoweredBy: false,
      footerText: 'Acme Ltd',
      privacyUrl: 'https://acme.test/privacy',
      socialTitle: 'Join us',
      socialDescription: null,
      socialImage: 'https://acme.test/card.png',
      faviconUrl: null,
    });
  });

  it('takes a tab icon and a preview image uploaded to this instance, by their path', () => {
    const icon = `/api/form-submissions/forms/7/pictures/${'a'.repeat(40)}`;
    const card = `/api/form-submissions/forms/7/pictures/${'b'.repeat(40)}`;
    expect(formPageSettings({ faviconUrl: icon, socialImage: card })).toMatchObject({
      faviconUrl: icon,
      socialImage: card,
    });
    // Another path of the site is neither.
    expect(formPageSettings({ faviconUrl: '/favicon.svg', socialImage: '/api/me' })).toMatchObject({
      faviconUrl: null,
      socialImage: null,
    });
  });

  it('ignores a privacy link that is not http(s)', () => {
    expect(formPageSettings({ privacyUrl: 'javascript:alert(1)' }).privacyUrl).toBeNull();
  });

  it('reads theme references', () => {
    expect(savedThemeId('saved:7')).toBe(7);
    expect(savedThemeId('builtin:ocean')).toBeNull();
    expect(builtinOfRef('builtin:ocean')).toEqual(ocean);
    expect(builtinOfRef('builtin:nope')).toBeNull();
  });
});
