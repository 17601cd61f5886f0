import { computeVisibility } from '@formsmith/core/fields/conditions';
import type { FormField } from '@formsmith/core/forms/field';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { splitPages } from '@formsmith/core/logic/run';
import { describe, expect, it } from 'vitest';
import { generateForm } from './generate-form.ts';
import { fieldLabelled } from './test-fields.ts';

/** Whether the field is shown for these answers (its show condition, if any, holding). */
function shownFor(fields: FormField[], label: string, answers: Record<string, unknown>): boolean {
  return computeVisibility(fields, answers).get(fieldLabelled(fields, label).id) !== false;
}

const types = (fields: FormField[]) => fields.map((f) => f.type);

describe('generateForm writes follow-up questions', () => {
  it('"if yes, ask …" shows the question, required, only after a yes to the question before', () => {
    const { fields } = generateForm(
      'Registration form: name, email, do you need parking? If yes, ask for the car plate number.',
    );
    const parking = fieldLabelled(fields, 'parking');
    expect(parking).toMatchObject({ type: 'yes_no', validation: { required: true } });
    const plate = fieldLabelled(fields, 'plate');
    // What a yes calls for is required when it is asked.
    expect(plate.validation.required).toBe(true);
    expect(plate.conditionalLogic).toEqual({
      action: 'show',
      match: 'all',
      conditions: [{ fieldId: parking.id, operator: 'equals', value: 'yes' }],
    });
    expect(shownFor(fields, 'plate', { [parking.id]: 'no' })).toBe(false);
    expect(shownFor(fields, 'plate', { [parking.id]: 'yes' })).toBe(true);
  });

  it('"if they answer no, ask why" adds an optional "Why not?" shown after a no', () => {
    const { fields } = generateForm(
      'Stay survey: your name and would you stay with us again? If they answer no, ask why.',
    );
    const again = fieldLabelled(fields, 'stay with us again');
    const why = fieldLabelled(fields, 'why not');
    expect(why).toMatchObject({ type: 'textarea', label: 'Why not?', validation: { required: false } });
    expect(why.conditionalLogic?.conditions).toEqual([
      { fieldId: again.id, operator: 'equals', value: 'no' },
    ]);
  });

  it('"if not, ask why" and "if so" in the middle of a list, and "then ask …" goes back to everyone', () => {
    const { fields } = generateForm(
      'Event feedback: name, whether you enjoyed the event, if not ask why, then ask for suggestions',
    );
    expect(fields.map((f) => f.label)).toEqual([
      'Name',
      'Have you enjoyed the event?',
      'Why not?',
      'Suggestions',
    ]);
    expect(fieldLabelled(fields, 'why not').conditionalLogic?.conditions[0]?.value).toBe('no');
    expect(fieldLabelled(fields, 'suggestions').conditionalLogic).toBeUndefined();
    const so = generateForm('Trip sign-up: do you have allergies, if so which ones, and your email').fields;
    expect(fieldLabelled(so, 'which ones').conditionalLogic?.conditions[0]?.value).toBe('yes');
    expect(fieldLabelled(so, 'email').conditionalLogic).toBeUndefined();
  });

  it('a follow-up on a choice ("if other, ask them to specify") is shown for that option', () => {
    const { fields } = generateForm(
      'Survey: how did you hear about us (friend, advert, other), if other ask them to specify',
    );
    const heard = fieldLabelled(fields, 'hear about us');
    const specify = fieldLabelled(fields, 'please specify');
    expect(specify.conditionalLogic?.conditions).toEqual([
      { fieldId: heard.id, operator: 'equals', value: 'other' },
    ]);
  });

  it('a follow-up with no yes/no question before it stays an ordinary question', () => {
    const { fields } = generateForm('Contact form: name, email, if yes ask for a phone number');
    expect(fieldLabelled(fields, 'phone').conditionalLogic).toBeUndefined();
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
    const { fields } = generateForm(
      'Ask whether they have attended before; if yes, ask which year. On a second page ask for their email and phone.',
    );
    expect(types(fields)).toEqual(['yes_no', 'number', 'page_break', 'email', 'phone']);
    expect(fields[0]?.label).toBe('Have you attended before?');
    expect(fields[1]?.conditionalLogic?.conditions[0]).toMatchObject({
      fieldId: fields[0]?.id,
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
    const { fields } = generateForm(text);
    const trigger = fields.find((f) => f.label === question);
    expect(trigger?.type).toBe('yes_no');
    const condition = (label: string) =>
      fields.find((f) => f.label === label)?.conditionalLogic?.conditions[0];
    expect(condition(followUp)).toEqual({ fieldId: trigger?.id, operator: 'equals', value: 'yes' });
    expect(condition(why)).toEqual({ fieldId: trigger?.id, operator: 'equals', value: 'no' });
    expect(types(fields).filter((t) => t === 'page_break')).toHaveLength(1);
    expect(types(fields).slice(-3)).toEqual(['page_break', 'phone', 'textarea']);
  });
});
