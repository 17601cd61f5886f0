import { typedAnswerMaxLength } from '@formsmith/core/fields/answer-length';
import { allowsOther, OTHER_CHOICE, OTHER_TEXT_MAX_LENGTH, otherTextKey } from '@formsmith/core/fields/other';
import { type FormField, optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { lazy, Suspense } from 'react';
import { controlClasses } from '../ui/input.tsx';
import { AddressControl } from './address-control.tsx';
import { ChoiceInput, choiceGroup } from './choice-group.tsx';
import { useChrome } from './chrome-context.ts';
import { DateRangeControl } from './date-range-control.tsx';
import { MatrixControl } from './matrix-control.tsx';
import { PhoneControl } from './phone-control.tsx';
import { PictureChoiceControl } from './picture-choice-control.tsx';
import { RankingControl } from './ranking-control.tsx';
import { RatingControl } from './rating-control.tsx';
import { RestingControl } from './resting-control.tsx';
import { ScaleControl } from './scale-control.tsx';
import { SignatureControl, type Signed } from './signature-control.tsx';
import {
  type ControlAttributes,
  type FieldValue,
  type FileStatus,
  fileValues,
  isCheckboxGroup,
} from './values.ts';

export type ControlProps = {
  field: FormField;
  id: string;
  value: FieldValue;
  describedBy: string | undefined;
  invalid: boolean;
  disabled?: boolean;
  onChange: (value: FieldValue) => void;
  fileStatus?: FileStatus;
  onFileSelect?: (file: File) => void;
  /** The files chosen at once in a file field's input. */
  onFilesSelect?: (files: File[]) => void;
  /** A signature's PNG, with how and when it was signed. */
  onSign?: (file: File, signed: Signed) => void;
  /** Show each choice's letter key (A, B, C…) beside it, for forms answered by keyboard. */
  keyHints?: boolean;
  /** A choice field's 'Other, please specify' text, and its change (typing picks Other). */
  otherText?: string;
  onOtherText?: (text: string) => void;
  /** A phone's or an address's country picked (ISO code, '' for none), and its change. */
  country?: string;
  onCountry?: (country: string) => void;
};

// Few forms ask for files: the upload control loads only when one does.
const FileControl = lazy(() => import('./file-control.tsx').then((m) => ({ default: m.FileControl })));

const INPUT_TYPES = {
  text: 'text',
  email: 'email',
  url: 'url',
  password: 'password',
  date: 'date',
  time: 'time',
} as const;

const AUTOCOMPLETE: Partial<Record<FormField['type'], string>> = { email: 'email', url: 'url' };

/** A computed number as the page's language writes it ('1234.5' → '1 234,5' in French). */
function formatNumber(value: string, locale: string): string {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? new Intl.NumberFormat(locale).format(n) : value;
}

function text(value: FieldValue): string {
  return typeof value === 'string' ? value : '';
}

/** The input of one field, by type. Groups (radio, checkboxes) render their own labelled inputs. */
export function FieldControl(props: ControlProps) {
  const { t, locale } = useChrome();
  const { field, id } = props;
  const common: ControlAttributes = {
    id,
    name: field.id,
    disabled: props.disabled || field.isReadOnly,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy,
    'aria-required': field.validation.required || undefined,
  };
  // A phone's and an address's country picker.
  const picker = { country: props.country ?? '', onCountry: (country: string) => props.onCountry?.(country) };
  switch (field.type) {
    case 'phone':
      return <PhoneControl {...props} field={field} common={common} {...picker} />;
    case 'address':
      return <AddressControl {...props} field={field} common={common} {...picker} />;
    case 'date_range':
      return <DateRangeControl {...props} field={field} common={common} />;
    case 'text':
    case 'email':
    case 'url':
    case 'password':
    case 'date':
    case 'time':
      return (
        <input
          {...common}
          type={INPUT_TYPES[field.type]}
          className={`${controlClasses} h-10`}
          placeholder={field.placeholder}
          autoComplete={field.type === 'password' ? 'off' : AUTOCOMPLETE[field.type]}
          maxLength={field.type === 'date' || field.type === 'time' ? undefined : typedAnswerMaxLength(field)}
          value={text(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={4}
          className={controlClasses}
          placeholder={field.placeholder}
          maxLength={typedAnswerMaxLength(field)}
          value={text(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
    case 'number':
      return <NumberControl {...props} common={common} />;
    case 'range':
    case 'color':
      return <RestingControl {...props} field={field} common={common} />;
    case 'select': {
      const select = (
        <select
          {...common}
          className={`${controlClasses} h-10`}
          value={text(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="">{field.placeholder || t('field.selectOption')}</option>
          {(optionsOf(field) ?? []).map((o) => (
            <option key={o.id} value={o.value}>
              {o.label}
            </option>
          ))}
          {allowsOther(field) && <option value={OTHER_CHOICE}>{t('field.other')}</option>}
        </select>
      );
      if (!allowsOther(field)) return select;
      const otherId = `${id}-other`;
      return (
        <div className="space-y-2">
          {select}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <label htmlFor={otherId} className="text-sm text-slate-700 dark:text-slate-300">
              {t('field.otherText')}
            </label>
            <OtherTextInput {...props} id={otherId} pick={() => props.onChange(OTHER_CHOICE)} />
          </div>
        </div>
      );
    }
    case 'radio':
      return <ChoiceGroup {...props} common={common} kind="radio" />;
    case 'nps':
    case 'yes_no':
      return <ScaleControl {...props} field={field} common={common} />;
    case 'matrix':
      return <MatrixControl {...props} field={field} common={common} />;
    case 'rating':
      return <RatingControl {...props} field={field} common={common} />;
    case 'ranking':
      return <RankingControl {...props} field={field} common={common} />;
    case 'picture_choice':
      return <PictureChoiceControl {...props} field={field} common={common} />;
    case 'checkbox':
      if (isCheckboxGroup(field)) return <ChoiceGroup {...props} common={common} kind="checkbox" />;
      return (
        <input
          {...common}
          type="checkbox"
          className="h-5 w-5 rounded border-slate-400 accent-brand-600 dark:border-slate-500"
          checked={props.value === true}
          onChange={(e) => props.onChange(e.target.checked)}
        />
      );
    case 'file':
      return (
        <Suspense fallback={null}>
          <FileControl
            {...common}
            field={field}
            value={props.value}
            status={props.fileStatus}
            onSelect={props.onFilesSelect}
            onRemove={(index) =>
              props.onChange(
                Array.isArray(props.value) ? fileValues(props.value).filter((_, i) => i !== index) : null,
              )
            }
          />
        </Suspense>
      );
    case 'signature':
      return (
        <SignatureControl
          field={field}
          common={common}
          value={props.value}
          status={props.fileStatus}
          onChange={props.onChange}
          onSign={props.onSign}
        />
      );
    case 'calculated':
      // Computed from other answers, never typed: shown read-only, announced as it changes.
      return (
        <output
          id={id}
          aria-live="polite"
          aria-describedby={props.describedBy}
          className="block text-lg font-semibold tabular-nums text-slate-900 dark:text-slate-100"
        >
          {formatNumber(text(props.value), locale) || '–'}
        </output>
      );
    case 'image':
    case 'statement':
    case 'hidden':
    // Page breaks split the form into pages.
    case 'page_break':
      return null;
    default: {
      const unknown: never = field;
      return unknown;
    }
  }
}

function NumberControl(props: ControlProps & { common: ControlAttributes }) {
  const { field } = props;
  const { min, max, step = 1 } = rulesOf(field);
  // Out-of-range input stays as typed: validation says what is wrong instead of silently changing it.
  const value = text(props.value);
  return (
    <input
      {...props.common}
      type="number"
      inputMode="decimal"
      className={`${controlClasses} h-10`}
      placeholder={field.placeholder}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

function ChoiceGroup(props: ControlProps & { common: ControlAttributes; kind: 'radio' | 'checkbox' }) {
  const { field, kind } = props;
  const { toggle, groupAttrs, isChecked } = choiceGroup({
    kind,
    value: props.value,
    invalid: props.invalid,
    required: field.validation.required,
    onChange: props.onChange,
  });
  return (
    <div className="space-y-2" aria-describedby={props.describedBy} {...groupAttrs}>
      {(optionsOf(field) ?? []).map((o, i) => {
        const optionId = `${props.id}-${i}`;
        const checked = isChecked(o.value);
        return (
          <label key={o.id} htmlFor={optionId} className={`${CHOICE_ROW} cursor-pointer`}>
            <ChoiceInput
              id={optionId}
              kind={kind}
              name={field.id}
              value={o.value}
              disabled={props.common.disabled}
              checked={checked}
              toggle={toggle}
            />
            {props.keyHints && i < 26 && <KeyHint index={i} />}
            <span className="min-w-0 [overflow-wrap:anywhere]">{o.label}</span>
          </label>
        );
      })}
      {allowsOther(field) && (
        <OtherChoice
          {...props}
          kind={kind}
          checked={isChecked(OTHER_CHOICE)}
          index={(optionsOf(field) ?? []).length}
          toggle={(checked) => toggle(OTHER_CHOICE, checked)}
        />
      )}
    </div>
  );
}

// Each choice is a row the whole of which takes a tap, at least 44 px tall like the Yes and No
// buttons: a small box beside a short label is hard to hit on a phone.
const CHOICE_ROW =
  'flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 select-none hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-focus-visible:ring-offset-2 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950 dark:has-focus-visible:ring-offset-slate-900';

/** The box for 'Other, please specify': typing in it picks Other, as a respondent means it to. */
function OtherTextInput(props: ControlProps & { pick: () => void; label?: string }) {
  return (
    <input
      id={props.id}
      type="text"
      name={otherTextKey(props.field.id)}
      aria-label={props.label}
      disabled={props.disabled || props.field.isReadOnly}
      maxLength={OTHER_TEXT_MAX_LENGTH}
      className={`${controlClasses} h-9 min-w-0 flex-1 basis-40`}
      value={props.otherText ?? ''}
      onChange={(e) => {
        props.onOtherText?.(e.target.value);
        if (e.target.value.trim() !== '') props.pick();
      }}
    />
  );
}

/** The Other choice of a radio or checkbox group, with its text box beside it. */
function OtherChoice(
  props: ControlProps & {
    kind: 'radio' | 'checkbox';
    checked: boolean;
    index: number;
    toggle: (checked: boolean) => void;
  },
) {
  const { t } = useChrome();
  const { field, index } = props;
  const optionId = `${props.id}-${index}`;
  return (
    <div className={`${CHOICE_ROW} flex-wrap`}>
      <label htmlFor={optionId} className="flex cursor-pointer items-center gap-3">
        <ChoiceInput
          id={optionId}
          kind={props.kind}
          name={field.id}
          value={OTHER_CHOICE}
          disabled={props.disabled || field.isReadOnly}
          checked={props.checked}
          toggle={(_, checked) => props.toggle(checked)}
        />
        {props.keyHints && index < 26 && <KeyHint index={index} />}
        {t('field.other')}
      </label>
      <OtherTextInput
        {...props}
        id={`${props.id}-other`}
        label={t('field.otherText')}
        pick={() => {
          if (!props.checked) props.toggle(true);
        }}
      />
    </div>
  );
}

/** A choice's letter key (A, B, C…), for forms answered by keyboard. */
function KeyHint({ index }: { index: number }) {
  return (
    <kbd className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300">
      {String.fromCharCode(65 + index)}
    </kbd>
  );
}
