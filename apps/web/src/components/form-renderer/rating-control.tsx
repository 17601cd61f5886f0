import { ratingStars, ratingSteps } from '@formsmith/core/fields/rating';
import type { FieldOf } from '@formsmith/core/forms/field';
import { useChrome } from './chrome-context.ts';
import type { ControlAttributes, FieldValue } from './values.ts';

type RatingControlProps = {
  field: FieldOf<'rating'>;
  id: string;
  value: FieldValue;
  common: ControlAttributes;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
};

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** One star, filled to the left half, whole, or not at all. */
function StarShape(props: { fill: 0 | 0.5 | 1; clip: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-9 w-9">
      <defs>
        <clipPath id={props.clip}>
          <rect x="0" y="0" width={24 * props.fill} height="24" />
        </clipPath>
      </defs>
      <path
        d={STAR}
        className="fill-white stroke-slate-500 dark:fill-slate-900 dark:stroke-slate-400"
        strokeWidth="1.5"
      />
      {props.fill > 0 && (
        <path
          d={STAR}
          clipPath={`url(#${props.clip})`}
          className="fill-amber-400 stroke-amber-600 dark:stroke-amber-300"
          strokeWidth="1.5"
        />
      )}
    </svg>
  );
}

/**
 * Stars to pick from: radio buttons (a radiogroup: Tab enters it, arrow keys move and pick), drawn
 * as stars, each named '3 of 5 stars'. With half stars each star is two buttons, its halves.
 * Nothing is picked, and nothing stored, until the respondent picks.
 */
export function RatingControl(props: RatingControlProps) {
  const { field, id } = props;
  const { t } = useChrome();
  const total = ratingStars(field);
  const steps = ratingSteps(field);
  const picked = typeof props.value === 'string' || typeof props.value === 'number' ? Number(props.value) : 0;
  const half = field.halfStars === true;
  return (
    <div
      role="radiogroup"
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      aria-required={field.validation.required || undefined}
      className="flex flex-wrap items-center"
    >
      {Array.from({ length: total }, (_, s) => {
        const star = s + 1;
        const fill = picked >= star ? 1 : picked >= star - 0.5 && half ? 0.5 : 0;
        const choices = steps.filter((n) => n > star - 1 && n <= star);
        return (
          <span key={star} className="inline-flex h-11 w-11">
            {choices.map((n, k) => {
              const i = steps.indexOf(n);
              // With half stars each half is its own button, showing its half of the star.
              const right = half && k === 1;
              return (
                <label
                  key={n}
                  htmlFor={`${id}-${i}`}
                  className={`relative block h-11 cursor-pointer overflow-hidden rounded-md has-focus-visible:ring-2 has-focus-visible:ring-brand-500 ${half ? 'w-1/2' : 'w-11'}`}
                >
                  <input
                    id={`${id}-${i}`}
                    type="radio"
                    name={field.id}
                    value={String(n)}
                    disabled={props.common.disabled}
                    checked={picked === n}
                    onChange={() => props.onChange(String(n))}
                    className="sr-only"
                  />
                  <span className="sr-only">{t('field.stars', { n, total })}</span>
                  <span
                    aria-hidden="true"
                    className={`pointer-events-none absolute top-0 flex h-11 w-11 items-center justify-center ${right ? 'right-0' : 'left-0'}`}
                  >
                    <StarShape fill={fill} clip={`${id}-clip-${star}-${k}`} />
                  </span>
                </label>
              );
            })}
          </span>
        );
      })}
      {picked > 0 && (
        <span className="ms-2 text-sm text-slate-700 tabular-nums dark:text-slate-300" aria-hidden="true">
          {picked} / {total}
        </span>
      )}
    </div>
  );
}
