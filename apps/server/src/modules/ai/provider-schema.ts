// What we ask an OpenAI-compatible model for, and how its answer is checked before use.
import { FIELD_TYPES, RATING_MAX_STARS, RATING_MIN_STARS } from '@formsmith/core/fields/constants';
import { isPhoneCountry } from '@formsmith/core/fields/phone-countries';
import { normalizeField } from '@formsmith/core/forms/read-field';
import { LIMITS } from '@formsmith/core/limits';
import { z } from 'zod';

export const SYSTEM_PROMPT = `You design web forms. Turn the user's plain-language description into a form.
Answer with JSON only: {"title", "description", "fields": [...]}.
- title: a short title for the form; description: one sentence telling respondents what the form is for.
- Write the title, description, labels and options in the language of the user's description.
- Each field: label (what the respondent sees), type, required (true or false), options, placeholder, help_text, min, max, country, half_stars.
- type is one of: text (short answer), textarea (long answer), checkbox (tick boxes, several answers; or a
  single consent box such as "I agree to the terms"), radio (one answer from a few options), select (one
  answer from a dropdown, for long lists), date, date_range (a start and an end date: dates of stay, check-in and
  check-out, travel dates, "from … to …"), email, phone (a phone number, "mobile" too), address (a postal
  address: home, mailing or shipping), file (an upload), signature (the respondent signs, drawn or typed, as
  in "sign here" or "signature"), image (a picture shown
  to the respondent, not an upload), number, password, url (a link), range (a slider or rating scale with
  min and max), time, color, hidden, nps (a 0 to 10 "how likely are you to recommend" scale), yes_no (a
  yes-or-no question), matrix (a grid: the same answers asked of several items, as in "how satisfied are
  you with: A, B, C" or "rate each of the following"; rows are the items, options the answers of every
  row), rating (stars, as in "rate us out of 5 stars"; max is the number of stars, 1 to 10), ranking (put
  the options in order, as in "rank these"), picture_choice (one answer picked among pictures, as in "pick
  your favourite design from pictures" or "choose a photo"; options name what each picture shows, the
  owner uploads the pictures; not an upload by the respondent), statement (a heading with text between questions, no answer: the label is the
  heading, help_text the text; never required).
- options: the choices of checkbox, radio, select, ranking and picture_choice fields and a matrix's answers,
  otherwise [].
- rows: a matrix's items (its rows), otherwise []. Keep the user's wording.
- min and max: numeric bounds of number and range fields (e.g. "rate 1 to 10" gives min 1, max 10); a file
  field's max is how many files it takes when the description allows several (e.g. "up to 3 photos"
  gives 3, at most 10); otherwise null.
- half_stars: true for a rating whose description allows half stars ("half stars allowed"), otherwise null.
- country: a phone or address field's usual country as an ISO 3166 code (e.g. "GB") when the description
  says where respondents are, otherwise null.
- placeholder and help_text: short hints, or "" when none is useful.
- Mark a field required when the description says so, and for the fields the form cannot work without
  (e.g. name and email on a contact form). Include every field the description asks for, in its order;
  for a short description such as "a contact form", add the fields people expect on that kind of form.`;

const nullableString = { type: ['string', 'null'] };
const nullableNumber = { type: ['number', 'null'] };

/** The JSON schema of the response_format (strict mode: every key required, no extra keys). */
export const FORM_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'fields'],
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'label',
          'type',
          'required',
          'options',
          'rows',
          'placeholder',
          'help_text',
          'min',
          'max',
          'country',
          'half_stars',
        ],
        properties: {
          label: { type: 'string' },
          type: { type: 'string', enum: [...FIELD_TYPES] },
          required: { type: 'boolean' },
          options: { type: 'array', items: { type: 'string' } },
          rows: { type: 'array', items: { type: 'string' } },
          placeholder: nullableString,
          help_text: nullableString,
          min: nullableNumber,
          max: nullableNumber,
          country: nullableString,
          half_stars: { type: ['boolean', 'null'] },
        },
      },
    },
  },
} as const;

const optionalText = z.string().nullish();
const optionalNumber = z.number().finite().nullish();

const providerFieldShape = z.object({
  label: z.string().trim().min(1),
  type: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(FIELD_TYPES)),
  required: z.boolean().nullish(),
  options: z.array(z.union([z.string(), z.number()]).transform(String)).nullish(),
  rows: z.array(z.union([z.string(), z.number()]).transform(String)).nullish(),
  placeholder: optionalText,
  help_text: optionalText,
  min: optionalNumber,
  max: optionalNumber,
  country: optionalText,
  half_stars: z.boolean().nullish(),
});

// Nulls and empty text mean 'none'; dropping them lets the door apply its defaults.
const toField = (field: z.infer<typeof providerFieldShape>, index: number) =>
  normalizeField(
    Object.fromEntries(
      Object.entries(phoneCountry(fileCount(ratingStars(field)))).filter(
        ([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
      ),
    ),
    index,
  );

/** A rating's max is its number of stars, kept within what a rating can show. */
function ratingStars(field: z.infer<typeof providerFieldShape>) {
  if (field.type !== 'rating' || field.max == null) return field;
  const stars = Math.min(RATING_MAX_STARS, Math.max(RATING_MIN_STARS, Math.round(field.max)));
  return { ...field, stars };
}

/** A file field's max is how many files it takes: several only when the model says how many. */
function fileCount(field: z.infer<typeof providerFieldShape>) {
  if (field.type !== 'file' || field.max == null) return field;
  const files = Math.min(LIMITS.uploadMaxFiles, Math.round(field.max));
  return { ...field, min: null, max: null, ...(files > 1 ? { max_files: files } : {}) };
}

/** A phone's or an address's country when the picker offers it (else none, rather than a form that cannot be saved). */
function phoneCountry(field: z.infer<typeof providerFieldShape>) {
  const country = field.country?.trim().toUpperCase();
  const picks = field.type === 'phone' || field.type === 'address';
  return { ...field, country: picks && isPhoneCountry(country) ? country : null };
}

/** One field of the model's answer, read while the answer streams in (it becomes field `index`). */
export const providerFieldSchema = (index: number) =>
  providerFieldShape.transform((field) => toField(field, index));

/**
 * The model's answer as we accept it. Servers that ignore response_format may leave out the
 * optional keys, so only label and type are demanded of a field; anything else is a violation.
 */
export const providerFormSchema = z.object({
  title: optionalText,
  description: optionalText,
  fields: z
    .array(providerFieldShape)
    .min(1, 'no fields')
    .transform((fields) => fields.map(toField)),
});
export type ProviderForm = z.infer<typeof providerFormSchema>;
