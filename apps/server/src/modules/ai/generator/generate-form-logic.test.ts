import type { FormField } from '@formsmith/core/forms/field';
import { questionRuleId, questionRuleOf } from '@formsmith/core/logic/field-rules';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { splitPages } from '@formsmith/core/logic/run';
import { shownIds } from '@formsmith/core/logic/test-rules';
import { describe, expect, it } from 'vitest';
import { generateForm } from './generate-form.ts';
import { fieldLabelled } from './test-fields.ts';
import type { GeneratedForm } from './types.ts';

/** Whether the field is shown for these answers, by the form's rules. */
function shownFor(form: GeneratedForm, label: string, answers: Record<string, unknown>): boolean {
  return shownIds(form.fields, form.logic, answers).includes(fieldLabelled(form.fields, label).id);
}

/** The conditions of the question's own rule ("show this question when…"), if it has one. */
function conditionsOf(form: GeneratedForm, label: string) {
  return questionRuleOf(form.logic, fieldLabelled(form.fields, label).id)?.rule.conditions;
}

const types = (fields: FormField[]) => fields.map((f) => f.type);

describe('generateForm writes follow-up questions', () => {
  it('"if yes, ask …" shows the question, required, only after a yes to the question before', () => {
    const form = generateForm(
      'Registration form: name, email, do you need parking? If yes, ask for the car plate number.',
    );
    const { fields } = form;
    const parking = fieldLabelled(fields, 'parking');
    expect(parking).toMatchObject({ type: 'yes_no', validation: { required: true } });
    const plate = fieldLabelled(fields, 'plate');
    // What a yes calls for is required when it is asked.
    expect(plate.validation.required).toBe(true);
    expect(form.logic.rules).toEqual([
      {
        id: questionRuleId(plate.id),
        match: 'all',
        conditions: [{ source: 'field', ref: parking.id, operator: 'equals', value: 'yes' }],
        actions: [{ type: 'show', field: plate.id }],
      },
    ]);
    expect(fields.every((f) => f.conditionalLogic === undefined)).toBe(true);
    expect(shownFor(form, 'plate', { [parking.id]: 'no' })).toBe(false);
    expect(shownFor(form, 'plate', { [parking.id]: 'yes' })).toBe(true);
  });

  it('"if they answer no, ask why" adds an optional "Why not?" shown after a no', () => {
    const form = generateForm(
      'Stay survey: your name and would you stay with us again? If they answer no, ask why.',
    );
    const again = fieldLabelled(form.fields, 'stay with us again');
    const why = fieldLabelled(form.fields, 'why not');
    expect(why).toMatchObject({ type: 'textarea', label: 'Why not?', validation: { required: false } });
    expect(conditionsOf(form, 'why not')).toEqual([
      { source: 'field', ref: again.id, operator: 'equals', value: 'no' },
    ]);
  });

  it('"if not, ask why" and "if so" in the middle of a list, and "then ask …" goes back to everyone', () => {
    const form = generateForm(
      'Event feedback: name, whether you enjoyed the event, if not ask why, then ask for suggestions',
    );
    expect(form.fields.map((f) => f.label)).toEqual([
      'Name',
      'Have you enjoyed the event?',
      'Why not?',
      'Suggestions',
    ]);
    expect(conditionsOf(form, 'why not')?.[0]?.value).toBe('no');
    expect(conditionsOf(form, 'suggestions')).toBeUndefined();
    expect(shownFor(form, 'suggestions', {})).toBe(true);
    const so = generateForm('Trip sign-up: do you have allergies, if so which ones, and your email');
    expect(conditionsOf(so, 'which ones')?.[0]?.value).toBe('yes');
    expect(conditionsOf(so, 'email')).toBeUndefined();
  });

  it('a follow-up on a choice ("if other, ask them to specify") is shown for that option', () => {
    const form = generateForm(
      'Survey: how did you hear about us (friend, advert, other), if other ask them to specify',
    );
    const heard = fieldLabelled(form.fields, 'hear about us');
    expect(conditionsOf(form, 'please specify')).toEqual([
      { source: 'field', ref: heard.id, operator: 'equals', value: 'other' },
    ]);
    expect(shownFor(form, 'please specify', { [heard.id]: 'other' })).toBe(true);
    expect(shownFor(form, 'please specify', { [heard.id]: 'friend' })).toBe(false);
  });

  it('a follow-up with no yes/no question before it stays an ordinary question', () => {
    const form = generateForm('Contact form: name, email, if yes ask for a phone number');
    expect(conditionsOf(form, 'phone')).toBeUndefined();
    expect(form.logic.rules).toEqual([]);
  });
});

