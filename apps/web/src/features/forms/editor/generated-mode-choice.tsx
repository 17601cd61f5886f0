import type { GeneratedMode } from './merge-generated.ts';

type Props = {
  fieldCount: number;
  mode: GeneratedMode;
  onChange: (mode: GeneratedMode) => void;
  disabled: boolean;
};

const CHOICES: { mode: GeneratedMode; label: (n: string) => string }[] = [
  { mode: 'add', label: (n) => `Add the new fields after your ${n}` },
  { mode: 'replace', label: (n) => `Replace your ${n} with the new form` },
];

/** On a form that has fields, generating asks what becomes of them (undo can take it back too). */
export function GeneratedModeChoice({ fieldCount, mode, onChange, disabled }: Props) {
  const fields = fieldCount === 1 ? '1 field' : `${fieldCount} fields`;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">This form already has {fields}</legend>
      {CHOICES.map((choice) => (
        <label key={choice.mode} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="generated-mode"
            value={choice.mode}
            checked={mode === choice.mode}
            disabled={disabled}
            onChange={() => onChange(choice.mode)}
            className="h-4 w-4 accent-brand-600"
          />
          {choice.label(fields)}
        </label>
      ))}
    </fieldset>
  );
}
