import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Alert } from '../../../../components/ui/feedback.tsx';
import { CheckboxField } from '../../../../components/ui/input.tsx';
import { saveBlob } from '../../../../lib/download.ts';

/** The recovery key, shown once: copy or download it, and confirm it is saved before going on. */
export function RecoveryKeyPanel({
  formId,
  recoveryKey,
  onDone,
}: {
  formId: number;
  recoveryKey: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(recoveryKey).catch(() => {});
    setCopied(true);
  };
  const download = () => {
    const text = `Formsmith recovery key for form ${formId}\r\n\r\n${recoveryKey}\r\n\r\nIt unlocks the form's encrypted answers if the passphrase is lost. Keep it somewhere safe.\r\n`;
    saveBlob(new Blob([text], { type: 'text/plain' }), `formsmith-form-${formId}-recovery-key.txt`);
  };
  return (
    <section aria-labelledby="recovery-key-title" className="space-y-4">
      <h3 id="recovery-key-title" className="font-semibold text-slate-900 dark:text-white">
        Save your recovery key
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        It is shown this once. With it you can read the answers and set a new passphrase if you forget yours.
        Without the passphrase or this key, nobody can read the answers, not even whoever runs the server.
      </p>
      <p
        data-recovery-key
        className="break-all rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 font-mono text-base tracking-wide text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-white"
      >
        <span className="sr-only">Recovery key: </span>
        {recoveryKey}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </Button>
      </div>
      <CheckboxField
        label="I have saved the recovery key somewhere safe"
        checked={saved}
        onChange={(e) => setSaved(e.target.checked)}
      />
      {!saved && <Alert tone="info">Confirm you have saved it to continue.</Alert>}
      <Button type="button" disabled={!saved} onClick={onDone}>
        Done
      </Button>
    </section>
  );
}
