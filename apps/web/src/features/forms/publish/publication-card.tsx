import { Check, Copy, Globe } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Badge } from '../../../components/ui/feedback.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useSetPublished } from '../../../lib/forms-api/set-published.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import type { PageMessage } from './publish-page.tsx';

const VERIFY_TO_PUBLISH =
  'Verify your email to publish. Open the link we mailed you, or send a new one from Settings → Account.';

type Props = { form: StoredForm; onMessage: (message: PageMessage) => void };

/** The publish toggle and, once published, the form's link with a copy button. */
export function PublicationCard({ form, onMessage }: Props) {
  const toggle = useSetPublished();
  const user = useCurrentUser();
  const [flash, showFlash] = useTimedValue<string>(1500);
  const [copied, showCopied] = useTimedValue<string>(2000);
  const [pendingTarget, setPendingTarget] = useState<boolean | null>(null);

  function onToggle(published: boolean) {
    setPendingTarget(published);
    toggle.mutate(
      { id: form.id, published },
      {
        onSuccess: () => {
          showFlash(published ? 'Published!' : 'Unpublished!');
          onMessage({
            tone: 'success',
            text: published ? 'Form published successfully!' : 'Form unpublished successfully!',
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
            onMessage({ tone: 'error', text: VERIFY_TO_PUBLISH });
            return;
          }
          console.error(error);
          onMessage({ tone: 'error', text: 'Failed to change form publish status' });
        },
        onSettled: () => setPendingTarget(null),
      },
    );
  }

  async function copy() {
    try {
      await copyText(form.sharing.shareUrl ?? '');
      showCopied('Copied!');
    } catch (error) {
      showCopied(error instanceof Error ? error.message : 'Failed to copy URL to clipboard');
    }
  }

  const status =
    pendingTarget !== null
      ? pendingTarget
        ? 'Publishing...'
        : 'Unpublishing...'
      : (flash ?? (form.isPublished ? 'Published' : 'Not published'));

  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-3">
        <h2 className="font-semibold">Publication status</h2>
        {form.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
      </CardHeader>
      <CardBody className="space-y-5">
        <div className="flex items-center justify-between gap-4">
          <div>
            <label htmlFor="publish-toggle" className="font-medium">
              Publish form
            </label>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Published forms accept responses at their link.
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-sm font-medium" aria-live="polite">
              {status}
            </span>
            <Switch
              id="publish-toggle"
              checked={pendingTarget ?? form.isPublished}
              disabled={toggle.isPending}
              onCheckedChange={onToggle}
            />
          </div>
        </div>
        {user.data?.is_verified === false && !form.isPublished && (
          <Alert tone="info">
            Verify your email to publish: open the link we mailed you, or send a new one from{' '}
            <Link to="/dashboard/settings" className="font-medium underline">
              Settings
            </Link>
            .
          </Alert>
        )}
        {form.isPublished && form.hasUnpublishedChanges && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <p>Your latest edits are saved as a draft; respondents still see the published version.</p>
            <Button size="sm" onClick={() => onToggle(true)} disabled={toggle.isPending}>
              Publish changes
            </Button>
          </div>
        )}
        <div className="space-y-1.5">
          <p id="form-link-label" className="text-sm font-medium">
            Form link
          </p>
          {form.isPublished && form.sharing.shareUrl ? (
            <div className="flex gap-2">
              <Input
                readOnly
                value={form.sharing.shareUrl}
                aria-labelledby="form-link-label"
                className="font-mono text-xs"
              />
              <Button variant="secondary" onClick={copy} aria-label="Copy form link" className="shrink-0">
                {copied === 'Copied!' ? (
                  <Check aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Copy aria-hidden="true" className="h-4 w-4" />
                )}
                {copied === 'Copied!' ? 'Copied!' : 'Copy'}
              </Button>
            </div>
          ) : (
            <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <Globe aria-hidden="true" className="h-4 w-4" />
              Publish form to get URL
            </p>
          )}
          {copied && copied !== 'Copied!' && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {copied}
            </p>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
