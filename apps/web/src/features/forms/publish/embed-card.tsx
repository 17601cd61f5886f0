import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { Select } from '../../../components/ui/input.tsx';
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

const SCRIPT = (origin: string) => `<script src="${origin}/embed.js" async></script>`;

/**
 * The colour scheme the embedded form is drawn in (embed.js's data-theme, the frame's `?theme=`):
 * none chosen, the script matches an inline form to the page's declared `color-scheme` and a
 * dialog or full page to the visitor's system.
 */
type Scheme = '' | 'light' | 'dark' | 'auto';
const SCHEMES: { value: Scheme; label: string }[] = [
  { value: '', label: 'Match my page (its CSS color-scheme; none means light)' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: "Follow the visitor's system" },
];
const themeAttribute = (scheme: Scheme) => (scheme ? ` data-theme="${scheme}"` : '');

/** Each way to embed the form: its name, what it does, and the code to paste. */
const SNIPPETS: {
  id: string;
  title: string;
  hint: string;
  code: (origin: string, form: string, scheme: Scheme) => string;
}[] = [
  {
    id: 'iframe',
    title: 'Iframe',
    hint: 'A fixed-height frame (500 px) that works everywhere.',
    // The frame element gets the form's scheme too: browsers paint an opaque backdrop behind a
    // frame whose page's scheme differs from the frame element's.
    code: (origin, form, scheme) =>
      scheme
        ? `<iframe src="${origin}/form/${form}/embed?theme=${scheme}" width="100%" height="500" frameborder="0" style="border:none;color-scheme:${scheme === 'auto' ? 'light dark' : scheme}"></iframe>`
        : `<iframe src="${origin}/form/${form}/embed" width="100%" height="500" frameborder="0" style="border:none"></iframe>`,
  },
  {
    id: 'script',
    title: 'Auto-resizing script',
    hint: 'Paste where the form should appear: embed.js puts the form there and sizes it to its content.',
    code: (origin, form, scheme) =>
      `<div data-formsmith-form="${form}"${themeAttribute(scheme)}></div>${SCRIPT(origin)}`,
  },
  {
    id: 'popup',
    title: 'Popup',
    hint: 'A button that opens the form in a dialog over your page; Escape or the close button closes it. Add data-open-after="5" to open it by itself after 5 seconds.',
    code: (origin, form, scheme) =>
      `<button type="button" data-formsmith-popup="${form}"${themeAttribute(scheme)}>Open the form</button>${SCRIPT(origin)}`,
  },
  {
    id: 'slidein',
    title: 'Slide-in',
    hint: 'A panel at a corner of your page (data-position: bottom-right or bottom-left) that visitors can keep reading beside.',
    code: (origin, form, scheme) =>
      `<button type="button" data-formsmith-slidein="${form}" data-position="bottom-right"${themeAttribute(scheme)}>Give feedback</button>${SCRIPT(origin)}`,
  },
  {
    id: 'fullpage',
    title: 'Full page',
    hint: 'For a page that is only the form: it fills the whole window.',
    code: (origin, form, scheme) =>
      `<div data-formsmith-fullpage="${form}"${themeAttribute(scheme)}></div>${SCRIPT(origin)}`,
  },
];

export function EmbedCard({ form }: { form: StoredForm }) {
  const origin = publicOrigin(form.sharing.shareUrl);
  const slugOrId = form.sharing.slug || String(form.id);
  const [copied, showCopied] = useTimedValue<string>(2000);
  const [scheme, setScheme] = useState<Scheme>('');
  const schemeId = useId();

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
        <div className="space-y-1">
          <label htmlFor={schemeId} className="block text-sm font-medium">
            Colour scheme
          </label>
          <Select
            id={schemeId}
            value={scheme}
            onChange={(event) => setScheme(event.target.value as Scheme)}
            aria-describedby={`${schemeId}-hint`}
            className="sm:max-w-md"
          >
            {SCHEMES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <p id={`${schemeId}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
            The inline form lets your page show through, so it should be drawn in your page's scheme. Without
            a choice a popup, slide-in or full page follows the visitor's system, and a plain iframe does too.
          </p>
        </div>
        {SNIPPETS.map((snippet) => (
          <Snippet
            key={snippet.id}
            title={snippet.title}
            hint={snippet.hint}
            code={snippet.code(origin, slugOrId, scheme)}
            copied={copied === snippet.id}
            onCopy={(code) => copy(snippet.id, code)}
          />
        ))}
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
