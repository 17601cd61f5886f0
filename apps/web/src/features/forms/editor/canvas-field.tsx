import { isChoiceType, labelError } from '@formsmith/core/fields/editor-rules';
import { allowsOther } from '@formsmith/core/fields/other';
import { type FormField, optionsOf } from '@formsmith/core/forms/field';
import { recallToChips } from '@formsmith/core/logic/recall-names';
import { AlertTriangle, Settings2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FieldControl } from '../../../components/form-renderer/field-control.tsx';
import { initialValues } from '../../../components/form-renderer/values.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { inPlaceClasses } from './canvas-header.tsx';
import { FIELD_ICONS } from './field-icons.ts';
import { fieldTypeName } from './field-palette.tsx';
import type { DraftAction } from './form-draft.ts';
import { ChipText } from './logic/chip-text.tsx';
import type { NameChoice } from './logic/logic-model.ts';
import { RecallTextarea } from './logic/recall-textarea.tsx';
import { OptionsEditor } from './options-editor.tsx';

type CanvasFieldProps = {
  field: FormField;
  selected: boolean;
  showErrors: boolean;
  /** The server's message about this field when it refused the last save. */
  serverError?: string;
  /** What keeps this field from being published (a calculation that does not parse, a rule…). */
  problems?: string[];
  keepOptionValues: boolean;
  onMoreSettings?: () => void;
  dispatch: (action: DraftAction) => void;
  /** The drag handle, first in the field's top row. */
  handle: ReactNode;
  /** Move and delete buttons, last in the top row. */
  toolbar: ReactNode;
  /** The logic touching the field, under its label. */
  badges: ReactNode;
  /** Quiz mode: options carry points and a correct mark. */
  quiz: boolean;
  /** What `{{` offers in the label and help text. */
  names: NameChoice[];
};

/**
 * One field as respondents will see it. The selected one is edited in place: its label, help
 * text and choices; the rest of its settings are in the properties panel.
 */
export function CanvasField(props: CanvasFieldProps) {
  const { field, selected, showErrors, keepOptionValues, dispatch } = props;
  const [touched, setTouched] = useState(false);
  const update = (patch: Partial<FormField>) => dispatch({ type: 'update', id: field.id, patch });
  // Recall in the label reads as the question it names, here and in the buttons' names.
  const name = recallToChips(field.label, props.names) || 'Untitled field';
  const Icon = FIELD_ICONS[field.type];
  const error = ((touched || showErrors) && labelError(field.label)) || props.serverError;
  const errorId = `${field.id}-label-error`;
  // A heading block's label is its heading and its help text the text under it.
  const statement = field.type === 'statement';

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-1">
        {props.handle}
        <button
          type="button"
          onClick={() => dispatch({ type: 'select', id: field.id })}
          aria-pressed={selected}
          aria-label={`Select ${name}`}
          className="inline-flex items-center gap-1.5 rounded-md px-1 text-xs font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          <Icon aria-hidden="true" className="h-3.5 w-3.5 text-brand-600 dark:text-brand-400" />
          {fieldTypeName(field.type)}
          {field.validation.required && <span className="text-red-700 dark:text-red-400">· Required</span>}
        </button>
        <span className="flex-1" />
        {props.toolbar}
      </div>
      {selected ? (
        <>
          <RecallTextarea
            aria-label={statement ? 'Heading' : 'Label'}
            rows={1}
            value={field.label}
            names={props.names}
            onChange={(label) => update({ label: label.replace(/\n/g, ' ') })}
            onBlur={() => setTouched(true)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(inPlaceClasses, 'text-sm font-medium', error && 'border-red-500')}
          />
          {error && (
            <p id={errorId} className="px-2 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <RecallTextarea
            aria-label={statement ? 'Text' : 'Help text'}
            rows={statement ? 2 : 1}
            value={field.helpText ?? ''}
            names={props.names}
            placeholder={statement ? 'Add text (optional)' : 'Add help text (optional)'}
            onChange={(helpText) => update({ helpText: helpText || undefined })}
            className={cn(inPlaceClasses, 'text-sm text-slate-600 dark:text-slate-300')}
          />
        </>
      ) : (
        <>
          <p className={cn('px-2 font-medium break-words', statement ? 'text-lg' : 'text-sm')}>
            {field.label ? <ChipText text={field.label} refs={props.names} /> : name}
            {field.validation.required && (
              <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
                *
              </span>
            )}
          </p>
          {field.helpText && (
            <p className="px-2 text-sm break-words text-slate-600 dark:text-slate-400">
              <ChipText text={field.helpText} refs={props.names} />
            </p>
          )}
          {error && <p className="px-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
        </>
      )}
      {props.badges}
      {props.problems && props.problems.length > 0 && (
        <ul className="space-y-1 px-2" aria-label={`Problems of ${name}`}>
          {props.problems.map((message) => (
            <li key={message} className="flex gap-1.5 text-sm text-red-700 dark:text-red-400">
              <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span className="min-w-0 break-words">{message}</span>
            </li>
          ))}
        </ul>
      )}
      {selected && (field.type === 'ranking' || field.type === 'picture_choice') ? (
        <OptionsEditor
          options={field.options}
          keepValues={keepOptionValues}
          onChange={(options, renamed) =>
            dispatch({ type: 'update', id: field.id, patch: { options }, renamed })
          }
        />
      ) : selected && field.type === 'matrix' ? (
        <div className="space-y-4">
          <OptionsEditor
            noun="row"
            options={field.rows}
            keepValues={keepOptionValues}
            onChange={(rows) => update({ rows })}
          />
          <OptionsEditor
            noun="column"
            options={field.columns}
            keepValues={keepOptionValues}
            onChange={(columns) => update({ columns })}
          />
        </div>
      ) : selected && isChoiceType(field.type) ? (
        <OptionsEditor
          options={optionsOf(field) ?? []}
          keepValues={keepOptionValues}
          quiz={props.quiz}
          onChange={(options, renamed) =>
            dispatch({ type: 'update', id: field.id, patch: { options }, renamed })
          }
          allowOther={allowsOther(field)}
          // Off is left out, not stored as false: a field that never offered Other looks the same.
          onAllowOther={(allow) => update({ allowOther: allow || undefined })}
        />
      ) : (
        // What respondents get, shown but not usable here: clicks select the field instead.
        <div inert className="px-2">
          {field.type === 'hidden' && (
            <p className="text-sm text-slate-600 italic dark:text-slate-400">
              Not shown to respondents: its value is stored with every answer.
            </p>
          )}
          {field.type === 'image' &&
            (field.imageUrl ? (
              <img src={field.imageUrl} alt={field.label} className="max-h-48 rounded-lg" />
            ) : (
              <p className="text-sm text-slate-600 italic dark:text-slate-400">
                Set the image URL in the properties.
              </p>
            ))}
          <FieldControl
            field={field}
            id={`canvas-${field.id}`}
            value={initialValues([field])[field.id] ?? null}
            describedBy={undefined}
            invalid={false}
            onChange={() => undefined}
          />
        </div>
      )}
      {selected && props.onMoreSettings && (
        <Button variant="secondary" size="sm" onClick={props.onMoreSettings}>
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          More settings
        </Button>
      )}
    </div>
  );
}
