import { describe, expect, it } from 'vitest';
import { applyEditPatch } from '../forms/apply-edit-patch.ts';
import type { EditableForm } from '../forms/edit-patch.ts';
import { optionsOf, rulesOf } from '../forms/field.ts';
import { interpretInstruction } from './interpret.ts';
import { CONTACT, formOf, ORDER, RSVP } from './test-forms.ts';

function edited(instruction: string, form: EditableForm) {
  const reading = interpretInstruction(instruction, form);
  if (!reading.ok) throw new Error(reading.question.message);
  return { patch: reading.patch, form: applyEditPatch(form, reading.patch) };
}
const asked = (instruction: string, form: EditableForm) => {
  const reading = interpretInstruction(instruction, form);
  if (reading.ok) throw new Error(`expected a question, got: ${reading.patch.summary}`);
  return reading.question;
};
const field = (form: EditableForm, label: string) => form.fields.find((f) => f.label === label);

describe('the built-in interpreter on the examples owners wrote', () => {
  it('splits a compound instruction and does each part to the field it names', () => {
    const { form, patch } = edited(
      "Remove fax, make company required, and rename Message to 'How can we help?'",
      CONTACT,
    );
    expect(patch.operations.map((o) => o.op)).toEqual(['remove_field', 'update_field', 'update_field']);
    expect(form.fields.map((f) => f.label)).toEqual([
      'Name',
      'Email',
      'Company',
      'Phone number',
      'Subject',
      'How can we help?',
    ]);
    expect(field(form, 'Company')?.validation.required).toBe(true);
    expect(field(form, 'Name')).toEqual(CONTACT.fields[0]);
  });

  it('adds a date range when asked for one by name', () => {
    const { form } = edited("add a date range field 'Dates of stay'", CONTACT);
    expect(field(form, 'Dates of stay')?.type).toBe('date_range');
  });

  it('drops an option from a choice question instead of the question', () => {
    const { form } = edited("Drop 'Other' from the subject choices", CONTACT);
    expect(optionsOf(field(form, 'Subject') as never)?.map((o) => o.label)).toEqual(['Sales', 'Support']);
  });

  it("renames one field and adds another right after it, 'it' being the renamed one", () => {
    const { form } = edited(
      "Rename 'Insurance provider' to 'Insurance company' and add a 'Policy number' field right after it",
      ORDER,
    );
    const labels = form.fields.map((f) => f.label);
    expect(labels.slice(3, 5)).toEqual(['Insurance company', 'Policy number']);
    expect(field(form, 'Policy number')?.type).toBe('text');
  });

  it('reads a name a clause before renamed as the question the owner knew by it', () => {
    const guests = formOf('Booking', [
      ['Number of guests', 'number', false],
      ['Quantity', 'number', false],
    ]);
    const removed = edited("rename 'Quantity' to 'Items' and Supprime 'Quantity'", guests);
    // Before, the second clause took the closest label left, and removed the number of guests.
    expect(removed.form.fields.map((f) => f.label)).toEqual(['Number of guests']);
    const required = edited("rename 'Quantity' to 'Items', then make 'Quantity' required", guests);
    expect(field(required.form, 'Items')?.validation.required).toBe(true);
    expect(field(required.form, 'Number of guests')?.validation.required).toBe(false);
  });

  it('starts a new page before a group of fields named together', () => {
    const { form } = edited('Start a new page before the payment details', ORDER);
    const at = form.fields.findIndex((f) => f.label === 'Payment method');
    expect(form.fields[at - 1]?.type).toBe('page_break');
  });

  it('retypes a field with the options listed', () => {
    const { form } = edited('T-shirt size should be a dropdown with Small, Medium, Large and X-Large', ORDER);
    const size = field(form, 'T-shirt size');
    expect(size?.type).toBe('select');
    expect(optionsOf(size as never)?.map((o) => o.label)).toEqual(['Small', 'Medium', 'Large', 'X-Large']);
  });

  it.each([
    ['Rends le numéro de téléphone obligatoire', true],
    ['Mach die Telefonnummer zum Pflichtfeld', true],
    ['Haz que el teléfono sea obligatorio', true],
    ['Rendi obbligatorio il numero di telefono', true],
    ['Torne o telefone obrigatório', true],
    ['make the phone number mandatory', true],
  ])('reads required in any of the six languages: %s', (instruction, required) => {
    const { form } = edited(instruction, CONTACT);
    expect(field(form, 'Phone number')?.validation.required).toBe(required);
  });

  it('hides a question from people who give an answer to an earlier one', () => {
    const { form } = edited("People who answer No to 'Attending?' shouldn't see the meal question", RSVP);
    expect(form.logic.rules).toEqual([
      expect.objectContaining({
        conditions: [{ source: 'field', ref: 'field_2', operator: 'equals', value: 'no' }],
        actions: [{ type: 'hide', field: 'field_4' }],
      }),
    ]);
  });

  it('reads a negated requirement as optional', () => {
    const { form } = edited("Photo consent shouldn't be required", RSVP);
    expect(field(form, 'Photo consent')?.validation.required).toBe(false);
  });

  it('limits the length of a text answer', () => {
    const { form } = edited('the message can be at most 300 characters', CONTACT);
    expect(rulesOf(field(form, 'Message') as never).maxLength).toBe(300);
  });
});

