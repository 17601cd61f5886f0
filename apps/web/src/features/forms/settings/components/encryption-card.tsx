import type { EncryptionSettings } from '@formsmith/core/crypto/api';
import type { FormKey } from '@formsmith/core/crypto/formats';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Alert, Spinner } from '../../../../components/ui/feedback.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { loadPassphraseTools, passphraseProblem } from '../../../../lib/form-keys/passphrase.ts';
import { keepUnlockedKey } from '../../../../lib/form-keys/unlocked-keys.ts';
import { useEncryption, useUpdateEncryption } from '../../../../lib/forms-api/encryption.ts';
import { PassphraseFields } from './passphrase-fields.tsx';
import { RecoveryKeyPanel } from './recovery-key-panel.tsx';

/** What turning Enhanced on changes, said before the owner commits to it. */
const WHAT_CHANGES = [
  'Answers and uploaded files are encrypted in the respondent’s browser; the server stores only ciphertext and cannot read, validate or search them (the browser checks the answers instead).',
  'Notification mails and webhooks say a submission arrived but carry no answers; confirmation mails to respondents are not sent.',
  'AI features cannot read the answers. Answers are not saved as respondents go.',
  'You read, search, export and analyse answers here after unlocking with the passphrase. If you lose both the passphrase and the recovery key, the answers are lost for good.',
];

/** The form's 'End-to-end encryption' setting: turn it on with a passphrase, change it, or turn it off. */
export function EncryptionCard({ formId }: { formId: number }) {
  const settings = useEncryption(formId);
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <Lock aria-hidden="true" className="h-4 w-4" />
          End-to-end encryption
        </h2>
      </CardHeader>
      <CardBody className="max-w-2xl space-y-4">
        {settings.isPending ? (
          <Spinner label="Loading encryption settings" />
        ) : settings.isError ? (
          <Alert tone="error">Failed to load encryption settings</Alert>
        ) : (
          <EncryptionBody formId={formId} settings={settings.data} />
        )}
      </CardBody>
    </Card>
  );
}

function EncryptionBody({ formId, settings }: { formId: number; settings: EncryptionSettings }) {
  const update = useUpdateEncryption(formId);
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  if (recoveryKey) {
    return <RecoveryKeyPanel formId={formId} recoveryKey={recoveryKey} onDone={() => setRecoveryKey(null)} />;
  }
  const on = settings.level === 'enhanced' && settings.key;
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {on
          ? `Enhanced: answers are encrypted end to end. ${settings.encrypted_submissions} stored submission(s) are encrypted to this form’s key.`
          : settings.level === 'enhanced'
            ? 'Enhanced is chosen, but the form takes no answers until you set its passphrase.'
            : 'Standard: answers travel encrypted (HTTPS) and are stored encrypted under the server’s key. A stolen database copy, a backup without the key, or the bucket reveals no answers; whoever runs the server with its key can read them.'}
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
        {WHAT_CHANGES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {update.isError && <Alert tone="error">{update.error.message}</Alert>}
      {on ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => setChanging((c) => !c)}>
            Change passphrase
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ level: 'standard' })}
          >
            Turn off for new submissions
          </Button>
        </div>
      ) : settings.key ? (
        <Button
          type="button"
          disabled={update.isPending}
          onClick={() => update.mutate({ level: 'enhanced' })}
        >
          Turn Enhanced back on (same key)
        </Button>
      ) : (
        <CreateKeyForm formId={formId} onCreated={setRecoveryKey} />
      )}
      {on && changing && settings.key && (
        <ChangePassphraseForm formId={formId} settings={settings} onDone={() => setChanging(false)} />
      )}
    </>
  );
}

/** Why a new passphrase cannot be used (too short, too easy to guess, typed differently), or null. */
async function checkNewPassphrase(pass: { value: string; repeated: string }): Promise<string | null> {
  try {
    return passphraseProblem(await loadPassphraseTools(), pass.value, pass.repeated);
  } catch {
    return 'The passphrase check could not load. Check your connection and try again.';
  }
}

/** Turns Enhanced on: the key pair is made here, wrapped under the passphrase and a new recovery key. */
function CreateKeyForm({ formId, onCreated }: { formId: number; onCreated: (recoveryKey: string) => void }) {
  const update = useUpdateEncryption(formId);
  const [pass, setPass] = useState({ value: '', repeated: '' });
  const [error, setError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = await checkNewPassphrase(pass);
    setError(problem ?? undefined);
    if (problem) return;
    setWorking(true);
    try {
      const { createFormKey } = await import('@formsmith/core/crypto/key-wrap');
      const made = await createFormKey({ passphrase: pass.value });
      await update.mutateAsync({ level: 'enhanced', key: made.formKey });
      keepUnlockedKey(formId, made.unlocked);
      onCreated(made.recoveryKey);
    } catch (err) {
      // A refusal that says what to do (a mail that attaches a PDF to turn off first) is shown as said.
      setError(
        err instanceof ApiError && err.code === 'ATTACH_PDF_ON'
          ? err.message
          : 'The key could not be saved. Try again.',
      );
    } finally {
      setWorking(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Turn on end-to-end encryption">
      <PassphraseFields
        value={pass.value}
        repeated={pass.repeated}
        onChange={(next) => {
          // A refusal is about what was typed before: it goes once the passphrase changes.
          setPass(next);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" disabled={working}>
        {working ? 'Creating the key…' : 'Turn on end-to-end encryption'}
      </Button>
    </form>
  );
}

/** A new passphrase: the same key unwrapped with the current passphrase (or recovery key) and wrapped again. */
function ChangePassphraseForm({
  formId,
  settings,
  onDone,
}: {
  formId: number;
  settings: EncryptionSettings;
  onDone: () => void;
}) {
  const update = useUpdateEncryption(formId);
  const [current, setCurrent] = useState('');
  const [pass, setPass] = useState({ value: '', repeated: '' });
  const [error, setError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = await checkNewPassphrase(pass);
    setError(problem ?? undefined);
    if (problem || !settings.key) return;
    setWorking(true);
    let key: FormKey;
    try {
      const { changePassphrase, parseRecoveryKey } = await import('@formsmith/core/crypto/key-wrap');
      const secret = parseRecoveryKey(current) ? { recoveryKey: current } : { passphrase: current };
      key = await changePassphrase({ formKey: settings.key, secret, newPassphrase: pass.value });
    } catch {
      setError('Wrong current passphrase or recovery key.');
      setWorking(false);
      return;
    }
    try {
      // Saving may first ask the owner to confirm who they are; a failure shows at the form's top.
      await update.mutateAsync({ level: settings.level, key });
      onDone();
    } catch {
      // update.error holds it.
    } finally {
      setWorking(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Change the passphrase">
      {update.isError && <Alert tone="error">{update.error.message}</Alert>}
      <FormField label="Current passphrase or recovery key">
        <Input
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </FormField>
      <PassphraseFields
        value={pass.value}
        repeated={pass.repeated}
        onChange={(next) => {
          setPass(next);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" disabled={working}>
        {working ? 'Changing…' : 'Change passphrase'}
      </Button>
    </form>
  );
}
