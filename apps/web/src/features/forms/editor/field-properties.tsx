import { typedAnswerCap } from '@formsmith/core/fields/answer-length';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { applicableRules } from '@formsmith/core/fields/editor-rules';
import { answerChoices } from '@formsmith/core/fields/options';
import { checkPattern } from '@formsmith/core/fields/pattern';
import { type FieldPatch, type FieldValidation, type FormField, rulesOf } from '@formsmith/core/forms/field';
import type { FormLogic } from '@formsmith/core/logic/definition';
import { Settings2 } from 'lucide-react';
import { FormField as Labelled } from '../../../components/ui/form-field.tsx';
import { Checkbox, Input, Select } from '../../../components/ui/input.tsx';
import { CalculationSettings } from './calculation-settings.tsx';
import { fieldTypeName } from './field-palette.tsx';
import type { DraftAction } from './form-draft.ts';
import { namesOf } from './logic/logic-model.ts';
import { QuestionRule } from './logic/question-rule.tsx';
import { NumberRule } from './number-rule.tsx';
import { PrefillSettings } from './prefill-settings.tsx';
import { TypeProperties } from './type-properties.tsx';
import { useDebouncedText } from './use-debounced-text.ts';

type Props = {
  field: FormField | undefined;
  fields: FormField[];
  logic: FormLogic;
  /** Logic problems at a path (`fields.3.expression`). */
  problemsAt: (path: string) => string[];
  /** Logic problems at a path or inside it (`logic.rules.2`). */
  problemsWithin: (path: string) => string[];
  dispatch: (action: DraftAction) => void;
  /** Opens a rule on the Logic tab. */
  onOpenRule: (id: string) => void;
};

/** Edits the selected field; mounted per field (key) so its local text resets on selection. */
export function FieldProperties(props: Props) {
  const { field } = props;
  if (!field) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-12 text-center text-sm text-slate-600 dark:text-slate-300">
        <Settings2 aria-hidden="true" className="h-8 w-8" />
        <p>Select a field to edit its properties.</p>
      </div>
    );
  }
  if (field.type === 'page_break') {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A page break starts a new page; its title is edited on the form. Jumps and endings for a page are
        rules on the Logic tab.
      </p>
    );
  }
  return <FieldPropertiesForm key={field.id} {...props} field={field} />;
}

/** What the Max length box says of the type's own limit, which no rule can raise. */
function lengthCapHint(type: FormField['type']): string | undefined {
  const cap = typedAnswerCap(type);
  return cap === undefined ? undefined : `Answers are at most ${cap.toLocaleString('en-US')} characters`;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <h3 className="border-t border-slate-200 pt-4 text-sm font-semibold text-slate-800 dark:border-slate-700 dark:text-slate-100">
      {children}
    </h3>
  );
}

