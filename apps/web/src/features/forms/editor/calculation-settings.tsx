import type { FieldOf, FieldPatch } from '@formsmith/core/forms/field';
import { CheckboxField } from '../../../components/ui/input.tsx';
import { ExpressionInput } from './logic/expression-input.tsx';
import type { NameChoice } from './logic/logic-model.ts';

type Props = {
  field: FieldOf<'calculated'>;
  names: NameChoice[];
  /** What the logic check says of the expression (names that come later, the score too early). */
  problems: string[];
  update: (patch: FieldPatch) => void;
};

/** A calculated field's expression, checked as it is typed, and whether respondents see the result. */
export function CalculationSettings({ field, names, problems, update }: Props) {
  return (
    <>
      <ExpressionInput
        label="Calculation"
        value={field.expression}
        names={names}
        problems={problems}
        onChange={(expression) => update({ expression })}
      />
      <CheckboxField
        label="Show the result to respondents"
        checked={field.showResult === true}
        onChange={(e) => update({ showResult: e.target.checked || undefined })}
      />
    </>
  );
}
