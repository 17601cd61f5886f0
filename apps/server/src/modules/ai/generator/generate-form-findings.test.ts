import type { FormField } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { generateForm } from './generate-form.ts';
import { fieldLabelled, optionLabels } from './test-fields.ts';

const required = (field: FormField) => field.validation.required;

describe('generateForm splits compound clauses', () => {
  it('keeps a question joined after a choice list as its own question', () => {
    const form = generateForm(
      'Salon feedback: which stylist served you (Anna, Marco, Lee) and whether you would recommend us',
    );
    expect(form.fields).toHaveLength(2);
    expect(optionLabels(fieldLabelled(form.fields, 'stylist'))).toEqual(['Anna', 'Marco', 'Lee']);
    expect(fieldLabelled(form.fields, 'recommend')).toMatchObject({
      type: 'yes_no',
      label: 'Would you recommend us?',
    });
  });

  it('splits "age and level (…)" in French into a number and a choice', () => {
    const form = generateForm(
      "Formulaire d'inscription au club de tennis : nom, e-mail, âge et niveau (débutant, intermédiaire, avancé)",
    );
    expect(fieldLabelled(form.fields, 'âge').type).toBe('number');
    const level = fieldLabelled(form.fields, 'niveau');
    expect(level.type).toBe('radio');
    expect(optionLabels(level)).toEqual(['Débutant', 'Intermédiaire', 'Avancé']);
  });

  it('splits "email and a 1-5 rating" into an email field and a rating', () => {
    const form = generateForm('A feedback form with name, email and a 1-5 rating');
    expect(form.fields.map((f) => f.type)).toEqual(['text', 'email', 'range']);
    expect(fieldLabelled(form.fields, 'rating').validation).toMatchObject({ min: 1, max: 5 });
  });
});

describe('generateForm writes a real title and a one-sentence description', () => {
  it('puts the subject first instead of echoing the request', () => {
    const form = generateForm(
      'A job application form for a bakery: name, email, phone, position (baker, cashier), years of experience and a cover letter',
    );
    expect(form.title).toBe('Bakery Job Application');
  });

  it('describes what the form asks and how long it takes, without filler', () => {
    const form = generateForm('Yoga class booking: name, email, preferred date and a message');
    expect(form.description).toBe(
      'Please share your name, email, preferred date and message — it takes about 2 minutes.',
    );
    expect(form.description).not.toMatch(/fill out the form/i);
    expect(form.description.split(/[.!?](?:\s|$)/).filter(Boolean)).toHaveLength(1);
  });
});

describe('generateForm marks required what a sensible owner would', () => {
  it('requires contact fields and the main questions, not the open extras', () => {
    const form = generateForm(
      'A job application form for a bakery: name, email, phone, position (baker, cashier, delivery driver), years of experience, available start date and a cover letter',
    );
    for (const label of ['name', 'email', 'phone', 'position', 'start date'])
      expect(required(fieldLabelled(form.fields, label)), label).toBe(true);
    expect(required(fieldLabelled(form.fields, 'years'))).toBe(false);
    expect(required(fieldLabelled(form.fields, 'cover letter'))).toBe(false);
  });

  it('leaves optional what the request says is optional', () => {
    const form = generateForm('Class booking: name, email, preferred date and time slot (optional)');
    expect(required(fieldLabelled(form.fields, 'date'))).toBe(true);
    expect(required(fieldLabelled(form.fields, 'slot'))).toBe(false);
  });
});