describe('quoted labels and numbers', () => {
  it("reads a limit on a quoted label as the typed number, not the quote's place", () => {
    const { form } = edited("limit 'Name' to 300 characters", CONTACT);
    expect(rulesOf(field(form, 'Name') as never)).toMatchObject({ maxLength: 300 });
    const both = edited(
      "limit 'Company' to 80 characters and limit 'Message' to 500 characters",
      CONTACT,
    ).form;
    expect(rulesOf(field(both, 'Company') as never).maxLength).toBe(80);
    expect(rulesOf(field(both, 'Message') as never).maxLength).toBe(500);
  });
});

describe('neighbours of the tuned wordings', () => {
  it('removes the card number named in Italian, not the quantity its "numero" resembles', () => {
    const { form } = edited('Rimuovi il campo numero di carta', ORDER);
    expect(form.fields.map((f) => f.label)).not.toContain('Card number');
    expect(form.fields.map((f) => f.label)).toContain('Quantity');
  });

  it('adds an option named "as a subject option" without the "as"', () => {
    const { form } = edited('add Partnership as a subject option', CONTACT);
    expect(optionsOf(field(form, 'Subject') as never)?.map((o) => o.label)).toEqual([
      'Sales',
      'Support',
      'Other',
      'Partnership',
    ]);
  });

  it('adds options "to its options" to the question just named, and asks when none was', () => {
    const { form } = edited("rename 'Subject' to 'Topic' and add Partnership to its options", CONTACT);
    expect(optionsOf(field(form, 'Topic') as never)?.map((o) => o.label)).toContain('Partnership');
    expect(form.fields).toHaveLength(CONTACT.fields.length);
    expect(asked('add Partnership to its options', CONTACT).message).toMatch(
      /Which question gets the new options/,
    );
  });

  it('reads a label that is also a verb as the subject: "Name isn\'t required anymore"', () => {
    const { patch } = edited("Name isn't required anymore", CONTACT);
    expect(patch.operations).toEqual([{ op: 'update_field', id: 'field_1', changes: { required: false } }]);
  });

  it('keeps both bounds when a comma separates them, and reads runs of ages as options', () => {
    expect(edited('quantity: at least 1, at most 50', ORDER).patch.operations).toEqual([
      { op: 'update_field', id: 'field_6', changes: { min: 1, max: 50 } },
    ]);
    const survey = formOf('Survey', [
      ['Age', 'number'],
      ['Email', 'email'],
    ]);
    expect(
      edited('turn age into a dropdown with 18-24, 25-34, 35-44 and 45+', survey).patch.operations,
    ).toEqual([
      {
        op: 'update_field',
        id: 'field_1',
        changes: { type: 'select', options: ['18-24', '25-34', '35-44', '45+'] },
      },
    ]);
  });
});

