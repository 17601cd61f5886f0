import { EXPRESSION_FUNCTIONS, expressionNames, parseExpression } from '@formsmith/core/logic/expression';
import { expressionToChips } from '@formsmith/core/logic/recall-names';
import { useId } from 'react';
import { controlClasses } from '../../../../components/ui/input.tsx';
import type { NameChoice } from './logic-model.ts';
import { RecallTextarea } from './recall-textarea.tsx';

type Props = {
  label: string;
  value: string;
  names: NameChoice[];
  onChange: (value: string) => void;
  /** Problems the logic check found (names that come later, the score read too early). */
  problems?: string[];
};

/** What is wrong with an expression as typed, or null: parse errors carry their position. */
export function expressionError(value: string, names: NameChoice[]): string | null {
  if (value.trim() === '') return 'Type a calculation, e.g. @Price * @Quantity';
  const parsed = parseExpression(value);
  if (!parsed.ok) {
    // The position counts in the stored text: it is the owner's only when no name shows as a chip.
    const plain = expressionToChips(value, names) === value;
    return plain ? `${parsed.error} (at character ${parsed.at + 1})` : parsed.error;
  }
  const unknown = expressionNames(parsed.expr).filter((n) => !names.some((c) => c.name === n));
  return unknown.length ? `Unknown name: ${unknown.join(', ')}` : null;
}

/** An expression typed in full, checked as it is typed, with the names it may use listed below. */
export function ExpressionInput({ label, value, names, onChange, problems = [] }: Props) {
  const id = useId();
  const error = expressionError(value, names);
  // The logic check repeats a parse error in its own words: keep one.
  const messages = [...(error ? [error] : []), ...problems.filter((p) => !error || !p.endsWith(error))];
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <RecallTextarea
        id={id}
        mode="expression"
        rows={1}
        value={value}
        names={names}
        spellCheck={false}
        className={`${controlClasses} resize-none [field-sizing:content]`}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={`${id}-message`}
        // One line: Enter picks a suggestion (handled first by the list) or does nothing.
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        onChange={(next) => onChange(next.replace(/\n/g, ' '))}
      />
      <div id={`${id}-message`} aria-live="polite">
        {messages.map((message) => (
          <p key={message} className="text-sm text-red-700 dark:text-red-400">
            {message}
          </p>
        ))}
      </div>
      <details id={`${id}-names`} className="text-sm text-slate-600 dark:text-slate-300">
        <summary className="cursor-pointer">Type @ for a question or variable; what else you can use</summary>
        <ul className="mt-1 max-h-40 space-y-0.5 overflow-y-auto">
          {names.map((n) => (
            <li key={n.name} className="break-words">
              <span className="font-medium text-slate-900 dark:text-slate-100">
                {expressionToChips(n.name, names)}
              </span>
              {n.description !== n.label && ` · ${n.description}`}
            </li>
          ))}
        </ul>
        <p className="mt-1">
          + − × ÷, parentheses, comparisons, and/or, and{' '}
          {EXPRESSION_FUNCTIONS.map((f) => `${f}()`).join(', ')}.
        </p>
      </details>
    </div>
  );
}
