import type { FieldOf } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { providerFormSchema } from '../provider-schema.ts';
import { generateForm } from './generate-form.ts';
import { fieldLabelled } from './test-fields.ts';

describe('generateForm: grids, stars and rankings', () => {
  it('asks "how satisfied are you with: A, B, C" as a matrix whose rows are the items', () => {
    const form = generateForm(
      'Hotel feedback. How satisfied are you with: room cleanliness, staff friendliness, breakfast. Any other comments?',
    );
    const grid = fieldLabelled(form.fields, 'satisfied') as FieldOf<'matrix'>;
    expect(grid.type).toBe('matrix');
    expect(grid.rows.map((r) => r.label)).toEqual(['Room cleanliness', 'Staff friendliness', 'Breakfast']);
    expect(grid.columns.map((c) => c.label)).toEqual([
      'Very dissatisfied',
      'Dissatisfied',
      'Neutral',
      'Satisfied',
      'Very satisfied',
    ]);
  });

  it('asks "rate each of the following" as a matrix rated from poor to excellent', () => {
    const form = generateForm(
      'Course survey: rate each of the following: lectures, labs, reading list. Any comments?',
    );
    const grid = fieldLabelled(form.fields, 'following') as FieldOf<'matrix'>;
    expect(grid.type).toBe('matrix');
    expect(grid.rows.map((r) => r.label)).toEqual(['Lectures', 'Labs', 'Reading list']);
    expect(grid.columns.at(-1)?.label).toBe('Excellent');
  });

  it('asks "rate us out of 5 stars" as a five-star rating, not a numeric scale', () => {
    const form = generateForm('Restaurant feedback. Your name, and rate us out of 5 stars.');
    // The count is the field's stars, not words of its label.
    expect(fieldLabelled(form.fields, 'rate us')).toMatchObject({
      type: 'rating',
      stars: 5,
      label: 'Rate us',
    });
  });

  it('asks "rank these…" as a ranking of the options listed', () => {
    const form = generateForm('Gym survey. Your email, and rank these classes: yoga, spin, boxing.');
    const ranking = fieldLabelled(form.fields, 'rank') as FieldOf<'ranking'>;
    expect(ranking.type).toBe('ranking');
    expect(ranking.options.map((o) => o.label)).toEqual(['Yoga', 'Spin', 'Boxing']);
  });

  it('reads a model’s matrix rows and rating stars through the provider schema', () => {
    const parsed = providerFormSchema.parse({
      title: 'Stay',
      description: null,
      fields: [
        { label: 'Rate', type: 'matrix', required: true, options: ['Bad', 'Good'], rows: ['Room', 'Food'] },
        { label: 'Stars', type: 'rating', required: false, options: [], rows: [], min: 1, max: 7 },
      ],
    });
    const [grid, stars] = parsed.fields;
    expect((grid as FieldOf<'matrix'>).rows.map((r) => r.label)).toEqual(['Room', 'Food']);
    expect((grid as FieldOf<'matrix'>).columns.map((c) => c.label)).toEqual(['Bad', 'Good']);
    expect(stars).toMatchObject({ type: 'rating', stars: 7 });
  });
});