describe('when the built-in interpreter is not sure', () => {
  it('asks which field when two match, naming both', () => {
    const question = asked('make name required', ORDER);
    expect(question.candidates.map((c) => c.label)).toEqual(['First name', 'Last name']);
    expect(question.message).toMatch(/'name' could be 'First name' or 'Last name'/);
  });

  it('asks about a question a clause before removed, rather than taking one its words half match', () => {
    const guests = formOf('Booking', [
      ['Quantity', 'number', false],
      ['Number of guests', 'number', false],
    ]);
    // Before, the second clause fell to 'Quantity' ('number' means a quantity) and made it required.
    for (const instruction of [
      "remove 'Number of guests', and make 'Number of guests' required",
      'remove number of guests and make number of guests required',
    ]) {
      const question = asked(instruction, guests);
      expect(question.understood).toEqual(["Remove 'Number of guests'."]);
      expect(question.message).toMatch(/no question like 'number of guests'/);
    }
  });

  it('says what it understood before the part it could not read, and changes nothing', () => {
    const question = asked('remove the fax and make the zodiac sign required', CONTACT);
    expect(question.understood).toEqual(["Remove 'Fax'."]);
    expect(question.unsure).toBe('make the zodiac sign required');
  });

  it('refuses what it cannot do with examples built from this form', () => {
    const question = asked('sing me a song about forms', CONTACT);
    expect(question.candidates).toEqual([]);
    expect(question.examples).toContain("make 'Company' required");
    expect(question.message).toMatch(/I can add, remove, move, rename/);
  });

  it('asks for options rather than making a text field an empty dropdown', () => {
    expect(asked('turn the company into a dropdown', CONTACT).message).toMatch(
      /Which options should 'Company' offer/,
    );
  });

  it('refuses a rule on a question that comes later', () => {
    expect(asked('hide the full name if attending is no', RSVP).message).toMatch(
      /comes before 'Attending\?'/,
    );
  });

  it('asks rather than propose a rule that a later part of the same instruction breaks', () => {
    // Each part applies on its own; together the move puts the rule's question after its target.
    const question = asked(
      "if 'Number of guests' is more than 1, make 'Meal choice' required, and move 'Number of guests' after 'Meal choice'",
      RSVP,
    );
    expect(question.message).toMatch(/not reached yet/);
    expect(question.understood).toHaveLength(2);
  });

  it('asks rather than add options to a question that has none, or take a half-named one instead', () => {
    const form = formOf('Party', [
      ['Phone number', 'select', false, ['Small', 'Red']],
      ['Number of guests', 'date'],
    ]);
    for (const instruction of ["add 'Yes' to 'Number of guests'", 'add Yes to number of guests'])
      expect(asked(instruction, form).message).toMatch(/'Number of guests' is a date question/);
  });
});

