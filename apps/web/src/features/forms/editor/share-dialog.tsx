import { Check, Copy, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { EmbedCard } from '../publish/embed-card.tsx';
import { QrCodeCard } from '../publish/qr-code-card.tsx';

type ShareDialogProps = { form: StoredForm; open: boolean; onOpenChange: (open: boolean) => void };

/** Right after publishing: the link to copy, its QR code and the embed code. */
export function ShareDialog({ form, open, onOpenChange }: ShareDialogProps) {
  const url = form.sharing.shareUrl ?? '';
  const [copied, showCopied] = useTimedValue<string>(2000);
  const copy = async () => {
    try {
      await copyText(url);
      showCopied('Copied!');
    } catch (error) {
      showCopied(error instanceof Error ? error.message : 'Failed to copy URL to clipboard');
    }
  };
  return (
    <Dialog
      wide
      open={open}
      onOpenChange={onOpenChange}
      title="Your form is live"
      description="Respondents get this version until you publish changes."
    >
      <div className="space-y-5">
        <FormField label="Form link">
          <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </FormField>
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={copy}>
            {copied === 'Copied!' ? (
              <Check aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Copy aria-hidden="true" className="h-4 w-4" />
            )}
            {copied === 'Copied!' ? 'Copied!' : 'Copy link'}
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-300"
          >
            Open the form
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </a>
          <span role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {copied && copied !== 'Copied!' ? copied : ''}
          </span>
        </div>
        <QrCodeCard formId={form.id} url={url} />
        <EmbedCard form={form} />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Slug, access code and expiry are in the{' '}
          <Link
            to={`/forms/${form.id}/publish`}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            sharing settings
          </Link>
          .
        </p>
      </div>
    </Dialog>
  );
}
