// A form's look: the shape owners edit and store, the colour pairs the public page draws and the
// contrast each must reach, and the dark variant of a theme that names none.
import * as z from 'zod/mini';
import { isPicturePath } from '../fields/picture-choice.ts';
import {
  contrastRatio,
  formatRatio,
  HEX_COLOUR,
  mixColours,
  nearestPassingColour,
  readableOn,
} from './contrast.ts';

const colour = z.string().check(z.regex(HEX_COLOUR, 'Use a colour like #1a2b3c.'));

/** The colours a theme sets; the page derives the rest (muted text, borders) from them. */
export const themeColoursSchema = z.object({
  /** Behind the card (the whole page in the full-width layout). */
  background: colour,
  card: colour,
  text: colour,
  /** Buttons, links, the progress bar, checked controls and the focus ring. */
  accent: colour,
  /** The label on a filled button. */
  onAccent: colour,
  /** Behind what a respondent types. */
  input: colour,
  error: colour,
});
export type ThemeColours = z.infer<typeof themeColoursSchema>;
export type ColourName = keyof ThemeColours;
export const COLOUR_NAMES = Object.keys(themeColoursSchema.shape) as ColourName[];

/** The bundled fonts (self-hosted by the instance), by id; `system` loads nothing. */
export const THEME_FONTS = {
  system: { label: 'System', family: null, kind: 'sans' },
  inter: { label: 'Inter', family: 'Inter Variable', kind: 'sans' },
  'fira-sans': { label: 'Fira Sans', family: 'Fira Sans', kind: 'humanist' },
  'source-serif': { label: 'Source Serif', family: 'Source Serif 4 Variable', kind: 'serif' },
  nunito: { label: 'Nunito', family: 'Nunito Variable', kind: 'rounded' },
  'jetbrains-mono': { label: 'JetBrains Mono', family: 'JetBrains Mono Variable', kind: 'mono' },
  atkinson: {
    label: 'Atkinson Hyperlegible',
    family: 'Atkinson Hyperlegible Next Variable',
    kind: 'legible',
  },
} as const;
export type ThemeFont = keyof typeof THEME_FONTS;
export const THEME_FONT_IDS = Object.keys(THEME_FONTS) as [ThemeFont, ...ThemeFont[]];

export const CUSTOM_CSS_MAX = 20_000;
export const CSS_HOSTS_MAX = 10;
/** A host name (no scheme, port or path): what custom CSS may name in an https url(). */
export const CSS_HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const BUTTON_STYLES = ['filled', 'outline'] as const;
export const FIELD_STYLES = ['outlined', 'filled', 'underlined'] as const;
export const SPACINGS = ['compact', 'comfortable'] as const;
export const LAYOUTS = ['card', 'full', 'split'] as const;
/** Where the form's logo sits on its pages; absent: at the start, above the title. */
export const LOGO_PLACEMENTS = ['left', 'centre', 'hidden'] as const;
export const BACKGROUND_DIM_MAX = 90;

const percent = (max: number) => z.number().check(z.int(), z.minimum(0), z.maximum(max));

/**
 * A picture behind the page, uploaded to this instance (a picture path: the page loads no other
 * host). The card keeps its own colour over it, so no text is ever drawn on the picture and the
 * contrast pairs stay what they are; the dimming lays the page background colour over it.
 */
export const themeBackgroundSchema = z.object({
  image: z.string().check(z.refine(isPicturePath, 'Upload the background picture to this instance.')),
  /** The point kept in view when the picture is cropped, in percent from the left and the top. */
  focusX: percent(100),
  focusY: percent(100),
  /** How much of the page background colour covers the picture, in percent. */
  dim: percent(BACKGROUND_DIM_MAX),
});
export type ThemeBackground = z.infer<typeof themeBackgroundSchema>;

export const themeSchema = z.object({
  colours: themeColoursSchema,
  /** The colours in dark mode; derived from the light ones when absent. */
  dark: z.optional(themeColoursSchema),
  font: z.enum(THEME_FONT_IDS),
  /** Corner radius of the card, buttons and inputs, in pixels. */
  radius: z.number().check(z.int(), z.minimum(0), z.maximum(24)),
  buttonStyle: z.enum(BUTTON_STYLES),
  fieldStyle: z.enum(FIELD_STYLES),
  spacing: z.enum(SPACINGS),
  layout: z.enum(LAYOUTS),
  /** A picture behind the card, or beside the form in the split layout. */
  background: z.optional(themeBackgroundSchema),
  logoPlacement: z.optional(z.enum(LOGO_PLACEMENTS)),
  /**
   * CSS of the owner's for what the editor does not cover, kept as typed. The server checks it on
   * save and draws it scoped to the form's page (see the server's custom-css module).
   */
  customCss: z.optional(
    z.string().check(z.maxLength(CUSTOM_CSS_MAX, `Keep custom CSS under ${CUSTOM_CSS_MAX / 1000} KB.`)),
  ),
  /** Host names custom CSS may load images from with url(); none by default. */
  cssHosts: z.optional(
    z
      .array(z.string().check(z.regex(CSS_HOST, 'Name a host like cdn.example.com.')))
      .check(z.maxLength(CSS_HOSTS_MAX, `At most ${CSS_HOSTS_MAX} hosts.`)),
  ),
});
export type Theme = z.infer<typeof themeSchema>;

