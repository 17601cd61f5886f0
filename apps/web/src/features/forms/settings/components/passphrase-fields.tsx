import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { usePassphraseTools } from '../../../../lib/form-keys/use-passphrase-tools.ts';

/**
 * A new passphrase typed twice, with how hard it is to guess under the first, and a strong one
 * to take instead: the server never sees the passphrase, so this page is where it is checked.
 */
export function PassphraseFields({
  value,
  repeated,
  onChange,
  error,
}: {
  value: string;
  repeated: string;
  onChange: (next: { value: string; repeated: string }) => void;
  error?: string;
}) {
  const tools = usePassphraseTools();
  const [suggested, setSuggested] = useState<string | null>(null);
  const hint = !value
    ? 'At least 10 characters and hard to guess: four or more unrelated words work well.'
    : tools
      ? tools.rate(value).text
      : 'Checking how hard it is to guess…';
  const suggest = () => {
    if (!tools) return;
    const passphrase = tools.suggest();
    setSuggested(passphrase);
    onChange({ value: passphrase, repeated: passphrase });
  };
  return (
    <>
      <FormField label="New passphrase" hint={hint}>
        <Input
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(e) => onChange({ value: e.target.value, repeated })}
        />
      </FormField>
      <FormField label="Repeat the passphrase" error={error}>
        <Input
          type="password"
          autoComplete="new-password"
          value={repeated}
          onChange={(e) => onChange({ value, repeated: e.target.value })}
        />
      </FormField>
      <div className="space-y-2">
        <Button type="button" variant="secondary" size="sm" disabled={!tools} onClick={suggest}>
          Suggest a strong passphrase
        </Button>
        {suggested && value === suggested && (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            Suggested passphrase, filled in above:{' '}
            <code data-suggested-passphrase className="break-all font-semibold">
              {suggested}
            </code>
            . Keep it in a password manager or write it down before you go on.
          </p>
        )}
      </div>
    </>
  );
}
