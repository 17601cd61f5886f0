import { useId, useState } from 'react';
import { copyText } from '../../lib/clipboard.ts';
import { Button } from './button.tsx';
import { Alert } from './feedback.tsx';
import { Input } from './input.tsx';

/** A secret the server shows only once: readable, copyable, and gone once dismissed. */
export function SecretOnce(props: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const id = useId();
  return (
    <Alert tone="warning" className="space-y-3">
      <label htmlFor={id} className="block font-medium">
        {props.label}
      </label>
      <p>Copy it now: it will not be shown again.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={props.value}
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button
          variant="secondary"
          onClick={() =>
            copyText(props.value).then(
              () => setCopied('Copied to clipboard'),
              (err: Error) => setCopied(err.message),
            )
          }
        >
          Copy
        </Button>
        <Button variant="ghost" onClick={props.onDone}>
          Done
        </Button>
      </div>
      {copied && <p role="status">{copied}</p>}
    </Alert>
  );
}
