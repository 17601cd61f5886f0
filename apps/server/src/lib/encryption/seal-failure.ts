import { AppError } from '../app-error.ts';
import { SealError } from './seal.ts';

/**
 * Sealed data that does not open: the owner and the operator get a message they can act on.
 * `subject` begins the message ("These answers are", "This secret is").
 */
export function sealFailure(err: unknown, subject = 'These answers are'): unknown {
  if (!(err instanceof SealError)) return err;
  return err.reason === 'unknown-key'
    ? new AppError(
        'ENCRYPTION_KEY_MISSING',
        503,
        `${subject} sealed under an encryption key this server does not have. Give every instance the same keys (ENCRYPTION_KEY or DATA_DIR/encryption.key).`,
      )
    : new AppError('UNAVAILABLE', 503, `${subject} damaged and cannot be opened.`);
}
