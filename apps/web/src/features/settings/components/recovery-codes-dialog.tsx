import { Check, Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';

type Props = { codes: string[] | null; onClose: () => void };

/** Shows new recovery codes once, with copy and download; closing the dialog forgets them. */
export function RecoveryCodesDialog({ codes, onClose }: Props) {
  const [copied, showCopied] = useTimedValue<string>(2000);
  const [copyError, showCopyError] = useTimedValue<string>(4000);
  const text = codes?.join('\n') ?? '';

  const copy = async () => {
    try {
      await copyText(text);
      showCopied('Copied');
    } catch (err) {
      showCopyError(err instanceof Error ? err.message : 'Failed to copy');
    }
  };
  const download = () =>
    saveBlob(
      new Blob([`Formsmith recovery codes (each works once)\n\n${text}\n`], { type: 'text/plain' }),
      'formsmith-recovery-codes.txt',
    );

  return (
    <Dialog
      open={codes !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Save your recovery codes"
      description="If you lose your authenticator app or passkeys, each of these codes signs you in once. This is the only time they are shown."
    >
      <div className="space-y-4">
        <ul
          aria-label="Recovery codes"
          className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
        >
          {codes?.map((code) => (
            <li key={code} className="text-center text-slate-900 dark:text-slate-100">
              {code}
            </li>
          ))}
        </ul>
        {copyError ? <Alert tone="error">{copyError}</Alert> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" className="sm:flex-1" onClick={copy}>
            {copied ? (
              <Check aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Copy aria-hidden="true" className="h-4 w-4" />
            )}
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
          <Button variant="secondary" className="sm:flex-1" onClick={download}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download
          </Button>
        </div>
        <Button className="w-full" onClick={onClose}>
          I have saved my codes
        </Button>
      </div>
    </Dialog>
  );
}
