import { relabelOption } from '@formsmith/core/fields/options';
import type { FieldOption } from '@formsmith/core/forms/field';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

const NOUNS = { option: 'Option', row: 'Row', column: 'Column' } as const;

function nextOption(options: FieldOption[], noun: keyof typeof NOUNS): FieldOption {
  let n = options.length + 1;
  while (options.some((o) => o.value === `${noun}_${n}`)) n += 1;
  return {
    id: `${noun.slice(0, 3)}_${crypto.randomUUID().slice(0, 8)}`,
    label: `${NOUNS[noun]} ${n}`,
    value: `${noun}_${n}`,
  };
}

type OptionsEditorProps = {
  options: FieldOption[];
  /** The form has answers, which hold option values: renaming a label keeps its value. */
  keepValues: boolean;
  /** Quiz mode: each option gets its points and a 'correct' mark. */
  quiz?: boolean;
  /** `renamed` says which stored value became which, for the default and rules that compare with it. */
  onChange: (options: FieldOption[], renamed?: { from: string; to: string }) => void;
  /** Whether the field offers 'Other, please specify' after its options, and its change (none: not offered). */
  allowOther?: boolean;
  onAllowOther?: (allow: boolean) => void;
  /** What the list holds: a choice's options, or a matrix's rows or columns. */
  noun?: keyof typeof NOUNS;
};

/**
 * Add, edit and remove a choice field's options; values follow the labels and are shown only
 * under 'Advanced'. The list scrolls above 15rem.
 */
export function OptionsEditor(props: OptionsEditorProps) {
  const { options, keepValues, quiz = false, onChange, noun = 'option' } = props;
  const Noun = NOUNS[noun];
  const [advanced, setAdvanced] = useState(false);
  const advancedId = useId();
  const otherId = useId();
  /** Quiz points and the correct mark: the stored value stays, so nothing follows it. */
  const update = (index: number, patch: Partial<FieldOption>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  const setValue = (index: number, value: string) => {
    const from = options[index]?.value;
    const next = options.map((o, i) => (i === index ? { ...o, value } : o));
    onChange(next, from !== undefined && from !== value ? { from, to: value } : undefined);
  };
  const relabel = (index: number, label: string) => {
    const next = relabelOption({ options, index, label, keepValues });
    const from = options[index]?.value;
    const to = next[index]?.value;
    onChange(next, from !== undefined && to !== undefined && from !== to ? { from, to } : undefined);
  };

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{Noun}s</legend>
      <div className="flex items-center gap-2">
        <Checkbox id={advancedId} checked={advanced} onChange={(e) => setAdvanced(e.target.checked)} />
        <label htmlFor={advancedId} className="text-sm">
          Advanced: show stored values
        </label>
      </div>
      <ul className="max-h-60 space-y-2 overflow-y-auto pr-1" data-testid="options-list">
        {options.map((option, index) => (
          <li
            key={option.id}
            className={cn(
              'grid items-center gap-2',
              advanced ? 'grid-cols-[minmax(0,1fr)_6.5rem_auto]' : 'grid-cols-[minmax(0,1fr)_auto]',
            )}
          >
            <Input
              value={option.label}
              onChange={(e) => relabel(index, e.target.value)}
              aria-label={`${Noun} ${index + 1} label`}
              className="h-9"
            />
            {advanced && (
              <Input
                value={option.value}
                onChange={(e) => setValue(index, e.target.value)}
                aria-label={`${Noun} ${index + 1} value`}
                className="h-9 font-mono text-xs"
              />
            )}
            <Button
              variant="ghost"
              size="icon"
              disabled={options.length <= 1}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
              aria-label={`Remove ${noun} ${index + 1}`}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Button>
            {quiz && <QuizOption index={index} option={option} onChange={(patch) => update(index, patch)} />}
          </li>
        ))}
      </ul>
      {props.allowOther && (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          Other: respondents type their own answer
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange([...options, nextOption(options, noun)])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add {noun}
        </Button>
        {props.onAllowOther && (
          <span className="flex items-center gap-2">
            <Checkbox
              id={otherId}
              checked={props.allowOther === true}
              onChange={(e) => props.onAllowOther?.(e.target.checked)}
            />
            <label htmlFor={otherId} className="text-sm">
              Add “Other, please specify”
            </label>
          </span>
        )}
      </div>
    </fieldset>
  );
}

/** An option's quiz points and whether it is a correct answer. */
function QuizOption(props: {
  index: number;
  option: FieldOption;
  onChange: (patch: Partial<FieldOption>) => void;
}) {
  const { index, option, onChange } = props;
  const correctId = useId();
  return (
    <div className="col-span-full flex items-center gap-3 pb-1 pl-2 text-sm">
      <span className="flex items-center gap-1.5">
        <span aria-hidden="true">Points</span>
        <Input
          type="number"
          value={option.points ?? ''}
          onChange={(e) => {
            const points = e.target.value === '' ? undefined : Number(e.target.value);
            onChange({ points: points !== undefined && Number.isFinite(points) ? points : undefined });
          }}
          aria-label={`Option ${index + 1} points`}
          className="h-8 w-20"
        />
      </span>
      <Checkbox
        id={correctId}
        checked={option.correct === true}
        aria-label={`Option ${index + 1} is a correct answer`}
        onChange={(e) => onChange({ correct: e.target.checked || undefined })}
      />
      <label htmlFor={correctId}>Correct answer</label>
    </div>
  );
}
