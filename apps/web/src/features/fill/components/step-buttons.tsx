import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { primaryButton, secondaryButton } from '../lib/classes.ts';

type StepButtonsProps = {
  /** The submit button's text on the last screen; 'Next' before it. */
  text: string;
  last: boolean;
  submitting: boolean;
  holdMs: number;
  disabled: boolean;
  /** The last screen's submit is off (the owner's preview); Next and Back still work. */
  submitDisabled?: boolean;
  /** Going back: absent on the first screen. */
  onBack?: () => void;
};

/**
 * Back, and Next or the submit button. While the page holds an early submit until the anti-spam
 * window has passed, a bar fills the button over the remaining time, so the wait reads as
 * progress, not as a hang.
 */
export function StepButtons({
  text,
  last,
  submitting,
  holdMs,
  disabled,
  submitDisabled = false,
  onBack,
}: StepButtonsProps) {
  const { t } = useChrome();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      {onBack && (
        <button
          type="button"
          className={`${secondaryButton} w-full sm:w-auto`}
          onClick={onBack}
          disabled={submitting}
        >
          {t('form.back')}
        </button>
      )}
      <button
        type="submit"
        className={`${primaryButton} relative w-full overflow-hidden sm:w-auto sm:min-w-40`}
        disabled={submitting || disabled || (last && submitDisabled)}
      >
        {holdMs > 0 && (
          <span
            aria-hidden="true"
            className="fill-hold absolute inset-y-0 start-0 bg-white/25"
            style={{ animationDuration: `${holdMs}ms` }}
          />
        )}
        <span className="relative">{submitting ? t('form.submitting') : last ? text : t('form.next')}</span>
      </button>
    </div>
  );
}
