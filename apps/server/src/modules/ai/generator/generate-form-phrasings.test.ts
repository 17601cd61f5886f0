import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.ts';
import { generateForm } from './generate-form.ts';
import { fieldLabelled, optionLabels } from './test-fields.ts';

// Phrasings of choices, scales and permissions that requests write without brackets or a
// question mark, in English and the other generator languages.
describe('generateForm reads choices written in the flow of a request', () => {
  it('keeps a choice that shares a field word ("laptop, phone or tablet") among the choices', () => {
    const form = generateForm('Repair booking: name, device laptop, phone or tablet, and a description');
    const device = fieldLabelled(form.fields, 'device');
    expect(device.type).toBe('radio');
    expect(optionLabels(device)).toEqual(['Laptop', 'Phone', 'Tablet']);
    // A list of fields stays fields: 'email or phone' names no choice of a question before it.
    const contact = generateForm('Contact form: your name, email, phone and message');
    expect(contact.fields.map((f) => f.type)).toEqual(['text', 'email', 'phone', 'textarea']);
  });

  it('reads sizes written with letters ("3x3 or 3x6", "3m x 3m or 3m x 6m") as choices', () => {
    const form = generateForm('Market stall: business name, stall 3x3 or 3x6, pitch size 3m x 3m or 3m x 6m');
    expect(optionLabels(fieldLabelled(form.fields, 'stall'))).toEqual(['3x3', '3x6']);
    expect(optionLabels(fieldLabelled(form.fields, 'pitch'))).toEqual(['3m x 3m', '3m x 6m']);
    // Plain numbers with a unit keep the unit on every choice.
    const lessons = generateForm('Lessons: name, lesson length 45 or 90 minutes');
    expect(optionLabels(fieldLabelled(lessons.fields, 'length'))).toEqual(['45 minutes', '90 minutes']);
  });

  it('reads "group 1, group 2 or group 3" as one question with numbered choices', () => {
    const form = generateForm('Swimming lessons: child name, group 1, group 2 or group 3, parent email');
    const group = fieldLabelled(form.fields, 'group');
    expect(group.type).toBe('radio');
    expect(optionLabels(group)).toEqual(['Group 1', 'Group 2', 'Group 3']);
    expect(form.fields).toHaveLength(3);
  });

  it('reads a note after the last choice ("(pick one)", "(choose all)") as the list\'s, not a choice', () => {
    const form = generateForm(
      'Gala tickets: name, seat type balcony, stalls or box (pick one), which nights: Friday, Saturday (choose all), scarf size S/M/L',
    );
    const seat = fieldLabelled(form.fields, 'seat');
    expect(seat.type).toBe('radio');
    expect(optionLabels(seat)).toEqual(['Balcony', 'Stalls', 'Box']);
    expect(seat.helpText).toBeUndefined();
    const nights = fieldLabelled(form.fields, 'nights');
    expect(nights.type).toBe('checkbox');
    expect(optionLabels(nights)).toEqual(['Friday', 'Saturday']);
    expect(optionLabels(fieldLabelled(form.fields, 'scarf'))).toEqual(['S', 'M', 'L']);
  });

  it("ends a question's choices at its question mark, even when a choice names a field", () => {
    const form = generateForm(
      'Encuesta del museo: ¿cómo compró la entrada: web, teléfono o taquilla?, ¿volvería?, y comentarios',
    );
    const bought = fieldLabelled(form.fields, 'compr');
    expect(bought.type).toBe('radio');
    expect(optionLabels(bought)).toEqual(['Web', 'Teléfono', 'Taquilla']);
    expect(fieldLabelled(form.fields, 'volver').type).toBe('yes_no');
    fieldLabelled(form.fields, 'comentario');
  });

  it('ends a colon list before the next one even when a semicolon closes the sentence later', () => {
    const form = generateForm(
      'Reader survey: how often do you read: daily, weekly or rarely?, which sections do you read: news, sport, culture; and comments',
    );
    expect(optionLabels(fieldLabelled(form.fields, 'how often'))).toEqual(['Daily', 'Weekly', 'Rarely']);
    expect(optionLabels(fieldLabelled(form.fields, 'sections'))).toEqual(['News', 'Sport', 'Culture']);
    fieldLabelled(form.fields, 'comment');
  });

  it('splits alike alternatives where they start alike ("every month or every three months")', () => {
    const form = generateForm('Window cleaning: name, visits every month or every three months');
    const visits = fieldLabelled(form.fields, 'visits');
    expect(optionLabels(visits)).toEqual(['Every month', 'Every three months']);
  });

  it('reads "colour red, blue or green" as the colours to choose from', () => {
    const form = generateForm('Mug order: name, colour red, blue or green, quantity');
    const colour = fieldLabelled(form.fields, 'colour');
    expect(colour.type).toBe('radio');
    expect(optionLabels(colour)).toEqual(['Red', 'Blue', 'Green']);
  });
});

