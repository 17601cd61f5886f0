import { REAUTH_MESSAGES } from '@formsmith/core/auth/reauth';
import {
  type AttachPdfSetting,
  attachPdfBlocksEncryption,
  ENCRYPTION_MESSAGES,
  type EncryptionBody,
  type EncryptionSettings,
} from '@formsmith/core/crypto/api';
import type { FormKey } from '@formsmith/core/crypto/formats';
import { confirmationSchema } from '@formsmith/core/form-settings/api';
import type { FormHistoryKind } from '@formsmith/core/forms/versions';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { assertRecentProof, type SessionUser, sendSecurityAlert } from '../auth/index.ts';
import { recordFormHistory } from './history-repository.ts';
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

/** Who asks for the change: a session (which may have to prove its owner) or an API key. */
export type EncryptionActor = Asker & { session: SessionUser; ip: string };

/** The same key, wrapped the same way: a re-wrap under a new passphrase changes its salts. */
function sameFormKey(a: FormKey, b: FormKey | null): boolean {
  return (
    b !== null &&
    a.public_key === b.public_key &&
    a.passphrase.salt === b.passphrase.salt &&
    a.passphrase.wrapped === b.passphrase.wrapped &&
    a.recovery.salt === b.recovery.salt &&
    a.recovery.wrapped === b.recovery.wrapped
  );
}

export async function getEncryption(
  app: FastifyInstance,
  input: OwnedFormInput & Asker,
): Promise<EncryptionSettings> {
  const form = await requireOwnedForm(app.db, input);
  return toSettings(form, await repo.countEncrypted(app.db, form.id), input);
}

/** What a change does to the form's protection, in the words of its history. */
function changesOf(form: repo.FormRow, body: EncryptionBody): FormHistoryKind[] {
  const wasOn = form.encryptionLevel === 'enhanced' && form.encryptionKey !== null;
  const isOn = body.level === 'enhanced' && (body.key ?? form.encryptionKey) !== null;
  const changes: FormHistoryKind[] = [];
  if (form.encryptionLevel === 'enhanced' && body.level === 'standard') changes.push('encryption_off');
  else if (!wasOn && isOn) changes.push('encryption_on');
  if (body.key && form.encryptionKey && !sameFormKey(body.key, form.encryptionKey))
    changes.push('encryption_key_changed');
  return changes;
}

/**
 * Turning end-to-end encryption off makes respondents' browsers send answers in clear, and another
 * key (or wrap) could lock the owner out of new answers or hand them to someone else: API keys may
 * do neither (they never write a key), and a session needs a recent proof of its owner.
 */
function assertMayChange(
  app: FastifyInstance,
  input: { form: repo.FormRow; body: EncryptionBody; changes: FormHistoryKind[]; actor: EncryptionActor },
): void {
  const { form, body, changes, actor } = input;
  const sensitive = changes.includes('encryption_off') || changes.includes('encryption_key_changed');
  if (actor.viaApiKey) {
    const writesKey = body.key !== undefined && !sameFormKey(body.key, form.encryptionKey);
    if (sensitive || writesKey) throw new AppError('API_KEY_NOT_ALLOWED', 403, REAUTH_MESSAGES.apiKeyRefused);
    return;
  }
  if (sensitive) assertRecentProof(app, actor.session);
}

/**
 * The mails of the form that attach the response as a PDF. Turning end-to-end encryption on is
 * refused while any does (409, naming them): the server makes that PDF when the mail goes out and
 * could not read the answers, and switching the owner's choice off unasked would go unnoticed.
 */
function attachPdfSettings(form: repo.FormRow): AttachPdfSetting[] {
  const confirmation = confirmationSchema.safeParse(form.confirmation);
  return [
    ...(form.notifyAttachPdf ? (['notification'] as const) : []),
    ...(confirmation.success && confirmation.data.attach_pdf ? (['confirmation'] as const) : []),
  ];
}

/**
 * Sets the level and, when given, the key. The server never sees a passphrase: a new passphrase
 * arrives as the same public key wrapped again. Another key pair replaces the stored one only while
 * no answers are encrypted to it (they could never be read again); turning Enhanced off keeps the
 * key, so the answers taken while it was on stay readable. Each change goes into the form's
 * history, and turning it off or changing the key is mailed to the owner.
 */
export async function updateEncryption(
  app: FastifyInstance,
  input: OwnedFormInput & { body: EncryptionBody; actor: EncryptionActor },
): Promise<EncryptionSettings> {
  const form = await requireOwnedForm(app.db, input);
  const { level, key } = input.body;
  const nextKey = key ?? form.encryptionKey;
  if (level === 'enhanced' && !nextKey) {
    throw badRequest(ENCRYPTION_MESSAGES.keyRequired, { key: ENCRYPTION_MESSAGES.keyRequired });
  }
  const changes = changesOf(form, input.body);
  assertMayChange(app, { form, body: input.body, changes, actor: input.actor });
  const replacing = key && form.encryptionKey && key.public_key !== form.encryptionKey.public_key;
  const row = await app.db.transaction(async (tx) => {
    // The form's row lock makes a concurrent submit wait, so no answer lands under a key just replaced.
    if (!(await repo.lockOwnedForm(tx, input))) return null;
    if (level === 'enhanced' && form.encryptionLevel !== 'enhanced') {
      // Read again under the lock: a settings change that landed meanwhile counts.
      const locked = await repo.findOwnedForm(tx, input);
      const attaching = locked ? attachPdfSettings(locked) : [];
      if (attaching.length > 0) {
        throw new AppError('ATTACH_PDF_ON', 409, attachPdfBlocksEncryption(attaching), undefined, {
          settings: attaching,
        });
      }
    }
    if (replacing && (await repo.countEncrypted(tx, form.id)) > 0) {
      throw new AppError('KEY_FIXED', 409, ENCRYPTION_MESSAGES.keyFixed);
    }
    const updated = await repo.updateForm(tx, {
      ...input,
      changes: { encryptionLevel: level, encryptionKey: nextKey, updatedAt: new Date() },
    });
    const { actor } = input;
    if (changes.length > 0) {
      await recordAudit(tx, {
        action: 'form.encryption_changed',
        where: { formId: form.id },
        details: { level, changes },
      });
    }
    for (const kind of changes) {
      await recordFormHistory(tx, {
        formId: form.id,
        kind,
        actor: actor.viaApiKey ? 'api_key' : 'session',
        ip: actor.ip,
      });
    }
    const mailed = changes.includes('encryption_off')
      ? 'off'
      : changes.includes('encryption_key_changed')
        ? 'key-changed'
        : null;
    if (mailed) {
      await sendSecurityAlert(
        app,
        input.ownerId,
        { kind: 'encryption-changed', change: mailed, formTitle: form.title, ip: actor.ip },
        { db: tx },
      );
    }
    return updated;
  });
  if (!row) throw notFound(FORM_NOT_FOUND);
  return toSettings(row, await repo.countEncrypted(app.db, form.id), input.actor);
}
