import { primaryButton, secondaryButton } from '../lib/classes.ts';

type StepButtonsProps = {
  /** The submit button's text on the last screen; 'Next' before it. */
  text: string;
  last: boolean;
  submitting: boolean;
  holdMs: number;
  disabled: boolean;
  /** Going back: absent on the first screen. */
  onBack?: () => void;
};

/**
 * Back, and Next or the submit button. While the page holds an early submit until the anti-spam
 * window has passed, a bar fills the button over the remaining time, so the wait reads as
 * progress, not as a hang.
 */
export function StepButtons({ text, last, submitting, holdMs, disabled, onBack }: StepButtonsProps) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      {onBack && (
        <button
          type="button"
          className={`${secondaryButton} w-full sm:w-auto`}
          onClick={onBack}
          disabled={submitting}
        >
          Back
        </button>
      )}
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
        <span className="relative">{submitting ? 'Submitting…' : last ? text : 'Next'}</span>
      </button>
    </div>
  );
}
