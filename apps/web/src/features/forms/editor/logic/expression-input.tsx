import { EXPRESSION_FUNCTIONS, expressionNames, parseExpression } from '@formsmith/core/logic/expression';
import { useId } from 'react';
import { Input } from '../../../../components/ui/input.tsx';
import type { NameChoice } from './logic-model.ts';

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
  if (value.trim() === '') return 'Type a calculation, e.g. price * quantity';
  const parsed = parseExpression(value);
  if (!parsed.ok) return `${parsed.error} (at character ${parsed.at + 1})`;
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
      <Input
        id={id}
        value={value}
        spellCheck={false}
        className="font-mono"
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div id={`${id}-message`} aria-live="polite">
        {messages.map((message) => (
          <p key={message} className="text-sm text-red-700 dark:text-red-400">
            {message}
          </p>
        ))}
      </div>
      <details id={`${id}-names`} className="text-sm text-slate-600 dark:text-slate-300">
        <summary className="cursor-pointer">Names and functions you can use</summary>
        <ul className="mt-1 max-h-40 space-y-0.5 overflow-y-auto">
          {names.map((n) => (
            <li key={n.name} className="break-words">
              <code className="font-mono text-slate-900 dark:text-slate-100">{n.name}</code> · {n.description}
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
