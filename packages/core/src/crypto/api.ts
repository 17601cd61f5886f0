import * as z from 'zod/mini';
import { formKeySchema } from './formats.ts';

// The owner's API of a form's encryption level and key (GET and PUT /api/forms/:id/encryption).

export const ENCRYPTION_LEVELS = ['standard', 'enhanced'] as const;
export const encryptionLevelSchema = z.enum(ENCRYPTION_LEVELS);
export type EncryptionLevel = z.infer<typeof encryptionLevelSchema>;

export const ENCRYPTION_MESSAGES = {
  keyRequired: 'Set a passphrase to turn on Enhanced encryption',
  keyFixed:
    'This form already holds answers encrypted to its key, so the key cannot be replaced; change the passphrase instead',
  needsJavaScript:
    'This form encrypts answers in your browser before sending them. Turn on JavaScript and send the form again.',
  partialsOff: 'Answers of an end-to-end encrypted form are not saved as you go',
} as const;

/** Where a mail of the form attaches the response as a PDF, in the words of its settings. */
export type AttachPdfSetting = 'notification' | 'confirmation';

const ATTACH_PDF_SETTING_NAMES: Record<AttachPdfSetting, string> = {
  notification: '"Attach the response as a PDF" (notifications)',
  confirmation: '"Attach the response as a PDF to the confirmation" (confirmation email)',
};

/**
 * Why end-to-end encryption is not turned on while a mail attaches the response as a PDF: the
 * server makes that PDF when the mail goes out, and it could not read the answers any more.
 */
export function attachPdfBlocksEncryption(settings: readonly AttachPdfSetting[]): string {
  const names = settings.map((s) => ATTACH_PDF_SETTING_NAMES[s]).join(' and ');
  return `Turn off ${names} first: the server makes that PDF and could not read end-to-end encrypted answers.`;
}

/** A form's encryption as its owner sees it. */
export const encryptionSettingsSchema = z.object({
  level: encryptionLevelSchema,
  /**
   * The public key and the wrapped private key; kept when the level goes back to standard. Only the
   * signed-in owner gets it (their browser unwraps it): to an API key it is null, since a wrapped
   * key can be attacked offline with guesses at the passphrase.
   */
  key: z.nullable(formKeySchema),
  /** The form's public key (what respondents' answers are sealed to), or null when it has none. */
  public_key: z.nullable(z.string()),
  /** How many stored submissions are encrypted to the key: once any, the key cannot be replaced. */
  encrypted_submissions: z.number().check(z.int(), z.minimum(0)),
});
export type EncryptionSettings = z.infer<typeof encryptionSettingsSchema>;

/**
 * PUT /api/forms/:id/encryption. A key with the stored key's public key re-wraps it (a new
 * passphrase); another key replaces it only while no encrypted answers exist. Left out, the stored
 * key stays.
 */
export const encryptionBodySchema = z.object({
  level: encryptionLevelSchema,
  key: z.optional(formKeySchema),
});
export type EncryptionBody = z.infer<typeof encryptionBodySchema>;