describe('generateForm reads grids, rankings and closed questions in every language', () => {
  it.each([
    ['Sondage : notez chacun des points suivants : accueil, prix, propreté', 'notez'],
    ['Umfrage: bewerten Sie bitte Folgendes: Preis, Qualität, Service', 'bewerten'],
    ['Encuesta: valore cada uno de los siguientes: precio, calidad, servicio', 'valore'],
    ['Course survey: how useful was each session: theory, practice, homework', 'useful'],
  ])('asks "%s" as a matrix whose rows are the items', (request, fragment) => {
    const grid = fieldLabelled(generateForm(request).fields, fragment);
    expect(grid.type).toBe('matrix');
    expect(grid.type === 'matrix' && grid.rows.map((r) => r.label)).toHaveLength(3);
  });

  it('asks "ordene estas opciones" as a ranking', () => {
    const form = generateForm('Encuesta: ordene estas opciones: precio, calidad, rapidez, y comentarios');
    const ranking = fieldLabelled(form.fields, 'ordene');
    expect(ranking.type).toBe('ranking');
    expect(optionLabels(ranking)).toEqual(['Precio', 'Calidad', 'Rapidez']);
  });

  it.each([
    ['Inscription : nom, avez-vous un vélo, e-mail', 'velo'],
    ['Anmeldung: Name, haben Sie einen Hund, E-Mail', 'hund'],
    ['Solicitud de socio: nombre, tiene usted experiencia previa, correo', 'experiencia'],
    ['Formulário de inscrição: nome, tem seguro de viagem, e-mail', 'seguro'],
    ['Modulo di iscrizione: nome, hai una bicicletta, email', 'bicicletta'],
  ])('asks "%s" as yes or no without a question mark', (request, fragment) => {
    const form = generateForm(request);
    const field = form.fields.find((f) =>
      f.label.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().includes(fragment),
    );
    expect(field?.type).toBe('yes_no');
  });

  it('recognises Italian by its grave accents and -zione words, and makes its name required', () => {
    expect(detectLanguage('Prenotazione del campo: nome, email, telefono, campo terra o erba')).toBe('it');
    expect(detectLanguage('Corso di cucina il lunedì o il mercoledì')).toBe('it');
    const form = generateForm('Prenotazione della sala: nome, email, telefono, numero di persone');
    expect(fieldLabelled(form.fields, 'nome').validation.required).toBe(true);
  });
});

describe('generateForm keeps permissions and signatures apart from other questions', () => {
  it('reads a consent after a size list ("talla S/M/L y consentimiento de fotos") as its own, optional', () => {
    const form = generateForm(
      'Inscripción al torneo: nombre, talla de camiseta S/M/L y consentimiento de fotos',
    );
    expect(optionLabels(fieldLabelled(form.fields, 'talla'))).toEqual(['S', 'M', 'L']);
    expect(fieldLabelled(form.fields, 'foto')).toMatchObject({
      type: 'checkbox',
      validation: { required: false },
    });
  });

  it('reads "photo release" as a permission that is not required, and "release date" as a date', () => {
    const form = generateForm('Model casting: name, email, release date, and photo release');
    expect(fieldLabelled(form.fields, 'photo')).toMatchObject({
      type: 'checkbox',
      validation: { required: false },
    });
    expect(fieldLabelled(form.fields, 'release date').type).toBe('date');
  });

  it.each([
    ['Sondage : nom, téléphone, et signez ici', 'signez'],
    ['Encuesta: nombre, teléfono y firme aquí', 'firme'],
    ['Antrag: Name, Telefon, bitte hier unterschreiben', 'unterschreiben'],
  ])('asks "%s" with a signature field', (request, fragment) => {
    expect(fieldLabelled(generateForm(request).fields, fragment).type).toBe('signature');
  });
});