describe('generateForm adds placeholders and help texts', () => {
  it('shows the expected shape of emails, links and phone numbers, and explains scales and uploads', () => {
    const form = generateForm(
      'Contest entry: email, phone, portfolio website, upload your photo, rate the theme from 1 to 5, and which categories (landscape, portrait, street) — select all that apply',
    );
    expect(fieldLabelled(form.fields, 'email').placeholder).toBe('name@example.com');
    expect(fieldLabelled(form.fields, 'phone').placeholder).toBe('+1 555 123 4567');
    expect(fieldLabelled(form.fields, 'website').placeholder).toBe('https://');
    expect(fieldLabelled(form.fields, 'photo').helpText).toBe('One file, up to 10 MB.');
    expect(fieldLabelled(form.fields, 'theme').helpText).toBe('1 = lowest, 5 = highest.');
    expect(fieldLabelled(form.fields, 'categories').helpText).toBe('Select all that apply.');
  });
});

describe('generateForm chooses types by meaning', () => {
  it('asks "how likely to recommend" as an NPS 0-10 scale and "whether you would recommend" as yes/no', () => {
    const nps = generateForm('Customer survey: how likely are you to recommend us, and any comments');
    expect(fieldLabelled(nps.fields, 'recommend')).toMatchObject({
      type: 'nps',
      validation: { required: true },
      lowLabel: 'Not at all likely',
      highLabel: 'Extremely likely',
    });
    const scale = generateForm('Visit survey: would you recommend us (0-10)');
    expect(fieldLabelled(scale.fields, 'recommend').type).toBe('nps');
    const yesNo = generateForm('Visit feedback: your name and whether you would recommend us to a friend');
    expect(fieldLabelled(yesNo.fields, 'recommend')).toMatchObject({
      type: 'yes_no',
      validation: { required: true },
    });
  });

  it('turns a preferred day of week into a select of the seven days', () => {
    const form = generateForm('Class booking: name, email, preferred day of week and time slot');
    const day = fieldLabelled(form.fields, 'day of week');
    expect(day.type).toBe('select');
    expect(optionLabels(day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('turns a time slot into a select of slots', () => {
    const form = generateForm('Class booking: name, email, preferred day of week and time slot');
    const slot = fieldLabelled(form.fields, 'slot');
    expect(slot.type).toBe('select');
    expect(optionLabels(slot)?.length).toBeGreaterThan(2);
  });

  it('makes consent a required checkbox', () => {
    const form = generateForm('Newsletter signup: email and consent to the privacy policy');
    expect(fieldLabelled(form.fields, 'privacy')).toMatchObject({
      type: 'checkbox',
      validation: { required: true },
    });
  });
});

describe('generateForm turns vague requests into a complete form of that kind', () => {
  it('gives people joining a club a membership application', () => {
    const form = generateForm('form for people wanting to join our club');
    expect(form.title).toBe('Club Membership Application Form');
    expect(form.fields.length).toBeGreaterThanOrEqual(6);
    expect(form.fields.map((f) => f.type)).toEqual(
      expect.arrayContaining(['text', 'email', 'phone', 'checkbox']),
    );
    expect(fieldLabelled(form.fields, 'club rules').validation.required).toBe(true);
  });
});

describe('generateForm understands Portuguese, Italian and Dutch', () => {
  it.each([
    [
      'Formulário de contato: nome, e-mail, telefone e mensagem',
      ['text', 'email', 'phone', 'textarea'],
      'Indique',
    ],
    [
      'Modulo di iscrizione al corso: nome, email, telefono e data di nascita',
      ['text', 'email', 'phone', 'date'],
      'Indica',
    ],
    [
      'Aanmeldformulier voor de workshop: naam, e-mail, telefoonnummer en opmerkingen',
      ['text', 'email', 'phone', 'textarea'],
      'Vul',
    ],
  ])('%s', (description, types, opening) => {
    const form = generateForm(description);
    expect(form.fields.map((f) => f.type)).toEqual(types);
    expect(form.fields[0]?.validation.required).toBe(true);
    expect(form.description.startsWith(opening)).toBe(true);
  });

  it('fills a vague Dutch request with a form in Dutch', () => {
    const form = generateForm('Ik wil een formulier voor een offerteaanvraag');
    expect(form.title).toBe('Offerteaanvraag');
    expect(form.fields.map((f) => f.label)).toContain('Naam');
  });
});
