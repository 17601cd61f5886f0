import type { FormField } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { generateForm } from './generate-form.ts';
import { fieldLabelled, optionLabels } from './test-fields.ts';

const labels = (fields: FormField[]) => fields.map((f) => f.label);

describe('generateForm reads choices written in the flow of a request', () => {
  it('makes "meal choice beef, fish or vegetarian" one choice and keeps every clause', () => {
    const form = generateForm(
      'Wedding RSVP: name, will you attend, meal choice beef, fish or vegetarian, any allergies, a song request, and a message for the couple',
    );
    const meal = fieldLabelled(form.fields, 'meal');
    expect(meal.type).toBe('radio');
    expect(optionLabels(meal)).toEqual(['Beef', 'Fish', 'Vegetarian']);
    expect(form.fields).toHaveLength(6);
    for (const fragment of ['name', 'attend', 'allerg', 'song', 'couple'])
      fieldLabelled(form.fields, fragment);
    expect(labels(form.fields).some((l) => /fish or/i.test(l))).toBe(false);
  });

  it('reads "size S/M/L", "own or rent", "which features do you use: A, B, C" and "photo consent"', () => {
    const form = generateForm(
      'Team t-shirt order: name, size S/M/L, do you own or rent your home, which features do you use: A, B, C, and photo consent',
    );
    expect(optionLabels(fieldLabelled(form.fields, 'size'))).toEqual(['S', 'M', 'L']);
    const home = fieldLabelled(form.fields, 'rent');
    expect(home.type).toBe('radio');
    expect(optionLabels(home)).toEqual(['Own', 'Rent']);
    const features = fieldLabelled(form.fields, 'features');
    expect(features.type).toBe('checkbox');
    expect(optionLabels(features)).toEqual(['A', 'B', 'C']);
    expect(fieldLabelled(form.fields, 'photo')).toMatchObject({
      type: 'checkbox',
      validation: { required: false },
    });
  });

  it('reads a colon list and stops it at the next question', () => {
    const form = generateForm(
      'Course feedback: which tools do you use: Excel, Python, R, how would you rate the course, and any comments',
    );
    const tools = fieldLabelled(form.fields, 'tools');
    expect(tools.type).toBe('checkbox');
    expect(optionLabels(tools)).toEqual(['Excel', 'Python', 'R']);
    fieldLabelled(form.fields, 'rate');
    fieldLabelled(form.fields, 'comment');
  });

  it('ends a colon list at a field that follows choices naming none ("A, B, C, allergies")', () => {
    const form = generateForm('Order: which features do you use: A, B, C, allergies, and photo consent');
    expect(optionLabels(fieldLabelled(form.fields, 'features'))).toEqual(['A', 'B', 'C']);
    fieldLabelled(form.fields, 'allerg');
    const subjects = generateForm('Tutoring: name, subject: math, science, English or history');
    expect(optionLabels(fieldLabelled(subjects.fields, 'subject'))).toEqual([
      'Math',
      'Science',
      'English',
      'History',
    ]);
  });

  it('keeps "(select all)" on the last choice as a note that the list takes several answers', () => {
    const form = generateForm(
      'Product survey: which plan are you on: Free, Pro or Team, which features do you use: reports, exports, integrations (select all), and what is missing',
    );
    const features = fieldLabelled(form.fields, 'features');
    expect(features.type).toBe('checkbox');
    expect(optionLabels(features)).toEqual(['Reports', 'Exports', 'Integrations']);
    expect(optionLabels(fieldLabelled(form.fields, 'plan'))).toEqual(['Free', 'Pro', 'Team']);
  });

  it('expands "XS to XL" and "Monday to Friday" to the whole scale', () => {
    const form = generateForm('Run sign-up: name, shirt size XS to XL, preferred day Monday to Friday');
    expect(optionLabels(fieldLabelled(form.fields, 'shirt'))).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(optionLabels(fieldLabelled(form.fields, 'day'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
  });

  it('makes alternatives joined by "or" a choice of them, not yes/no', () => {
    const form = generateForm(
      'Book club: name, tea or coffee, laptop preference Mac or Windows, in person or video call',
    );
    expect(optionLabels(fieldLabelled(form.fields, 'tea'))).toEqual(['Tea', 'Coffee']);
    expect(optionLabels(fieldLabelled(form.fields, 'laptop'))).toEqual(['Mac', 'Windows']);
    expect(optionLabels(fieldLabelled(form.fields, 'person'))).toEqual(['In person', 'Video call']);
  });

  it('leaves "email or phone", "hotel or pickup point" and a yes/no question with "or" alone', () => {
    const form = generateForm(
      'Tour booking: name, email or phone, hotel or pickup point, have you had surgery or been in hospital?',
    );
    expect(fieldLabelled(form.fields, 'hotel').type).toBe('text');
    expect(fieldLabelled(form.fields, 'surgery').type).toBe('yes_no');
    expect(labels(form.fields).some((l) => /email/i.test(l))).toBe(true);
    expect(form.fields.every((f) => f.type !== 'radio')).toBe(true);
  });

  it('keeps accepting the terms or a code of conduct required, and a permission optional', () => {
    const form = generateForm(
      'Hackathon sign-up: name, email, agree to the code of conduct, consent to treatment, photo consent',
    );
    expect(fieldLabelled(form.fields, 'conduct').validation.required).toBe(true);
    expect(fieldLabelled(form.fields, 'treatment').validation.required).toBe(false);
    expect(fieldLabelled(form.fields, 'photo').validation.required).toBe(false);
    const demanded = generateForm('Camp sign-up: child name, photo consent (required)');
    expect(fieldLabelled(demanded.fields, 'photo').validation.required).toBe(true);
  });

  it('asks "how satisfied are you" on a scale and "first day" as a date', () => {
    const form = generateForm(
      'Leave request: name, first day, last day, how satisfied are you with the process',
    );
    expect(fieldLabelled(form.fields, 'first day').type).toBe('date');
    expect(fieldLabelled(form.fields, 'last day').type).toBe('date');
    expect(fieldLabelled(form.fields, 'satisfied').type).toBe('range');
  });
});

describe('generateForm reads inline choices in the other languages', () => {
  it.each([
    [
      'es',
      'Inscripción al torneo: nombre, correo electrónico, menú carne, pescado o vegetariano, consentimiento de fotos',
      'menú',
      ['Carne', 'Pescado', 'Vegetariano'],
      'fotos',
    ],
    [
      'fr',
      'Formulaire de réservation : nom, e-mail, menu viande, poisson ou végétarien, et autorisation photo',
      'menu',
      ['Viande', 'Poisson', 'Végétarien'],
      'photo',
    ],
    [
      'de',
      'Anmeldung zum Sommerfest: Name, E-Mail, Essen Fleisch, Fisch oder vegetarisch, und Fotoerlaubnis',
      'essen',
      ['Fleisch', 'Fisch', 'Vegetarisch'],
      'foto',
    ],
    [
      'pt',
      'Formulário de inscrição: nome, e-mail, turno manhã, tarde ou noite, e autorização de fotografias',
      'turno',
      ['Manhã', 'Tarde', 'Noite'],
      'fotografias',
    ],
    [
      'it',
      'Modulo di iscrizione: nome, email, menù carne, pesce o vegetariano, e autorizzazione foto',
      'menù',
      ['Carne', 'Pesce', 'Vegetariano'],
      'foto',
    ],
    [
      'nl',
      "Aanmelding voor de barbecue: naam, e-mail, menu vlees, vis of vegetarisch, en toestemming voor foto's",
      'menu',
      ['Vlees', 'Vis', 'Vegetarisch'],
      'foto',
    ],
  ])('%s: a listed choice and an optional photo permission', (_language, request, choice, options, photo) => {
    const form = generateForm(request);
    const field = fieldLabelled(form.fields, choice);
    expect(['radio', 'select']).toContain(field.type);
    expect(optionLabels(field)).toEqual(options);
    expect(fieldLabelled(form.fields, photo)).toMatchObject({
      type: 'checkbox',
      validation: { required: false },
    });
  });

  it('reads a short Spanish request with "de" in it as Spanish, and splits "alergias y consentimiento"', () => {
    const form = generateForm(
      'Pedido de camisetas: nombre, talla de camiseta S/M/L, alergias y consentimiento de fotos',
    );
    expect(fieldLabelled(form.fields, 'alergias').label).toBe('Alergias');
    expect(fieldLabelled(form.fields, 'consentimiento')).toMatchObject({
      type: 'checkbox',
      validation: { required: false },
    });
  });

  it.each([
    ['es', 'Pedido de camisetas: nombre, talla S/M/L/XL', 'talla'],
    ['de', 'Trikotbestellung: Name, Größe S/M/L/XL', 'größe'],
    ['fr', 'Commande de maillots : nom, taille S/M/L/XL', 'taille'],
  ])('%s: a slash list of sizes', (_language, request, label) => {
    expect(optionLabels(fieldLabelled(generateForm(request).fields, label))).toEqual(['S', 'M', 'L', 'XL']);
  });

  it.each([
    ['fr', 'Sondage : quels outils utilisez-vous : Excel, Python, R, et commentaires', 'outils'],
    ['de', 'Umfrage: welche Werkzeuge nutzen Sie: Excel, Python, R, und Kommentare', 'werkzeuge'],
    [
      'it',
      'Modulo per il sondaggio: il tuo nome, quali strumenti usi: Excel, Python, R, e commenti',
      'strumenti',
    ],
  ])('%s: "which … do you use" takes several answers', (_language, request, label) => {
    const field = fieldLabelled(generateForm(request).fields, label);
    expect(field.type).toBe('checkbox');
    expect(optionLabels(field)).toEqual(['Excel', 'Python', 'R']);
  });
});
