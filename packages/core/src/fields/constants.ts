/**
 * The field model's plain constants, without zod: the public form page imports these through
 * normalize.ts and must not pull the zod schemas of types.ts into its small bundle.
 */

/** The field types of the product. Order is the order used in pickers. */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'checkbox',
  'radio',
  'select',
  'date',
  /** A start and an end date, the end not before the start (fields/date-range.ts). */
  'date_range',
  'email',
  'phone',
  /** A postal address: its parts (lines, city, region, postal code, country) as an object. */
  'address',
  'file',
  'image',
  'number',
  'password',
  'url',
  'range',
  'time',
  'color',
  'hidden',
  /** Net Promoter Score: 0 to 10, answered as a number. */
  'nps',
  /** Answered 'yes' or 'no'. */
  'yes_no',
  /** A grid: one answer (or several) per row, the columns shared by every row. */
  'matrix',
  /** Stars, 1 to 10 of them (5 by default), half stars when the owner allows them. */
  'rating',
  /** The options put in order (all of them, or the top N). */
  'ranking',
  /** Options shown as pictures (uploaded by the owner), one or several picked (fields/picture-choice.ts). */
  'picture_choice',
  /** A signature, drawn or typed, stored as a PNG like an upload (fields/signature.ts). */
  'signature',
  /** Not a question: a heading (the label) and text (the help text) between questions. */
  'statement',
  /** A value computed from answers and variables by an expression; never typed by the respondent. */
  'calculated',
  /** Not a question: starts a new page, its label is the page's title. */
  'page_break',
] as const;

/** Types whose answer is picked from options. */
export const CHOICE_TYPES = [
  'checkbox',
  'radio',
  'select',
] as const satisfies readonly (typeof FIELD_TYPES)[number][];

/** Types that only show something and take no answer: never required, validated, exported or counted. */
export const DISPLAY_TYPES = [
  'image',
  'statement',
  'page_break',
] as const satisfies readonly (typeof FIELD_TYPES)[number][];

/** Whether a field of this type takes an answer (display-only types do not). */
export function takesAnswer(type: (typeof FIELD_TYPES)[number]): boolean {
  return !(DISPLAY_TYPES as readonly string[]).includes(type);
}

/** The answers a yes/no field stores. */
export const YES_NO_VALUES = ['yes', 'no'] as const;

/** The Net Promoter Score scale's ends. */
export const NPS_MIN = 0;
export const NPS_MAX = 10;

/** How many stars a rating field may show, and how many it shows unless the owner picks. */
export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 10;
export const RATING_DEFAULT_STARS = 5;

/** Rows and columns a matrix may have: each row is a question, so the grid stays answerable. */
export const MATRIX_MAX_ROWS = 30;
export const MATRIX_MAX_COLUMNS = 12;

/**
 * A picture choice's images: what the owner may upload, and the size the server turns each into
 * (its longest side at most PICTURE_MAX_SIDE pixels). PICTURE_MAX_PIXELS refuses images whose
 * declared size would take too much memory to decode (a small file may claim a huge canvas).
 */
export const PICTURE_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const PICTURE_MAX_PIXELS = 40_000_000;
export const PICTURE_MAX_SIDE = 800;
/** A theme's background picture is kept larger: it fills a desktop screen or half of one. */
export const BACKGROUND_MAX_SIDE = 2400;
/** A form's logo is drawn at most 12rem wide and 3rem high: 512 px keeps it sharp on dense screens. */
export const LOGO_MAX_SIDE = 512;
/**
 * A form's tab icon is kept square, as PNG (what every browser takes as an icon): 180 px serves a
 * tab and a phone's home screen alike; a smaller upload keeps its size.
 */
export const FAVICON_SIDE = 180;
/**
 * A form's link-preview picture is kept as JPEG (every link unfurler reads it, not all read WebP),
 * cropped around its centre to the 1.91:1 card they draw: 1200 × 630, or smaller when it is.
 */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** A postal address's parts, in the order the page shows them and the export's columns follow. */
export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;

/** A date range's two dates, in the order the page shows them and the export's columns follow. */
export const DATE_RANGE_PARTS = ['start', 'end'] as const;

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'is_empty',
  'is_not_empty',
  'greater_than',
  'less_than',
] as const;

export const ACCESS_RESTRICTIONS = ['public', 'password', 'private'] as const;

export const FORM_DEFAULTS = {
  title: 'Untitled Form',
  generatedTitle: 'Generated Form',
  submitButtonText: 'Submit',
  successMessage: 'Thank you for your submission!',
  theme: 'default',
} as const;
