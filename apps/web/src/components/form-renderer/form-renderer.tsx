import { FIELD_TYPES } from '@formsmith/core/fields/constants';
import { takesManyFiles } from '@formsmith/core/fields/files';
import { otherTextKey } from '@formsmith/core/fields/other';
import { phoneCountryKey } from '@formsmith/core/fields/phone-countries';
import type { FormField } from '@formsmith/core/forms/field';
import { useId } from 'react';
import { FieldControl } from './field-control.tsx';
import { FieldShell } from './field-shell.tsx';
import type { Signed } from './signature-control.tsx';
import { type FieldValue, type FieldValues, type FileStatus, fileValues, isGroupField } from './values.ts';

export type FormRendererProps = {
  /** The fields to show, in order (the caller applies conditional logic and drops hidden ones). */
  fields: FormField[];
  values: FieldValues;
  errors: Record<string, string | undefined>;
  onChange: (fieldId: string, value: FieldValue) => void;
  onBlur?: (fieldId: string) => void;
  onFocus?: (fieldId: string) => void;
  /** File fields: called with the chosen file; without it a chosen file is kept locally (preview). */
  /** Uploads a file field's file, or a signature's PNG with how and when it was signed. */
  onFileSelect?: (field: FormField, file: File, signed?: Signed) => void;
  /** File fields: the files chosen at once (several for a field that takes several). */
  onFilesSelect?: (field: FormField, files: File[]) => void;
  fileStatus?: Record<string, FileStatus | undefined>;
  disabled?: boolean;
  /** Choices show their letter keys (one question at a time is answered by keyboard). */
  keyHints?: boolean;
  /** The start of every control's id (`<prefix>-<field id>`), for links to the controls. */
  idPrefix?: string;
};

export const UNSUPPORTED_FIELD_MESSAGE = 'Unsupported field type';
export const MISSING_LABEL_MESSAGE = 'Field is missing a required label';

const KNOWN_TYPES: ReadonlySet<string> = new Set(FIELD_TYPES);

function Problem({ children }: { children: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      {children}
    </p>
  );
}

/**
 * Renders a form's fields as labelled, keyboard-usable controls with their errors. Pure: it holds
 * no state and fetches nothing, so the public page and the editor's Preview share it.
 */
export function FormRenderer(props: FormRendererProps) {
  const generated = useId();
  const prefix = props.idPrefix ?? generated;
  return (
    <div className="fs-fields space-y-6">
      {props.fields.map((field) => (
        <RenderedField key={field.id} field={field} prefix={prefix} {...props} />
      ))}
    </div>
  );
}

function RenderedField({
  field,
  prefix,
  ...props
}: FormRendererProps & { field: FormField; prefix: string }) {
  if (!KNOWN_TYPES.has(field.type)) return <Problem>{UNSUPPORTED_FIELD_MESSAGE}</Problem>;
  if (field.label.trim() === '') return <Problem>{MISSING_LABEL_MESSAGE}</Problem>;
  if (field.type === 'hidden' || field.isHidden) return null;
  if (field.type === 'image') {
    return (
      <figure className="space-y-2">
        {field.imageUrl ? (
          <img
            src={field.imageUrl}
            alt={field.label}
            className="max-h-96 max-w-full rounded-lg"
            loading="lazy"
          />
        ) : null}
        <figcaption className="text-sm text-slate-700 dark:text-slate-300">
          {field.helpText || field.label}
        </figcaption>
      </figure>
    );
  }
  if (field.type === 'statement') {
    return (
      <section className="space-y-1">
        <h2 className="text-lg font-semibold break-words text-slate-900 dark:text-slate-50">{field.label}</h2>
        {field.helpText && (
          <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
            {field.helpText}
          </p>
        )}
      </section>
    );
  }
  const id = `${prefix}-${field.id}`;
  const error = props.errors[field.id];
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy =
    [field.helpText ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const group = isGroupField(field);
  const other = props.values[otherTextKey(field.id)];
  const country = props.values[phoneCountryKey(field.id)];
  const onFileSelect = (file: File, signed?: Signed) => {
    if (props.onFileSelect) props.onFileSelect(field, file, signed);
    else props.onChange(field.id, { name: file.name, size: file.size, type: file.type, ...signed });
  };
  const onFilesSelect = (files: File[]) => {
    if (props.onFilesSelect) return props.onFilesSelect(field, files);
    const kept = files.map((file) => ({ name: file.name, size: file.size, type: file.type }));
    const before = fileValues(props.values[field.id]);
    props.onChange(field.id, takesManyFiles(field) ? [...before, ...kept] : (kept[0] ?? null));
  };
  return (
    <FieldShell
      controlId={id}
      label={field.label}
      required={Boolean(field.validation.required)}
      helpText={field.helpText}
      helpId={helpId}
      error={error}
      errorId={errorId}
      group={group}
      inline={field.type === 'checkbox' && !group}
      onFocusIn={() => props.onFocus?.(field.id)}
      onFocusOut={() => props.onBlur?.(field.id)}
    >
      <FieldControl
        field={field}
        id={id}
        value={props.values[field.id] ?? null}
        describedBy={describedBy}
        invalid={Boolean(error)}
        disabled={props.disabled}
        onChange={(value) => props.onChange(field.id, value)}
        fileStatus={props.fileStatus?.[field.id]}
        onFileSelect={onFileSelect}
        onFilesSelect={onFilesSelect}
        onSign={onFileSelect}
        keyHints={props.keyHints}
        otherText={typeof other === 'string' ? other : ''}
        onOtherText={(text) => props.onChange(otherTextKey(field.id), text)}
        country={typeof country === 'string' ? country : ''}
        onCountry={(picked) => props.onChange(phoneCountryKey(field.id), picked)}
      />
    </FieldShell>
  );
}