/** A pair of colours the page draws one on the other, and the contrast WCAG 2.2 asks of it. */
export type ColourPair = {
  /** What people read: `text on card`. */
  name: string;
  foreground: ColourName;
  background: ColourName;
  minimum: number;
};

const TEXT = 4.5;
/** Non-text contrast (1.4.11): control boundaries and the focus ring. */
const CONTROL = 3;

/** Every pair the page draws in a theme of this button style. */
export function colourPairs(buttonStyle: Theme['buttonStyle']): ColourPair[] {
  return [
    { name: 'text on card', foreground: 'text', background: 'card', minimum: TEXT },
    { name: 'text on page background', foreground: 'text', background: 'background', minimum: TEXT },
    { name: 'answer text on inputs', foreground: 'text', background: 'input', minimum: TEXT },
    { name: 'error text on card', foreground: 'error', background: 'card', minimum: TEXT },
    buttonStyle === 'filled'
      ? { name: 'button label on accent', foreground: 'onAccent', background: 'accent', minimum: TEXT }
      : { name: 'button label (accent) on card', foreground: 'accent', background: 'card', minimum: TEXT },
    {
      name: 'accent (buttons, focus ring) on card',
      foreground: 'accent',
      background: 'card',
      minimum: CONTROL,
    },
  ];
}

export type ThemeProblem = {
  pair: ColourPair;
  mode: 'light' | 'dark';
  ratio: number;
  /** `button label on accent is 2.91:1, needs 4.5:1 (dark)` */
  message: string;
  /** The foreground colour nearest to the chosen one that passes. */
  suggestion: string;
};

/** The pairs of one set of colours that miss their contrast. */
export function colourProblems(
  colours: ThemeColours,
  buttonStyle: Theme['buttonStyle'],
  mode: 'light' | 'dark' = 'light',
): ThemeProblem[] {
  return colourPairs(buttonStyle).flatMap((pair) => {
    const ratio = contrastRatio(colours[pair.foreground], colours[pair.background]);
    if (ratio >= pair.minimum) return [];
    const where = mode === 'dark' ? ' (dark)' : '';
    return [
      {
        pair,
        mode,
        ratio,
        message: `${pair.name} is ${formatRatio(ratio)}, needs ${pair.minimum}:1${where}`,
        suggestion: nearestPassingColour(colours[pair.foreground], colours[pair.background], pair.minimum),
      },
    ];
  });
}

/** Every failing pair of a theme, light then dark (its own dark colours, or the derived ones). */
export function themeProblems(theme: Theme): ThemeProblem[] {
  return [
    ...colourProblems(theme.colours, theme.buttonStyle, 'light'),
    ...colourProblems(darkColours(theme), theme.buttonStyle, 'dark'),
  ];
}

/** Moves each foreground of a failing pair to its nearest passing colour, in the pairs' order. */
export function fixColours(colours: ThemeColours, buttonStyle: Theme['buttonStyle']): ThemeColours {
  const fixed = { ...colours };
  for (const pair of colourPairs(buttonStyle)) {
    fixed[pair.foreground] = nearestPassingColour(
      fixed[pair.foreground],
      fixed[pair.background],
      pair.minimum,
    );
  }
  return fixed;
}

/**
 * A dark variant of light colours: near-black surfaces tinted with the accent, light text, and
 * the accent and error lightened until they read on the dark card. Every pair passes by
 * construction (fixColours), so a theme that passes in light passes in dark too.
 */
export function deriveDarkColours(light: ThemeColours, buttonStyle: Theme['buttonStyle']): ThemeColours {
  const background = mixColours(light.accent, '#05060a', 0.1);
  const card = mixColours(light.accent, '#0f1117', 0.12);
  const input = mixColours(light.accent, '#181b24', 0.1);
  const accent = nearestPassingColour(light.accent, card, buttonStyle === 'outline' ? TEXT : CONTROL);
  return fixColours(
    {
      background,
      card,
      text: mixColours(light.accent, '#f1f5f9', 0.06),
      accent,
      onAccent: readableOn(accent),
      input,
      error: '#f87171',
    },
    buttonStyle,
  );
}

/** The colours the page uses in dark mode. */
export function darkColours(theme: Theme): ThemeColours {
  return theme.dark ?? deriveDarkColours(theme.colours, theme.buttonStyle);
}

/** What the page derives from a set of colours: a muted text and an input border that still pass. */
export function derivedColours(colours: ThemeColours) {
  return {
    muted: nearestPassingColour(mixColours(colours.text, colours.card, 0.72), colours.card, TEXT),
    border: nearestPassingColour(mixColours(colours.text, colours.card, 0.4), colours.card, CONTROL),
    subtle: mixColours(colours.text, colours.card, 0.05),
    /** Links are text: the accent, moved just enough to read at 4.5:1 where it only reaches 3:1. */
    link: nearestPassingColour(colours.accent, colours.card, TEXT),
  };
}
