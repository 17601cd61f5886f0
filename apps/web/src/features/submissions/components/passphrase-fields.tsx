import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { passphraseHint } from '../lib/passphrase.ts';

/** A new passphrase typed twice, with a strength hint under the first. */
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
  const hint = value
    ? passphraseHint(value).text
    : 'At least 10 characters; four or more unrelated words work well.';
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
    </>
  );
}
