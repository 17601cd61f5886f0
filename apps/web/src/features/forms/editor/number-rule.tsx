import { parseNumericInput } from '@formsmith/core/fields/editor-rules';
import { useState } from 'react';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** Keeps only parseable numbers; anything else (an empty box, stray text) unsets the rule. */
export function NumberRule({
  label,
  value,
  min,
  max,
  hint,
  onChange,
}: {
  label: string;
  value: number | undefined;
  min?: number;
  max?: number;
  hint?: string;
  onChange: (value: number | undefined) => void;
}) {
  // The typed text is kept while it is not a number yet ('-', '1e'), the rule is unset meanwhile.
  const [text, setText] = useState(value === undefined ? '' : String(value));
  return (
    <Labelled label={label} hint={hint}>
      <Input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseNumericInput(e.target.value);
          if (parsed === undefined) return onChange(undefined);
          const low = min === undefined ? parsed : Math.max(min, parsed);
          onChange(max === undefined ? low : Math.min(max, low));
        }}
      />
    </Labelled>
  );
}
