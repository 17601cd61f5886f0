import { fieldSchema } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { generateForm } from './generate-form.ts';
import { fieldLabelled, optionLabels } from './test-fields.ts';

describe('generateForm', () => {
  it('reads a heading and a comma list into typed fields with options', () => {
    const form = generateForm(
      'Yoga studio booking: full name, email, class (Morning Flow, Power Yoga, Yin), preferred date, start time, and number of mats',
    );
    expect(form.title).toBe('Yoga Studio Booking');
    expect(form.fields.map((f) => f.type)).toEqual(['text', 'email', 'radio', 'date', 'time', 'number']);
    expect(optionLabels(fieldLabelled(form.fields, 'class'))).toEqual(['Morning Flow', 'Power Yoga', 'Yin']);
  });

  it('marks name and email required, optional items not, and consent checkboxes required', () => {
    const form = generateForm(
      'Book club signup. Name, email, favourite genre (optional), and members must agree to the club rules.',
    );
    expect(fieldLabelled(form.fields, 'name').validation.required).toBe(true);
    expect(fieldLabelled(form.fields, 'email').validation.required).toBe(true);
    expect(fieldLabelled(form.fields, 'genre').validation.required).toBe(false);
    const consent = fieldLabelled(form.fields, 'club rules');
    expect(consent).toMatchObject({
      type: 'checkbox',
      validation: { required: true },
      label: 'I agree to the club rules',
    });
  });

  it('turns "select all that apply" lists into checkboxes and long single-choice lists into selects', () => {
    const form = generateForm(
      'Garden centre survey. Which plants do you grow (herbs, roses, tomatoes) – select all that apply, and your region (North, South, East, West, Central, Islands).',
    );
    expect(fieldLabelled(form.fields, 'plants').type).toBe('checkbox');
    expect(fieldLabelled(form.fields, 'region').type).toBe('select');
  });

  it('reads ranges into min and max', () => {
    const form = generateForm(
      'Running club entry. Age between 16 and 80, weekly distance, and rate your fitness from 1 to 10.',
    );
    expect(fieldLabelled(form.fields, 'age')).toMatchObject({
      type: 'number',
      validation: { min: 16, max: 80 },
    });
    expect(fieldLabelled(form.fields, 'fitness')).toMatchObject({
      type: 'range',
      validation: { min: 1, max: 10 },
    });
  });

  it('asks yes/no questions as yes/no fields, whether written as a question or with (yes/no)', () => {
    const form = generateForm(
      'Camp signup. Camper name, can your child swim?, and do they need a bus pass (yes/no)',
    );
    expect(fieldLabelled(form.fields, 'swim')).toMatchObject({
      type: 'yes_no',
      validation: { required: true },
    });
    expect(fieldLabelled(form.fields, 'swim')).not.toHaveProperty('options');
    expect(fieldLabelled(form.fields, 'bus pass')).toMatchObject({ type: 'yes_no' });
  });

  it('asks identifiers such as a plate or order number as text, and counts as numbers', () => {
    const form = generateForm('Parking permit: car plate number, order number and number of guests');
    expect(fieldLabelled(form.fields, 'plate').type).toBe('text');
    expect(fieldLabelled(form.fields, 'order number').type).toBe('text');
    expect(fieldLabelled(form.fields, 'guests').type).toBe('number');
  });

  it('recognises uploads, links, colours and hidden fields', () => {
    const form = generateForm(
      'Band application. Band name, website link, upload a demo recording, logo colour (colour picker), and a hidden field for the referral code.',
    );
    expect(fieldLabelled(form.fields, 'website').type).toBe('url');
    expect(fieldLabelled(form.fields, 'demo').type).toBe('file');
    expect(fieldLabelled(form.fields, 'colour').type).toBe('color');
    expect(fieldLabelled(form.fields, 'referral').type).toBe('hidden');
  });

  it('fills a short request with the fields its kind of form needs', () => {
    const form = generateForm('a simple support ticket form');
    expect(form.title).toBe('Simple Support Ticket Form');
    expect(form.fields.map((f) => f.type)).toEqual(expect.arrayContaining(['email', 'textarea']));
  });

  it('names the subject of a request in the title', () => {
    const form = generateForm('I need a form so people can order my homemade jams');
    expect(form.title).toBe('Homemade Jams Order Form');
    expect(form.fields.length).toBeGreaterThan(2);
  });

  it('falls back to the default title only when nothing better exists', () => {
    expect(generateForm('name, email, phone').title).toBe('Generated Form');
  });

  it('keeps labels in Spanish, French and German', () => {
    const es = generateForm(
      'Formulario de inscripción al taller: nombre, correo electrónico, teléfono y comentarios.',
    );
    expect(es.fields.map((f) => f.label)).toEqual([
      'Nombre',
      'Correo electrónico',
      'Teléfono',
      'Comentarios',
    ]);
    const fr = generateForm('Inscription au club de lecture : prénom, e-mail, date de naissance.');
    expect(fr.fields.map((f) => f.type)).toEqual(['text', 'email', 'date']);
    const de = generateForm('Kontaktformular für unsere Praxis: Vorname, Nachname, E-Mail, Nachricht.');
    expect(de.fields.map((f) => f.label)).toEqual(['Vorname', 'Nachname', 'E-Mail', 'Nachricht']);
  });

  it('fills a short foreign-language request with a localized template', () => {
    const form = generateForm('un formulario de contacto');
    expect(form.fields.map((f) => f.label)).toContain('Correo electrónico');
  });

  it('returns canonical fields', () => {
    const [field] = generateForm('Newsletter: email').fields;
    expect(field).toMatchObject({
      id: 'field_1',
      type: 'email',
      position: 0,
      validation: { required: true },
    });
    expect(field).toEqual(fieldSchema.parse(field));
  });

  it('always returns at least one field', () => {
    expect(generateForm('').fields.length).toBeGreaterThan(0);
    expect(generateForm('???').fields.length).toBeGreaterThan(0);
  });

  it('reads long, repetitive input as its distinct fields', () => {
    // Speed is the bench's to measure; this guards the result on input 150 times too long.
    const form = generateForm('name, email and phone, '.repeat(150));
    const labels = form.fields.map((f) => f.label.toLowerCase());
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual(expect.arrayContaining(['name', 'email', 'phone']));
  });
});
