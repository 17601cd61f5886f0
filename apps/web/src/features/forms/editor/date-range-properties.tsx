import type { FieldOf, FieldPatch, FieldValidation } from '@formsmith/core/forms/field';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NumberRule } from './number-rule.tsx';

/**
 * A date range's two labels (empty: the page's own words, "Start date" and "End date" in the
 * form's language), the earliest start and latest end, and how many days apart the dates may be.
 */
export function DateRangeProperties(props: {
  field: FieldOf<'date_range'>;
  update: (patch: FieldPatch) => void;
  setRule: (patch: Partial<FieldValidation>) => void;
}) {
  const { field, update, setRule } = props;
  const { minDate, maxDate, minDays, maxDays } = field.validation;
  return (
    <>
      <Labelled label="Start label" hint="Empty: “Start date”, in the form's language">
        <Input
          value={field.startLabel ?? ''}
          onChange={(e) => update({ startLabel: e.target.value || undefined })}
        />
      </Labelled>
      <Labelled label="End label" hint="Empty: “End date”, in the form's language">
        <Input
          value={field.endLabel ?? ''}
          onChange={(e) => update({ endLabel: e.target.value || undefined })}
        />
      </Labelled>
      <Labelled label="Earliest start date">
        <Input
          type="date"
          value={minDate ?? ''}
          max={maxDate}
          onChange={(e) => setRule({ minDate: e.target.value || undefined })}
        />
      </Labelled>
      <Labelled label="Latest end date">
        <Input
          type="date"
          value={maxDate ?? ''}
          min={minDate}
          onChange={(e) => setRule({ maxDate: e.target.value || undefined })}
        />
      </Labelled>
      <NumberRule
        label="Fewest days apart"
        hint="From start to end: 1 to 4 May is 3 days"
        min={0}
        value={minDays}
        onChange={(days) => setRule({ minDays: days === undefined ? undefined : Math.floor(days) })}
      />
      <NumberRule
        label="Most days apart"
        min={0}
        value={maxDays}
        onChange={(days) => setRule({ maxDays: days === undefined ? undefined : Math.floor(days) })}
      />
    </>
  );
}
