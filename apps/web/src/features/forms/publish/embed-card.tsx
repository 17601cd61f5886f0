import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';

/** The public origin: where share links point (PUBLIC_URL on the server), else this page's. */
function publicOrigin(shareUrl: string | undefined): string {
  try {
    if (shareUrl) return new URL(shareUrl).origin;
  } catch {
    // fall through
  }
  return window.location.origin;
}

/** The iframe snippet (width 100%, height 500, no border). */
export function iframeSnippet(origin: string, slugOrId: string): string {
  return `<iframe src="${origin}/form/${slugOrId}/embed" width="100%" height="500" frameborder="0" style="border:none"></iframe>`;
}

/** A snippet whose script (public/embed.js) inserts the iframe and sizes it to its content. */
export function scriptSnippet(origin: string, slugOrId: string): string {
  return `<div data-formsmith-form="${slugOrId}"></div><script src="${origin}/embed.js" async></script>`;
}

/** A button that opens the form in a centred dialog. */
export function popupSnippet(origin: string, slugOrId: string): string {
  return `<button type="button" data-formsmith-popup="${slugOrId}">Open the form</button><script src="${origin}/embed.js" async></script>`;
}

/** A button that opens the form in a panel at the bottom right corner, beside the page. */
export function slideInSnippet(origin: string, slugOrId: string): string {
  return `<button type="button" data-formsmith-slidein="${slugOrId}" data-position="bottom-right">Give feedback</button><script src="${origin}/embed.js" async></script>`;
}

/** A page that is only the form: it fills the window. */
export function fullPageSnippet(origin: string, slugOrId: string): string {
  return `<div data-formsmith-fullpage="${slugOrId}"></div><script src="${origin}/embed.js" async></script>`;
}

export function EmbedCard({ form }: { form: StoredForm }) {
  const origin = publicOrigin(form.sharing.shareUrl);
  const slugOrId = form.sharing.slug || String(form.id);
  const [copied, showCopied] = useTimedValue<string>(2000);

  async function copy(which: string, code: string) {
    try {
      await copyText(code);
      showCopied(which);
    } catch (error) {
      showCopied(`error:${error instanceof Error ? error.message : 'Failed to copy'}`);
    }
  }

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <h2 className="font-semibold">Embed on your website</h2>
      </CardHeader>
      <CardBody className="space-y-5">
        <div aria-live="polite">
          {copied && !copied.startsWith('error:') && (
            <Alert tone="success">Embed code copied to clipboard!</Alert>
          )}
          {copied?.startsWith('error:') && <Alert tone="error">{copied.slice(6)}</Alert>}
        </div>
        <Snippet
          title="Iframe"
          hint="A fixed-height frame (500 px) that works everywhere."
          code={iframeSnippet(origin, slugOrId)}
          copied={copied === 'iframe'}
          onCopy={(code) => copy('iframe', code)}
        />
        <Snippet
          title="Auto-resizing script"
          hint="Paste where the form should appear: embed.js puts the form there and sizes it to its content."
          code={scriptSnippet(origin, slugOrId)}
          copied={copied === 'script'}
          onCopy={(code) => copy('script', code)}
        />
        <Snippet
          title="Popup"
          hint={
            'A button that opens the form in a dialog over your page; Escape or the close button closes it. Add data-open-after="5" to open it by itself after 5 seconds.'
          }
          code={popupSnippet(origin, slugOrId)}
          copied={copied === 'popup'}
          onCopy={(code) => copy('popup', code)}
        />
        <Snippet
          title="Slide-in"
          hint="A panel at a corner of your page (data-position: bottom-right or bottom-left) that visitors can keep reading beside."
          code={slideInSnippet(origin, slugOrId)}
          copied={copied === 'slidein'}
          onCopy={(code) => copy('slidein', code)}
        />
        <Snippet
          title="Full page"
          hint="For a page that is only the form: it fills the whole window."
          code={fullPageSnippet(origin, slugOrId)}
          copied={copied === 'fullpage'}
          onCopy={(code) => copy('fullpage', code)}
        />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          With the script, your page receives a <code>formsmith:submitted</code> event (with the form's id and
          the submission's id, never the answers) when someone sends the form. The embedding guide lists every
          option.
        </p>
      </CardBody>
    </Card>
  );
}

type SnippetProps = {
  title: string;
  hint: string;
  code: string;
  copied: boolean;
  onCopy: (code: string) => void;
};

function Snippet({ title, hint, code, copied, onCopy }: SnippetProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id={id} className="text-sm font-medium">
            {title}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onCopy(code)}
          aria-label={`Copy ${title.toLowerCase()} code`}
        >
          {copied ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          {copied ? 'Copied!' : 'Copy code'}
        </Button>
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable code must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100 dark:bg-slate-950"
      >
        <code>{code}</code>
      </pre>
    </section>
  );
}
