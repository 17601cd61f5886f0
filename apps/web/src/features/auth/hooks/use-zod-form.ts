import { firstFieldErrors } from '@formsmith/core/errors';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';

type StringFields<T> = { [K in keyof T]: string };

/**
 * A small form state for string fields validated by a shared Zod schema (the same one the server
 * uses). Errors show after a submit attempt; editing a field clears its message.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>, V extends Record<string, string>>(
  schema: S,
  initial: V,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<StringFields<V>> & { form?: string }>({});

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((er) => (er[name] ? { ...er, [name]: undefined } : er));
    },
  });

  /** Validates, then calls onValid with the parsed values; field errors come back as messages. */
  const handleSubmit = (onValid: (data: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    const result = schema.safeParse(values);
    if (!result.success) {
      setErrors(firstFieldErrors(result.error) as Partial<StringFields<V>>);
      return;
    }
    setErrors({});
    onValid(result.data);
  };

  return { values, errors, setErrors, field, handleSubmit };
}
