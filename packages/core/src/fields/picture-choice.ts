// Picture choice: options shown as pictures the owner uploaded, one picked (radios) or several
// (checkboxes). The answer holds option values only, never pictures: the value for one, the list
// of values for several. Exports, analytics, mails and recall read each value's label, as for any
// choice. Every picture needs an alt text before the form is published.
import * as z from 'zod/mini';
import type { FieldOf, PictureOption } from '../forms/field.ts';

export type PictureChoiceField = FieldOf<'picture_choice'>;

/** A picture's id: 40 hex digits, random, made by the server when the owner uploads it. */
export const PICTURE_ID = /^[a-f0-9]{40}$/;

/** Where the instance serves a form's picture: public and cacheable, under that form only. */
export function pictureUrl(formId: string, pictureId: string): string {
  return `/api/form-submissions/forms/${encodeURIComponent(formId)}/pictures/${pictureId}`;
}

const PICTURE_PATH = /^\/api\/form-submissions\/forms\/\d+\/pictures\/[a-f0-9]{40}$/;

/**
 * An option's `image` is the path the upload answered (pictureUrl). Only such a path is shown:
 * the page loads pictures from this instance, never from a host a form names.
 */
export function isPicturePath(image: string | undefined): image is string {
  return image !== undefined && PICTURE_PATH.test(image);
}

/** The options whose picture is not one this instance serves (publishing refuses them). */
export function optionsWithForeignPicture(field: PictureChoiceField): PictureOption[] {
  return field.options.filter((o) => o.image !== undefined && !isPicturePath(o.image));
}

export function foreignPictureMessage(option: PictureOption): string {
  return `The picture of option “${option.label}” must be uploaded in the editor`;
}

/** The options whose picture has no alt text (publishing refuses them). */
export function optionsMissingAlt(field: PictureChoiceField): PictureOption[] {
  return field.options.filter((o) => o.image !== undefined && (o.alt ?? '').trim() === '');
}

export function missingAltMessage(option: PictureOption): string {
  return `The picture of option “${option.label}” needs an alt text`;
}

function optionOf(field: PictureChoiceField, answer: string): PictureOption | undefined {
  return field.options.find((o) => o.value === answer) ?? field.options.find((o) => o.label === answer);
}

/** The answer as stored: options given by label stored by value; one pick alone kept as a list when several may be. */
export function storedPictureChoice(field: PictureChoiceField, value: unknown): unknown {
  const one = (v: unknown) => (typeof v === 'string' ? (optionOf(field, v)?.value ?? v) : v);
  if (Array.isArray(value)) return value.map(one);
  if (field.multiple && typeof value === 'string' && value !== '') return [one(value)];
  return one(value);
}

/** Why a (non-empty) answer is refused, or null: unknown options, repeats, or a list where one is asked. */
export function checkPictureChoice(
  field: PictureChoiceField,
  value: unknown,
  m: { option: string },
): string | null {
  const picks = Array.isArray(value) ? value : [value];
  if (Array.isArray(value) && !field.multiple) return m.option;
  const seen = new Set<string>();
  for (const pick of picks) {
    if (typeof pick !== 'string') return m.option;
    const option = optionOf(field, pick);
    if (!option || seen.has(option.value)) return m.option;
    seen.add(option.value);
  }
  return null;
}

/**
 * What a picture is for: an option's picture, a theme's background (kept larger), the form's logo
 * (smaller), its tab icon (a small square PNG) or its link-preview picture (a 1200 × 630 JPEG).
 */
export const PICTURE_PURPOSES = ['option', 'background', 'logo', 'favicon', 'social'] as const;
export type PicturePurpose = (typeof PICTURE_PURPOSES)[number];

/** POST /api/forms/:id/pictures: where the instance serves the picture it kept, and its size. */
export const storedPictureSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type StoredPicture = z.infer<typeof storedPictureSchema>;
