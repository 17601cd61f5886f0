import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from '../../lib/cn.ts';

export const controlClasses =
  'fs-control block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(controlClasses, 'h-10', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={cn(controlClasses, className)} {...props} />;
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...props },
  ref,
) {
  return <select ref={ref} className={cn(controlClasses, 'h-10', className)} {...props} />;
});

export const Checkbox = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function Checkbox({ className, ...props }, ref) {
    return (
      <input
        ref={ref}
        type="checkbox"
        className={cn('h-4 w-4 rounded border-slate-400 accent-brand-600 dark:border-slate-500', className)}
        {...props}
      />
    );
  },
);

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-2 text-sm', className)}>
      <Checkbox id={id} className="mt-0.5" {...props} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
/** A one-time code field: numeric keypad on phones, and the code from an SMS or app offered by the browser. */
export const OneTimeCodeInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function OneTimeCodeInput({ className, ...props }, ref) {
    return (
      <Input
        ref={ref}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        className={cn('font-mono tracking-widest', className)}
        {...props}
      />
    );
  },
);
