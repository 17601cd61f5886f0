// Realistic forms for the interpreter's tests: a contact form, an event RSVP and an order form.
import type { EditableForm } from '../forms/edit-patch.ts';
import { type FormField, fieldSchema } from '../forms/field.ts';
import { EMPTY_LOGIC } from '../logic/definition.ts';

type Spec = [label: string, type: string, required?: boolean, options?: string[]];

/** A form of canonical fields `field_1`, `field_2`… from [label, type, required, options]. */
export function formOf(title: string, specs: Spec[]): EditableForm {
  const fields = specs.map(
    ([label, type, required = false, options], i): FormField =>
      fieldSchema.parse({
        id: `field_${i + 1}`,
        type,
        label,
        position: i,
        validation: { required },
        ...(options
          ? {
              options: options.map((o, j) => ({
                id: `option_${j + 1}`,
                label: o,
                value: o.toLowerCase().replace(/\W+/g, '_'),
              })),
            }
          : {}),
      }),
  );
  return { title, description: '', fields, logic: EMPTY_LOGIC, language: 'en', translations: {} };
}

export const CONTACT = formOf('Contact us', [
  ['Name', 'text', true],
  ['Email', 'email', true],
  ['Company', 'text'],
  ['Phone number', 'phone'],
  ['Fax', 'text'],
  ['Subject', 'radio', true, ['Sales', 'Support', 'Other']],
  ['Message', 'textarea', true],
]);

export const RSVP = formOf('Summer party', [
  ['Full name', 'text', true],
  ['Attending?', 'yes_no', true],
  ['Number of guests', 'number'],
  ['Meal choice', 'radio', false, ['Chicken', 'Fish', 'Vegetarian']],
  ['Photo consent', 'checkbox', true, ['I agree to be photographed']],
]);

export const ORDER = formOf('T-shirt order', [
  ['First name', 'text', true],
  ['Last name', 'text', true],
  ['Email', 'email', true],
  ['Insurance provider', 'text'],
  ['T-shirt size', 'text'],
  ['Quantity', 'number', true],
  ['Payment method', 'select', true, ['Card', 'PayPal']],
  ['Card number', 'text'],
]);
