import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { primaryButton, secondaryButton } from '../../../components/public-page/classes.ts';

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
 * Back, and Next or the submit button. Both post the page's form when JavaScript is off (the
 * server then steps through the form); Next comes first in the markup, as the button Enter
 * presses, and is drawn after Back. While the page holds an early submit until the anti-spam
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
    <div className="flex flex-col gap-3 sm:flex-row-reverse sm:items-center sm:justify-end">
      <button
        type="submit"
        name="_action"
        value={last ? 'submit' : 'next'}
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
      {onBack && (
        <button
          type="submit"
          name="_action"
          value="back"
          formNoValidate
          className={`${secondaryButton} w-full sm:w-auto`}
          onClick={(e) => {
            e.preventDefault();
            onBack();
          }}
          disabled={submitting}
        >
          {t('form.back')}
        </button>
      )}
    </div>
  );
}