describe('generateForm writes pages', () => {
  it('"on a second page …" starts a page, titled by its heading when it has one', () => {
    const { fields } = generateForm(
      'Customer survey: name and email. On a second page, your experience: overall rating 1-5 and comments.',
    );
    expect(types(fields)).toEqual(['text', 'email', 'page_break', 'range', 'textarea']);
    expect(fieldLabelled(fields, 'experience').type).toBe('page_break');
    const pages = splitPages(logicFieldsOf(fields));
    expect(pages.map((p) => p.fields.length)).toEqual([2, 2]);
  });

  it('an untitled later page gets a general title; several pages follow each other', () => {
    const { fields } = generateForm(
      'Job application: name and email. On the next page ask for your CV upload. On a third page, your start date.',
    );
    expect(types(fields)).toEqual(['text', 'email', 'page_break', 'file', 'page_break', 'date']);
    expect(fields[2]?.label).toBe('A few more questions');
  });

  it('pages and follow-ups together', () => {
    const form = generateForm(
      'Ask whether they have attended before; if yes, ask which year. On a second page ask for their email and phone.',
    );
    const { fields } = form;
    expect(types(fields)).toEqual(['yes_no', 'number', 'page_break', 'email', 'phone']);
    expect(fields[0]?.label).toBe('Have you attended before?');
    expect(questionRuleOf(form.logic, fields[1]?.id ?? '')?.rule.conditions[0]).toMatchObject({
      ref: fields[0]?.id,
      value: 'yes',
    });
  });
});

describe('generateForm reads pages and follow-ups in every language', () => {
  const cases = [
    {
      language: 'Portuguese',
      text: 'Formulário de inscrição: nome, e-mail, tem carro? Se sim, pergunte a matrícula. Se não, pergunte porquê. Numa segunda página, telefone e comentários.',
      question: 'Tem carro?',
      followUp: 'Matrícula',
      why: 'Porque não?',
    },
    {
      language: 'Italian',
      text: 'Modulo di iscrizione: nome, email, hai una macchina? Se sì, chiedi la targa. Se no, chiedi perché. In una seconda pagina, telefono e note.',
      question: 'Hai una macchina?',
      followUp: 'Targa',
      why: 'Perché no?',
    },
    {
      language: 'Dutch',
      text: 'Inschrijfformulier: naam, e-mailadres, heb je een auto? Zo ja, vraag het kenteken. Zo nee, vraag waarom. Op een tweede pagina: telefoonnummer en opmerkingen.',
      question: 'Heb je een auto?',
      followUp: 'Kenteken',
      why: 'Waarom niet?',
    },
    {
      language: 'Spanish',
      text: 'Formulario de registro: nombre, correo, ¿tienes coche? Si sí, pregunta la matrícula. Si no, pregunta por qué. En una segunda página, teléfono y comentarios.',
      question: '¿Tienes coche?',
      followUp: 'Matrícula',
      why: '¿Por qué no?',
    },
    {
      language: 'French',
      text: "Formulaire d'inscription : nom, e-mail, avez-vous une voiture ? Si oui, demander la plaque. Si non, demander pourquoi. Sur une deuxième page, téléphone et commentaires.",
      question: 'Avez-vous une voiture ?',
      followUp: 'Plaque',
      why: 'Pourquoi pas ?',
    },
    {
      language: 'German',
      text: 'Anmeldeformular: Name, E-Mail, haben Sie ein Auto? Falls ja, nach dem Kennzeichen fragen. Falls nein, warum nicht. Auf einer zweiten Seite Telefon und Kommentare.',
      question: 'Haben Sie ein Auto?',
      followUp: 'Kennzeichen',
      why: 'Warum nicht?',
    },
  ];
  it.each(cases)('$language', ({ text, question, followUp, why }) => {
    const form = generateForm(text);
    const { fields } = form;
    const trigger = fields.find((f) => f.label === question);
    expect(trigger?.type).toBe('yes_no');
    const condition = (label: string) =>
      questionRuleOf(form.logic, fields.find((f) => f.label === label)?.id ?? '')?.rule.conditions[0];
    const answer = (value: string) => ({ source: 'field', ref: trigger?.id, operator: 'equals', value });
    expect(condition(followUp)).toEqual(answer('yes'));
    expect(condition(why)).toEqual(answer('no'));
    expect(types(fields).filter((t) => t === 'page_break')).toHaveLength(1);
    expect(types(fields).slice(-3)).toEqual(['page_break', 'phone', 'textarea']);
  });
});
