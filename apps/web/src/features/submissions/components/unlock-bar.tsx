import type { FormKey } from '@formsmith/core/crypto/formats';
import type { Form } from '@formsmith/core/forms/form';
import { Download, Lock, LockOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { keepUnlockedKey, lockForm, useUnlockedKey } from '../../../lib/form-keys/unlocked-keys.ts';
import { useEncryption } from '../../../lib/forms-api/encryption.ts';
import { buildSealedExport } from '../lib/export-sealed.ts';

const WRONG_SECRET = 'Wrong passphrase or recovery key.';

/**
 * Above the submissions of a form with an encryption key: unlock with the passphrase or the
 * recovery key (kept in this tab's memory only), Lock, and the exports built in the browser.
 */
export function UnlockBar({ formId, form }: { formId: number; form: Form }) {
  const settings = useEncryption(formId);
  const key = useUnlockedKey(formId);
  const formKey = settings.data?.key;
  if (!formKey) return null;
  return key ? <UnlockedBar formId={formId} form={form} /> : <UnlockForm formId={formId} formKey={formKey} />;
}

function UnlockForm({ formId, formKey }: { formId: number; formKey: FormKey }) {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setWorking(true);
    try {
      const { parseRecoveryKey, unlockFormKey } = await import('@formsmith/core/crypto/key-wrap');
      const unlocked = await unlockFormKey(formKey, { passphrase: secret }).catch((err) => {
        if (parseRecoveryKey(secret)) return unlockFormKey(formKey, { recoveryKey: secret });
        throw err;
      });
      setSecret('');
      keepUnlockedKey(formId, unlocked);
    } catch {
      setError(WRONG_SECRET);
    } finally {
      setWorking(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Unlock encrypted answers"
      className="mb-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
        Answers are encrypted end to end. Unlock them in this tab to read, search and export them.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <FormField label="Passphrase or recovery key" error={error}>
            <Input
              type="password"
              autoComplete="current-password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" disabled={working || secret === ''}>
          <LockOpen aria-hidden="true" className="h-4 w-4" />
          {working ? 'Unlocking…' : 'Unlock'}
        </Button>
      </div>
    </form>
  );
}

function UnlockedBar({ formId, form }: { formId: number; form: Form }) {
  const key = useUnlockedKey(formId);
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const exportAs = async (format: 'csv' | 'json') => {
    if (!key) return;
    setBusy(format);
    setError(null);
    try {
      const blob = await buildSealedExport({ formId, form, key, format });
      saveBlob(blob, `form_${formId}_submissions.${format}`);
    } catch {
      setError('The export failed. Try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mb-4 space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-emerald-900 dark:text-emerald-100">
          <LockOpen aria-hidden="true" className="h-4 w-4 shrink-0" />
          Unlocked in this tab. It locks after 15 idle minutes or when you reload.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => exportAs('csv')}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {busy === 'csv' ? 'Exporting…' : 'Export decrypted CSV'}
          </Button>
          <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => exportAs('json')}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {busy === 'json' ? 'Exporting…' : 'Export decrypted JSON'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => lockForm(formId)}>
            <Lock aria-hidden="true" className="h-4 w-4" />
            Lock
          </Button>
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