function FieldPropertiesForm(props: Props & { field: FormField }) {
  const { field, fields, dispatch } = props;
  const typed = field.type !== 'calculated';
  const update = (patch: FieldPatch) => dispatch({ type: 'update', id: field.id, patch });
  const setRule = (patch: Partial<FieldValidation>) => {
    const validation = { ...field.validation, ...patch };
    for (const key of Object.keys(patch) as (keyof FieldValidation)[])
      if (validation[key] === undefined) delete validation[key];
    update({ validation });
  };
  const rules = applicableRules(field.type);
  // Display-only fields (a heading, a picture) take no answer: no placeholder, default or 'Required'.
  const answers = takesAnswer(field.type);
  // A grid's rows and an order are answered whole on the page, and a signature is made there; a
  // date range's two dates are the respondent's alone (nothing preselected): no placeholder, no
  // one default.
  const manyAnswers =
    field.type === 'matrix' ||
    field.type === 'ranking' ||
    field.type === 'signature' ||
    field.type === 'date_range';

  const pattern = useDebouncedText(rulesOf(field).pattern ?? '', 500, (value) => {
    if (checkPattern(value) === null) setRule({ pattern: value === '' ? undefined : value });
  });
  const patternMessage = checkPattern(pattern.text);

  return (
    <div className="space-y-4">
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {fieldTypeName(field.type)} field
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Label, help text and choices are edited on the form itself.
      </p>
      {answers && typed && !manyAnswers && (field.type === 'select' || !answerChoices(field)) && (
        <Labelled label="Placeholder">
          <Input
            value={field.placeholder ?? ''}
            onChange={(e) => update({ placeholder: e.target.value || undefined })}
          />
        </Labelled>
      )}
      {field.type === 'calculated' && (
        <CalculationSettings
          field={field}
          names={namesOf(fields, props.logic, field.id)}
          problems={props.problemsAt(`fields.${fields.indexOf(field)}.expression`)}
          update={update}
        />
      )}
      {answers && typed && !manyAnswers && (
        <DefaultValueInput field={field} onChange={(defaultValue) => update({ defaultValue })} />
      )}
      {answers && typed && (
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${field.id}-required`}
            checked={field.validation.required === true}
            onChange={(e) => setRule({ required: e.target.checked })}
          />
          <label htmlFor={`${field.id}-required`} className="text-sm font-medium">
            Required
          </label>
        </div>
      )}
      {answers && !manyAnswers && <PrefillSettings field={field} update={update} />}

      {(rules.length || rules.value || rules.pattern) && <SectionTitle>Validation</SectionTitle>}
      {rules.length && (
        <div className="grid grid-cols-2 gap-3">
          <NumberRule
            label="Min length"
            min={0}
            max={typedAnswerCap(field.type)}
            value={rulesOf(field).minLength}
            onChange={(minLength) => setRule({ minLength })}
          />
          <NumberRule
            label="Max length"
            min={0}
            max={typedAnswerCap(field.type)}
            hint={lengthCapHint(field.type)}
            value={rulesOf(field).maxLength}
            onChange={(maxLength) => setRule({ maxLength })}
          />
        </div>
      )}
      {rules.value && (
        <div className="grid grid-cols-2 gap-3">
          <NumberRule label="Min value" value={rulesOf(field).min} onChange={(min) => setRule({ min })} />
          <NumberRule label="Max value" value={rulesOf(field).max} onChange={(max) => setRule({ max })} />
        </div>
      )}
      {rules.pattern && (
        <>
          <Labelled
            label="Regex pattern"
            error={patternMessage ?? undefined}
            hint="The whole answer must match, e.g. [A-Z]{3}-\d{4}"
          >
            <Input
              value={pattern.text}
              onChange={(e) => pattern.change(e.target.value)}
              onBlur={pattern.flush}
              className="font-mono"
              spellCheck={false}
            />
          </Labelled>
          <Labelled
            label="Custom error message"
            hint="Shown when the pattern does not match (default 'Invalid format')"
          >
            <Input
              value={rulesOf(field).customError ?? ''}
              onChange={(e) => setRule({ customError: e.target.value || undefined })}
            />
          </Labelled>
        </>
      )}

      <TypeProperties field={field} update={update} setRule={setRule} />

      {typed && (
        <>
          <SectionTitle>Conditional logic</SectionTitle>
          <QuestionRule
            field={field}
            fields={fields}
            logic={props.logic}
            problemsWithin={props.problemsWithin}
            onChange={(logic, key) => dispatch({ type: 'setLogic', logic, key })}
            onOpenRule={props.onOpenRule}
          />
        </>
      )}
    </div>
  );
}

function DefaultValueInput({
  field,
  onChange,
}: {
  field: FormField;
  onChange: (value: string | undefined) => void;
}) {
  const value = field.defaultValue ?? '';
  const set = (next: string) => onChange(next === '' ? undefined : next);
  const choices = answerChoices(field);
  if (choices) {
    return (
      <Labelled label="Default value">
        <Select value={value} onChange={(e) => set(e.target.value)}>
          <option value="">None</option>
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Labelled>
    );
  }
  const type = field.type === 'date' ? 'date' : field.type === 'number' ? 'number' : 'text';
  return (
    <Labelled label="Default value">
      <Input type={type} value={value} onChange={(e) => set(e.target.value)} />
    </Labelled>
  );
}
