import { primaryButton } from '../lib/classes.ts';

type SubmitButtonProps = { text: string; submitting: boolean; holdMs: number; disabled: boolean };

/**
 * The submit button. While the page holds an early submit until the anti-spam window has passed,
 * a bar fills the button over the remaining time, so the wait reads as progress, not as a hang.
 */
export function SubmitButton({ text, submitting, holdMs, disabled }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`${primaryButton} relative w-full overflow-hidden sm:w-auto sm:min-w-40`}
      disabled={submitting || disabled}
    >
      {holdMs > 0 && (
        <span
          aria-hidden="true"
          className="fill-hold absolute inset-y-0 left-0 bg-white/25"
          style={{ animationDuration: `${holdMs}ms` }}
        />
      )}
      <span className="relative">{submitting ? 'Submitting…' : text}</span>
    </button>
  );
}
