import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEditPatch, checkEditPatch } from '../forms/apply-edit-patch.ts';
import type { EditableForm } from '../forms/edit-patch.ts';
import { examplesFor } from './explain.ts';
import { interpretInstruction } from './interpret.ts';
import { formOf } from './test-forms.ts';

// Properties of the interpreter over generated forms and instructions: whatever it proposes
// applies to the form, and the fields an instruction does not name come out as they went in.

const LABELS = [
  'Name',
  'Email',
  'Company',
  'Phone number',
  'Fax',
  'Subject',
  'Message',
  'Attending?',
  'Meal choice',
  'Number of guests',
  'Photo consent',
  'T-shirt size',
  'Quantity',
  'Payment method',
  'Card number',
  'Notes',
  'Date of birth',
  'Website',
  'Cover letter',
  'Start date',
  'Colour',
  'Age',
  'City',
  'Country',
];
const OPTIONS = ['Yes', 'No', 'Other', 'Red', 'Blue', 'Small', 'Large', 'Card', 'Cash'];
const TYPES = [
  'text',
  'email',
  'phone',
  'number',
  'textarea',
  'radio',
  'select',
  'checkbox',
  'yes_no',
  'date',
];

const formArb = fc
  .uniqueArray(fc.constantFrom(...LABELS), { minLength: 2, maxLength: 8 })
  .chain((labels) =>
    fc.tuple(
      fc.constant(labels),
      fc.array(fc.constantFrom(...TYPES), { minLength: labels.length, maxLength: labels.length }),
      fc.array(fc.boolean(), { minLength: labels.length, maxLength: labels.length }),
      fc.array(fc.uniqueArray(fc.constantFrom(...OPTIONS), { minLength: 2, maxLength: 4 }), {
        minLength: labels.length,
        maxLength: labels.length,
      }),
    ),
  )
  .map(([labels, types, required, options]) =>
    formOf(
      'Generated',
      labels.map((label, i) => {
        const type = types[i] as string;
        const choice = ['radio', 'select', 'checkbox'].includes(type);
        return [label, type, required[i], choice ? options[i] : undefined] as [
          string,
          string,
          boolean,
          string[]?,
        ];
      }),
    ),
  );

/** An instruction about one or two fields named by their quoted labels, and the labels it names. */
type Told = { text: string; names: string[] };
const TEMPLATES: ((a: string, b: string, option: string, n: number) => string)[] = [
  (a) => `make '${a}' required`,
  (a) => `'${a}' shouldn't be required`,
  (a) => `Rends « ${a} » obligatoire`,
  (a) => `Mach '${a}' zum Pflichtfeld`,
  (a) => `Haz que '${a}' sea opcional`,
  (a) => `Rendi '${a}' facoltativo`,
  (a) => `Torne '${a}' obrigatório`,
  (a) => `remove '${a}'`,
  (a) => `Supprime '${a}'`,
  (a) => `rename '${a}' to 'Renamed question'`,
  (a) => `move '${a}' to the top`,
  (a, b) => `move '${a}' after '${b}'`,
  (a) => `make '${a}' a paragraph`,
  (a) => `add a 'Extra detail' field after '${a}'`,
  (a, _b, option) => `add '${option}' to '${a}'`,
  (a, _b, option) => `remove '${option}' from '${a}'`,
  (a, _b, _o, n) => `limit '${a}' to ${n} characters`,
  (a) => `start a new page before '${a}'`,
  (a, b) => `hide '${b}' when '${a}' is Yes`,
  (a, b, _o, n) => `if '${a}' is more than ${n}, make '${b}' required`,
];
const instructionArb = (form: EditableForm): fc.Arbitrary<Told> => {
  const labels = form.fields.map((f) => f.label);
  const one = fc
    .tuple(
      fc.constantFrom(...TEMPLATES),
      fc.constantFrom(...labels),
      fc.constantFrom(...labels),
      fc.constantFrom(...OPTIONS),
      fc.integer({ min: 1, max: 500 }),
    )
    .map(([template, a, b, option, n]) => ({ text: template(a, b, option, n), names: [a, b] }));
  return fc.oneof(
    one,
    fc.tuple(one, one, fc.constantFrom(', and ', '; ', ' then ', ', ')).map(([x, y, glue]) => ({
      text: `${x.text}${glue}${y.text}`,
      names: [...x.names, ...y.names],
    })),
  );
};

const withoutPosition = ({ position: _, ...field }: EditableForm['fields'][number]) => field;

describe('the interpreter, on any form and instruction', () => {
  it('proposes only patches that validate against the form and apply', () => {
    let patched = 0;
    fc.assert(
      fc.property(
        formArb.chain((form) => fc.tuple(fc.constant(form), instructionArb(form))),
        ([form, told]) => {
          const reading = interpretInstruction(told.text, form);
          if (reading.ok) {
            patched++;
            expect(checkEditPatch(form, reading.patch)).toBeNull();
          } else expect(reading.question.message).not.toBe('');
        },
      ),
      { numRuns: 300 },
    );
    // Most generated instructions are clear enough to read: the property is not vacuous.
    expect(patched).toBeGreaterThan(150);
  });

  it('leaves every field the instruction does not name as it was', () => {
    fc.assert(
      fc.property(
        formArb.chain((form) => fc.tuple(fc.constant(form), instructionArb(form))),
        ([form, told]) => {
          const reading = interpretInstruction(told.text, form);
          if (!reading.ok) return;
          const after = applyEditPatch(form, reading.patch);
          for (const field of form.fields) {
            if (told.names.includes(field.label)) continue;
            const now = after.fields.find((f) => f.id === field.id);
            expect(now && withoutPosition(now)).toEqual(withoutPosition(field));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers anything typed with a patch that applies or a question, never an error', () => {
    fc.assert(
      fc.property(formArb, fc.string({ maxLength: 120 }), (form, text) => {
        const reading = interpretInstruction(text, form);
        if (reading.ok) expect(checkEditPatch(form, reading.patch)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('offers, when it refuses, only examples it reads itself on that form', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        for (const example of examplesFor(form)) {
          const reading = interpretInstruction(example, form);
          expect(reading.ok ? null : reading.question.message, example).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });
});
