import {
  ENCRYPTION_MESSAGES,
  type EncryptionBody,
  type EncryptionSettings,
} from '@formsmith/core/crypto/api';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { countEncrypted } from '../submissions/index.ts';
import { FORM_NOT_FOUND } from './public-access.ts';
import * as repo from './repository.ts';
import { requireOwnedForm } from './service.ts';

type OwnedFormInput = { formId: number; ownerId: string };

/** Who asks: the owner's own session gets the wrapped key, an API key does not (see encryptionSettingsSchema). */
type Asker = { viaApiKey: boolean };

function toSettings(row: repo.FormRow, encrypted: number, asker: Asker): EncryptionSettings {
  return {
    level: row.encryptionLevel,
    key: asker.viaApiKey ? null : row.encryptionKey,
    public_key: row.encryptionKey?.public_key ?? null,
    encrypted_submissions: encrypted,
  };
}

export async function getEncryption(
  app: FastifyInstance,
  input: OwnedFormInput & Asker,
): Promise<EncryptionSettings> {
  const form = await requireOwnedForm(app.db, input);
  return toSettings(form, await countEncrypted(app.db, form.id), input);
}

/**
 * Sets the level and, when given, the key. The server never sees a passphrase: a new passphrase
 * arrives as the same public key wrapped again. Another key pair replaces the stored one only while
 * no answers are encrypted to it (they could never be read again); turning Enhanced off keeps the
 * key, so the answers taken while it was on stay readable.
 */
export async function updateEncryption(
  app: FastifyInstance,
  input: OwnedFormInput & Asker & { body: EncryptionBody },
): Promise<EncryptionSettings> {
  const form = await requireOwnedForm(app.db, input);
  const { level, key } = input.body;
  const nextKey = key ?? form.encryptionKey;
  if (level === 'enhanced' && !nextKey) {
    throw badRequest(ENCRYPTION_MESSAGES.keyRequired, { key: ENCRYPTION_MESSAGES.keyRequired });
  }
  const replacing = key && form.encryptionKey && key.public_key !== form.encryptionKey.public_key;
  const row = await app.db.transaction(async (tx) => {
    // The form's row lock makes a concurrent submit wait, so no answer lands under a key just replaced.
    if (!(await repo.lockOwnedForm(tx, input))) return null;
    if (replacing && (await countEncrypted(tx, form.id)) > 0) {
      throw new AppError('KEY_FIXED', 409, ENCRYPTION_MESSAGES.keyFixed);
    }
    return repo.updateForm(tx, {
      ...input,
      changes: { encryptionLevel: level, encryptionKey: nextKey, updatedAt: new Date() },
    });
  });
  if (!row) throw notFound(FORM_NOT_FOUND);
  return toSettings(row, await countEncrypted(app.db, form.id), input);
}
