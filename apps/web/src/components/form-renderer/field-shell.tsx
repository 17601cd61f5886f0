import type { FocusEvent, ReactNode } from 'react';

type FieldShellProps = {
  /** id of the control the label names; omit for groups (they use fieldset + legend). */
  controlId?: string;
  label: string;
  required: boolean;
  helpText?: string;
  helpId: string;
  error?: string;
  errorId: string;
  group?: boolean;
  /** A lone checkbox: the box before its label, on one line. */
  inline?: boolean;
  onFocusIn?: () => void;
  onFocusOut?: () => void;
  children: ReactNode;
};

const labelClasses = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

function Required() {
  return (
    <span className="ms-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
      *
    </span>
  );
}

/**
 * Label (or legend), control, help text and error of one field. Focus moving inside the field
 * (between radio buttons) is not a new visit, so only focus entering or leaving it is reported.
 */
export function FieldShell(props: FieldShellProps) {
  const outside = (e: FocusEvent<HTMLElement>) =>
    !(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget));
  const focusIn = (e: FocusEvent<HTMLElement>) => {
    if (outside(e)) props.onFocusIn?.();
  };
  const focusOut = (e: FocusEvent<HTMLElement>) => {
    if (outside(e)) props.onFocusOut?.();
  };
  const body = (
    <>
      {props.helpText && (
        <p id={props.helpId} className="text-sm text-slate-600 dark:text-slate-400">
          {props.helpText}
        </p>
      )}
      {props.children}
      {props.error && (
        <p id={props.errorId} className="text-sm text-red-600 dark:text-red-400">
          {props.error}
        </p>
      )}
    </>
  );
  if (props.group) {
    return (
      <fieldset className="space-y-2" onFocus={focusIn} onBlur={focusOut}>
        <legend className={labelClasses}>
          {props.label}
          {props.required && <Required />}
        </legend>
        {body}
      </fieldset>
    );
  }
  if (props.inline) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: focus events bubble up from the control; they only measure time
      <div className="space-y-1.5" onFocus={focusIn} onBlur={focusOut}>
        <div className="flex items-center gap-2">
          {props.children}
          <label htmlFor={props.controlId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {props.label}
            {props.required && <Required />}
          </label>
        </div>
        {props.helpText && (
          <p id={props.helpId} className="text-sm text-slate-600 dark:text-slate-400">
            {props.helpText}
          </p>
        )}
        {props.error && (
          <p id={props.errorId} className="text-sm text-red-600 dark:text-red-400">
            {props.error}
          </p>
        )}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus events bubble up from the control; they only measure time
    <div className="space-y-1.5" onFocus={focusIn} onBlur={focusOut}>
      <label htmlFor={props.controlId} className={labelClasses}>
        {props.label}
        {props.required && <Required />}
      </label>
      {body}
    </div>
  );
}