describe('the built-in interpreter on follow-ups to a generated form', () => {
  const SHIRTS = formOf('T-Shirt-Bestellung', [
    ['Name', 'text', true],
    ['T-Shirt-Größe', 'radio', true, ['S', 'M', 'L']],
    ['Allergien', 'textarea'],
    ['Fotoerlaubnis', 'checkbox', true, ['Ja']],
  ]);

  it('reads a German place in the middle of the sentence and leaves the verb particle out', () => {
    const { form } = edited('füge nach Allergien eine Frage zu Ernährungsbedürfnissen hinzu', SHIRTS);
    expect(form.fields.map((f) => f.label)).toEqual([
      'Name',
      'T-Shirt-Größe',
      'Allergien',
      'Ernährungsbedürfnissen',
      'Fotoerlaubnis',
    ]);
  });

  it('titles a page started after a question by the question it opens with', () => {
    const { form } = edited('füge nach Allergien einen Seitenumbruch ein', SHIRTS);
    expect(form.fields.map((f) => `${f.type === 'page_break' ? '--- ' : ''}${f.label}`)).toEqual([
      'Name',
      'T-Shirt-Größe',
      'Allergien',
      '--- Fotoerlaubnis',
      'Fotoerlaubnis',
    ]);
    const english = edited('add a page break after number of guests', RSVP);
    expect(english.form.fields[3]).toMatchObject({ type: 'page_break', label: 'Meal choice' });
  });

  it('drops a French "about" before the new question', () => {
    const { form } = edited(
      'ajoute une question sur le régime alimentaire après allergies',
      formOf('Commande', [
        ['Nom', 'text', true],
        ['Allergies', 'textarea'],
        ['Autorisation photo', 'checkbox', true, ['Oui']],
      ]),
    );
    expect(form.fields.map((f) => f.label)).toEqual([
      'Nom',
      'Allergies',
      'Régime alimentaire',
      'Autorisation photo',
    ]);
  });

  it('asks for the words of one label it cannot translate, and says how to give them', () => {
    const question = asked('übersetze Allergien ins Englische', SHIRTS);
    expect(question.message).toContain(`in English, call Allergien '…'`);
    expect(question.message).toContain('I can add, remove, move, rename');
  });
});

describe('the built-in interpreter on how many files an upload takes', () => {
  const CLAIM = formOf('Damage claim', [
    ['Name', 'text', true],
    ['Email', 'email', true],
    ['Photos of the damage', 'file'],
    ['Receipt', 'file'],
  ]);
  const ENTRY = formOf('Photo contest', [
    ['Name', 'text', true],
    ['Photos', 'file'],
  ]);
  const rulesOfFile = (form: EditableForm, label: string) =>
    field(form, label)!.validation as { maxFiles?: number; accept?: string[]; maxFileSize?: number };

  it('sets the count a request names on the upload it names, with the kind of file it says', () => {
    const { form } = edited('allow up to 5 photos of the damage', CLAIM);
    expect(rulesOfFile(form, 'Photos of the damage')).toMatchObject({ maxFiles: 5, accept: ['image/*'] });
    expect(rulesOfFile(form, 'Receipt').maxFiles).toBeUndefined();
    const both = edited('the receipt: at most 2 files of 5 MB', CLAIM).form;
    expect(rulesOfFile(both, 'Receipt')).toMatchObject({ maxFiles: 2, maxFileSize: 5 * 1024 * 1024 });
  });

  it('takes the only upload when the request names none, and asks when there are two', () => {
    expect(rulesOfFile(edited('let people upload 3 files', ENTRY).form, 'Photos').maxFiles).toBe(3);
    expect(asked('let people upload 3 files', CLAIM).message).toMatch(/Which upload/);
  });

  it('goes back to one file when asked, clearing the count', () => {
    const three = edited('let people upload three files', ENTRY).form;
    expect(rulesOfFile(three, 'Photos').maxFiles).toBe(3);
    expect(rulesOfFile(edited('only one file for photos', three).form, 'Photos').maxFiles).toBeUndefined();
  });
});

describe('the built-in interpreter on stars and rankings', () => {
  it('adds a star rating about what it names, and a ranking with the options listed', () => {
    const rated = edited('add a 10 star rating for the food after email', CONTACT).form;
    expect(field(rated, 'Food')).toMatchObject({ type: 'rating' });
    expect(rated.fields.findIndex((f) => f.label === 'Food')).toBe(2);
    const ranked = edited('add a ranking of these features: speed, price, support', CONTACT).form;
    const ranking = field(ranked, 'Features');
    expect(ranking?.type).toBe('ranking');
    expect(optionsOf(ranking!)?.map((o) => o.label)).toEqual(['Speed', 'Price', 'Support']);
  });

  it('turns a choice into a ranking keeping its options', () => {
    const { form } = edited('make the subject a ranking', CONTACT);
    expect(field(form, 'Subject')?.type).toBe('ranking');
    expect(optionsOf(field(form, 'Subject')!)?.map((o) => o.label)).toEqual(['Sales', 'Support', 'Other']);
  });
});
