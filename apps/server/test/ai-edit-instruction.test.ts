import { editInstructionBodySchema, editProposalSchema, editQuestionSchema } from '@formsmith/core/forms/api';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { type FormField, optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { CONTACT, ORDER, RSVP } from '@formsmith/core/instruction/test-forms';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode } from 'zod/mini';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

// POST /api/forms/edit-instruction answered by the built-in interpreter (no model configured):
// one instruction per kind of change and per language, against fixed forms sent as the editor
// sends them, and the questions it asks when it is not sure.

type Check = (form: EditableForm) => void;
const labelled = (form: EditableForm, label: string) =>
  form.fields.find((f) => f.label === label) as FormField;

const TABLE: [intent: string, language: string, instruction: string, form: EditableForm, check: Check][] = [
  ['remove', 'en', 'Remove fax', CONTACT, (f) => expect(f.fields.map((x) => x.label)).not.toContain('Fax')],
  [
    'required',
    'fr',
    'Rends le numéro de téléphone obligatoire',
    CONTACT,
    (f) => expect(labelled(f, 'Phone number').validation.required).toBe(true),
  ],
  [
    'optional',
    'de',
    "Mach 'Photo consent' optional",
    RSVP,
    (f) => expect(labelled(f, 'Photo consent').validation.required).toBe(false),
  ],
  [
    'rename',
    'es',
    "Renombra 'Message' a '¿Cómo podemos ayudar?'",
    CONTACT,
    (f) => expect(f.fields.at(-1)?.label).toBe('¿Cómo podemos ayudar?'),
  ],
  ['move', 'it', "Sposta l'email in cima", CONTACT, (f) => expect(f.fields[0]?.label).toBe('Email')],
  [
    'add',
    'pt',
    "Adicione um campo 'Alergias' depois do 'Meal choice'",
    RSVP,
    (f) => expect(f.fields.map((x) => x.label).slice(3, 5)).toEqual(['Meal choice', 'Alergias']),
  ],
  [
    'remove an option',
    'en',
    "Drop 'Other' from the subject choices",
    CONTACT,
    (f) => expect(optionsOf(labelled(f, 'Subject'))?.map((o) => o.label)).toEqual(['Sales', 'Support']),
  ],
  [
    'retype with options',
    'en',
    'T-shirt size should be a dropdown with Small, Medium, Large and X-Large',
    ORDER,
    (f) => {
      expect(labelled(f, 'T-shirt size').type).toBe('select');
      expect(optionsOf(labelled(f, 'T-shirt size'))).toHaveLength(4);
    },
  ],
  [
    'page break',
    'en',
    'Start a new page before the payment details',
    ORDER,
    (f) =>
      expect(f.fields[f.fields.findIndex((x) => x.label === 'Payment method') - 1]?.type).toBe('page_break'),
  ],
  [
    'rule',
    'en',
    "People who answer No to 'Attending?' shouldn't see the meal question",
    RSVP,
    (f) =>
      expect(f.logic.rules[0]).toMatchObject({
        conditions: [{ ref: labelled(f, 'Attending?').id, operator: 'equals', value: 'no' }],
        actions: [{ type: 'hide', field: labelled(f, 'Meal choice').id }],
      }),
  ],
  [
    'length limit',
    'fr',
    'Limite le message à 300 caractères',
    CONTACT,
    (f) => expect(rulesOf(labelled(f, 'Message')).maxLength).toBe(300),
  ],
  [
    'compound',
    'en',
    "Remove fax, make company required, and rename Message to 'How can we help?'",
    CONTACT,
    (f) => {
      expect(f.fields.map((x) => x.label)).toEqual([
        'Name',
        'Email',
        'Company',
        'Phone number',
        'Subject',
        'How can we help?',
      ]);
      expect(labelled(f, 'Company').validation.required).toBe(true);
    },
  ],
];

