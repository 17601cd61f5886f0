import { AppError } from '../app-error.ts';
import { SealError } from './seal.ts';

/** Sealed data that does not open: the owner and the operator get a message they can act on. */
export function sealFailure(err: unknown): unknown {
  if (!(err instanceof SealError)) return err;
  return err.reason === 'unknown-key'
    ? new AppError(
        'ENCRYPTION_KEY_MISSING',
        503,
        'These answers are sealed under an encryption key this server does not have. Give every instance the same keys (ENCRYPTION_KEY or DATA_DIR/encryption.key).',
      )
    : new AppError('UNAVAILABLE', 503, 'These answers are damaged and cannot be opened.');
}
