import { type FieldOf, fieldSchema } from '@formsmith/core/forms/field';
import { formProblems } from '@formsmith/core/forms/problems';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { describe, expect, it } from 'vitest';
import { providerFormSchema } from '../provider-schema.ts';
import { generateForm } from './generate-form.ts';
import { fieldLabelled, optionLabels } from './test-fields.ts';

const shown = (request: string) => JSON.stringify(generateForm(request).fields.map((f) => [f.label, f.type]));

describe('generateForm: star counts', () => {
  it.each([
    ['Restaurant feedback: your name, a 10-star rating for the food, and comments', 'food', 10, undefined],
    ['Cafe survey. Rate us out of 7 stars, and your email', 'rate', 7, undefined],
    ['Service review: name, rate the service out of 5 stars (half stars allowed), email', 'service', 5, true],
    [
      'Hotel review: your email, a star rating for the room, half stars allowed, and any comments',
      'room',
      undefined,
      true,
    ],
    ['Gym feedback: name, an eight star rating of the classes', 'classes', 8, undefined],
    [
      'Avis client : votre nom, une note sur 10 étoiles pour le service, demi-étoiles autorisées',
      'service',
      10,
      true,
    ],
    ['Kundenumfrage: Name, Bewertung mit 7 Sternen, halbe Sterne erlaubt', 'bewertung', 7, true],
  ])('reads "%s" as a star rating with its count and half stars', (request, word, stars, halfStars) => {
    const form = generateForm(request);
    const rating = fieldLabelled(form.fields, word) as FieldOf<'rating'>;
    expect(rating.type, shown(request)).toBe('rating');
    expect(rating.stars).toBe(stars);
    expect(rating.halfStars).toBe(halfStars);
  });

  it('keeps the star words out of the label and the help text, and out of the questions', () => {
    const form = generateForm(
      'Feedback: name, rate the food out of 10 stars (half stars allowed), half stars ok',
    );
    const rating = fieldLabelled(form.fields, 'food');
    expect(rating.label).toBe('Rate the food');
    expect(rating.helpText).toBeUndefined();
    // 'half stars ok' qualifies the rating before it: it asks nothing of its own.
    expect(form.fields.map((f) => f.type)).toEqual(['text', 'rating']);
  });
});

describe('generateForm: picture choice', () => {
  it.each([
    [
      'Logo vote: your email, let people pick their favourite design from pictures: Aurora, Breeze, Cascade',
      'design',
      ['Aurora', 'Breeze', 'Cascade'],
    ],
    [
      'Wedding RSVP: name, pick your favourite cake from the photos (chocolate, lemon or carrot), song request',
      'cake',
      ['Chocolate', 'Lemon', 'Carrot'],
    ],
    [
      'Logo vote: a picture choice of the three logos, and your email',
      'logo',
      ['Logo 1', 'Logo 2', 'Logo 3'],
    ],
    [
      'Concours photo : votre nom, choisissez une photo parmi les trois finalistes',
      'finaliste',
      ['Finaliste 1', 'Finaliste 2', 'Finaliste 3'],
    ],
    ['Logo-Abstimmung: Name, Bildauswahl der drei Logos', 'logo', ['Logo 1', 'Logo 2', 'Logo 3']],
    ['Photo contest: choose a photo, your name', 'photo', ['Option 1', 'Option 2', 'Option 3']],
  ])('reads "%s" as a picture choice of the options it names', (request, word, options) => {
    const form = generateForm(request);
    const field = fieldLabelled(form.fields, word) as FieldOf<'picture_choice'>;
    expect(field.type, shown(request)).toBe('picture_choice');
    expect(optionLabels(field)).toEqual(options);
    expect(field.validation.required).toBe(true);
  });

  it('leaves the pictures and their alt texts to the owner, and the form can be saved and published as generated', () => {
    const form = generateForm(
      'Logo vote: your name, pick the logo you like best from these pictures: Sun, Moon',
    );
    const field = fieldLabelled(form.fields, 'logo') as FieldOf<'picture_choice'>;
    expect(field.label).toBe('Logo you like best');
    // No picture is invented, so none needs an alt text yet: the editor asks for one with each upload.
    expect(field.options.every((o) => o.image === undefined && o.alt === undefined)).toBe(true);
    expect(fieldSchema.parse(field)).toEqual(field);
    expect(formProblems({ fields: form.fields, logic: EMPTY_LOGIC })).toEqual([]);
  });

  it('takes several picks when the request says so', () => {
    const form = generateForm(
      'Team photo day: your name, select a background from the pictures (select all that apply): beach, forest',
    );
    const field = fieldLabelled(form.fields, 'background') as FieldOf<'picture_choice'>;
    expect(field).toMatchObject({ type: 'picture_choice', multiple: true, validation: { required: false } });
  });

  it('keeps an upload an upload', () => {
    for (const request of [
      'Photo contest: your name, upload a photo',
      'Job application: name, attach a picture of your ID',
    ]) {
      expect(
        generateForm(request).fields.map((f) => f.type),
        shown(request),
      ).toContain('file');
      expect(generateForm(request).fields.map((f) => f.type)).not.toContain('picture_choice');
    }
  });

  it('reads a model’s picture choice and half stars through the provider schema', () => {
    const parsed = providerFormSchema.parse({
      title: 'Vote',
      description: null,
      fields: [
        {
          label: 'Favourite logo',
          type: 'picture_choice',
          required: true,
          options: ['Sun', 'Moon'],
          rows: [],
        },
        { label: 'Food', type: 'rating', required: false, options: [], rows: [], max: 10, half_stars: true },
      ],
    });
    const [pictures, stars] = parsed.fields;
    expect(pictures).toMatchObject({ type: 'picture_choice', validation: { required: true } });
    expect(optionLabels(pictures as FieldOf<'picture_choice'>)).toEqual(['Sun', 'Moon']);
    expect(stars).toMatchObject({ type: 'rating', stars: 10, halfStars: true });
  });
});