describe(`POST /api/forms/edit-instruction, built-in (${dbKind})`, () => {
  let app: FastifyInstance;
  let editor: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    editor = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  function edit(
    instruction: string,
    form: EditableForm | Record<string, unknown>,
    who: TestUser | null = editor,
  ) {
    // Forms of core's fields are sent as the editor sends them; others as they are given.
    const canonical = Array.isArray(form.fields) && 'validation' in (form.fields[0] ?? {});
    const body = canonical
      ? encode(editInstructionBodySchema, { instruction, form: form as EditableForm })
      : { instruction, form };
    return app.inject({
      method: 'POST',
      url: '/api/forms/edit-instruction',
      headers: who?.auth ?? {},
      payload: body,
    });
  }

  it.each(TABLE)('%s (%s): %s', async (_intent, _language, instruction, form, check) => {
    const res = await edit(instruction, form);
    expect(res.statusCode, res.body).toBe(200);
    const proposal = editProposalSchema.parse(res.json());
    expect(proposal.source).toEqual({ generator: 'builtin', model: null, fallback: null });
    check({ ...form, ...proposal.form });
  });

  it('asks which field when two match, with the candidates in the answer', async () => {
    const res = await edit('make name required', ORDER);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { instruction: expect.stringMatching(/'name' could be/) },
    });
    const question = editQuestionSchema.parse(body.question);
    expect(question.candidates.map((c) => c.label)).toEqual(['First name', 'Last name']);
  });

  it('refuses what it cannot do with examples built from the form', async () => {
    const res = await edit('sing me a song about forms', CONTACT);
    expect(res.statusCode).toBe(422);
    const question = editQuestionSchema.parse(res.json().question);
    expect(question.examples).toContain("make 'Company' required");
    expect(res.json().error).toMatch(/I can add, remove, move, rename/);
  });

  it('reads a form sent without logic or translations, as older clients send it', async () => {
    const form = {
      title: 'Contact',
      description: '',
      fields: [
        {
          id: 'field_1',
          label: 'Name',
          type: 'text',
          field_type: 'text',
          is_required: true,
          position: 0,
          validation_rules: {},
        },
      ],
    };
    const res = await edit('make name optional', form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().form.fields[0].is_required).toBe(false);
  });

  it("reads a question's own condition sent by an older client as its rule before the edit", async () => {
    const text = (id: string, label: string, position: number, shownWhenFilled?: string) => ({
      id,
      label,
      type: 'text',
      field_type: 'text',
      is_required: false,
      position,
      validation_rules: {},
      ...(shownWhenFilled
        ? {
            conditional_logic: {
              action: 'show',
              match: 'all',
              conditions: [{ fieldId: shownWhenFilled, operator: 'is_not_empty' }],
            },
          }
        : {}),
    });
    const form = {
      title: 'Contact',
      description: '',
      fields: [
        text('name', 'Name', 0),
        text('company', 'Company', 1, 'name'),
        text('phone', 'Phone', 2, 'company'),
      ],
    };
    const res = await edit('remove name', form);
    expect(res.statusCode, res.body).toBe(200);
    const proposal = res.json();
    expect(proposal.form.fields.map((f: { id: string }) => f.id)).toEqual(['company', 'phone']);
    expect(proposal.form.fields.some((f: object) => 'conditional_logic' in f)).toBe(false);
    // Company's rule read the removed question, so it goes; Phone's stays, as a rule.
    expect(proposal.form.logic.rules).toEqual([
      {
        id: 'field-phone',
        match: 'all',
        conditions: [{ source: 'field', ref: 'company', operator: 'is_not_empty' }],
        actions: [{ type: 'show', field: 'phone' }],
      },
    ]);
  });

  it('answers 401 without a session, and 400 to a blank or overlong instruction', async () => {
    expect((await edit('make every question required', CONTACT, null)).statusCode).toBe(401);
    const form = encode(editInstructionBodySchema, { instruction: 'x', form: CONTACT }).form;
    const blank = await edit('   ', form);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.instruction).toBe('Please say what to change.');
    expect((await edit('x'.repeat(501), form)).statusCode).toBe(400);
  });
});
