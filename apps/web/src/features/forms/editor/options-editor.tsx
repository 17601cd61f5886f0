import type { FieldOption } from '@formsmith/core/forms/field';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';

function nextOption(options: FieldOption[]): FieldOption {
  let n = options.length + 1;
  while (options.some((o) => o.value === `option_${n}`)) n += 1;
  return { id: `opt_${crypto.randomUUID().slice(0, 8)}`, label: `Option ${n}`, value: `option_${n}` };
}

/** Add, edit and remove a choice field's options; the list scrolls above 15rem. */
export function OptionsEditor({
  options,
  onChange,
}: {
  options: FieldOption[];
  onChange: (options: FieldOption[]) => void;
}) {
  const update = (index: number, patch: Partial<FieldOption>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Options</legend>
      <ul className="max-h-60 space-y-2 overflow-y-auto pr-1" data-testid="options-list">
        {options.map((option, index) => (
          <li key={option.id} className="grid grid-cols-[minmax(0,1fr)_6.5rem_auto] items-center gap-2">
            <Input
              value={option.label}
              onChange={(e) => update(index, { label: e.target.value })}
              aria-label={`Option ${index + 1} label`}
              className="h-9"
            />
            <Input
              value={option.value}
              onChange={(e) => update(index, { value: e.target.value })}
              aria-label={`Option ${index + 1} value`}
              className="h-9 font-mono text-xs"
            />
            <Button
              variant="ghost"
              size="icon"
              disabled={options.length <= 1}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
              aria-label={`Remove option ${index + 1}`}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" onClick={() => onChange([...options, nextOption(options)])}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add option
      </Button>
    </fieldset>
  );
}
