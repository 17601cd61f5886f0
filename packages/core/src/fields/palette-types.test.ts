import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { figureAnswers, figuresOf } from '../analytics/field-figures.ts';
import { type FieldOf, fieldSchema } from '../forms/field.ts';
import { fromWireField, toWireField } from '../forms/field-wire.ts';
import { checkFieldLimits } from '../forms/limits.ts';
import { normalizeField } from '../forms/read-field.ts';
import { localizeForm } from '../i18n/localize.ts';
import { translatableTexts } from '../i18n/texts.ts';
import { formLogicSchema } from '../logic/definition.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { recallText } from '../logic/recall.ts';
import { runForm } from '../logic/run.ts';
import { formatAnswer } from './answer-format.ts';
import { isEmptyAnswer } from './answers.ts';
import { createField } from './editor-rules.ts';
import { answerColumns, columnText } from './export-columns.ts';
import { rankingFromPlaces } from './ranking.ts';
import { storedAnswer } from './stored-answer.ts';
import { makeField } from './test-fields.ts';
import { validateFieldValue } from './validate.ts';

const options = (...labels: string[]) =>
  labels.map((label, i) => ({ id: `o${i + 1}`, label, value: label.toLowerCase() }));

const matrix = makeField('matrix', {
  validation: { required: true },
  rows: options('Food', 'Service'),
  columns: options('Bad', 'Ok', 'Good'),
}) as FieldOf<'matrix'>;
const rating = makeField('rating', { stars: 5 }) as FieldOf<'rating'>;
const ranking = makeField('ranking', { options: options('Pool', 'Gym', 'Spa') }) as FieldOf<'ranking'>;

const counts = (answers: string[][]) => {
  const map = new Map<string, number>();
  for (const list of answers) for (const a of list) map.set(a, (map.get(a) ?? 0) + 1);
  return map;
};

describe('matrix fields', () => {
  it('are recalled as their rows and the columns picked', () => {
    const fields = logicFieldsOf([matrix]);
    const logic = formLogicSchema.parse({});
    const run = runForm(fields, logic, { [matrix.id]: { food: 'good', service: 'ok' } });
    expect(recallText(`You said {{${matrix.id}}}`, { fields, logic, run })).toBe(
      'You said Food: Good; Service: Ok',
    );
  });

  it('need every row answered when required, one known column per row', () => {
    expect(validateFieldValue(matrix, { food: 'good', service: 'ok' })).toBeNull();
    expect(validateFieldValue(matrix, { food: 'good' })).toBe('Please answer every row');
    expect(validateFieldValue(matrix, {})).toBe('This field is required');
    expect(validateFieldValue(matrix, { food: 'great', service: 'ok' })).toBe(
      'Please choose one of the options',
    );
    expect(validateFieldValue(matrix, { food: ['good', 'ok'], service: 'ok' })).toBe(
      'Please choose one of the options',
    );
    expect(validateFieldValue(matrix, { drinks: 'good', food: 'ok', service: 'ok' })).toBe(
      'Please choose one of the options',
    );
    expect(validateFieldValue(matrix, 'good')).toBe('Please choose one of the options');
  });

  it('take several columns per row when multiple, and an optional one may leave rows out', () => {
    const many = { ...matrix, multiple: true, validation: { required: false } };
    expect(validateFieldValue(many, { food: ['good', 'ok'] })).toBeNull();
    expect(validateFieldValue(many, {})).toBeNull();
  });

  it('are stored without their empty rows, columns given by label stored by value', () => {
    expect(storedAnswer(matrix, { food: 'Good', service: '' })).toEqual({ food: 'good' });
    expect(isEmptyAnswer({ food: '', service: [] })).toBe(true);
  });

  it('are exported one column per row and read as one line elsewhere', () => {
    expect(answerColumns(matrix).map((c) => c.label)).toEqual(['matrix [Food]', 'matrix [Service]']);
    const [food, service] = answerColumns(matrix);
    expect(columnText(matrix, food!, { food: 'good' })).toBe('Good');
    expect(columnText(matrix, service!, { food: 'good' })).toBe('');
    expect(formatAnswer(matrix, { food: 'good', service: 'bad' })).toBe('Food: Good; Service: Bad');
  });

  it('are counted per row and column', () => {
    const figures = figuresOf(
      matrix,
      counts([
        figureAnswers(matrix, { food: 'good', service: 'ok' }),
        figureAnswers(matrix, { food: 'good', service: 'bogus' }),
      ]),
    );
    expect(figures.rows).toEqual([
      { label: 'Food', distribution: { Bad: 0, Ok: 0, Good: 2 } },
      { label: 'Service', distribution: { Bad: 0, Ok: 1, Good: 0 } },
    ]);
  });

  it('carry rows and columns over the wire, through the door (grid, likert) and into translations', () => {
    expect(fromWireField(toWireField(matrix))).toEqual(matrix);
    const read = normalizeField(
      { type: 'likert', label: 'Rate', rows: ['Food', 'Service'], columns: ['Bad', 'Good'] },
      0,
    ) as FieldOf<'matrix'>;
    expect(read.type).toBe('matrix');
    expect(read.rows.map((r) => r.label)).toEqual(['Food', 'Service']);
    expect(read.columns.map((c) => c.label)).toEqual(['Bad', 'Good']);
    const form = {
      title: 't',
      description: '',
      submitButtonText: 'Go',
      successMessage: 'Thanks',
      fields: [matrix],
      logic: { endings: [] },
      language: 'en',
      translations: { fr: { 'field.f_matrix.row.o1': 'Repas', 'field.f_matrix.column.o3': 'Bien' } },
    };
    expect(translatableTexts(form).map((t) => t.key)).toContain('field.f_matrix.row.o1');
    const fr = localizeForm(form, 'fr').fields[0] as FieldOf<'matrix'>;
    expect(fr.rows[0]).toMatchObject({ label: 'Repas', value: 'food' });
    expect(fr.columns[2]).toMatchObject({ label: 'Bien', value: 'good' });
  });

  it('are refused past 30 rows when saved', () => {
    const rows = Array.from({ length: 31 }, (_, i) => ({ id: `r${i}`, label: `R${i}`, value: `r${i}` }));
    const result = z
      .array(fieldSchema)
      .check(checkFieldLimits)
      .safeParse([{ ...matrix, rows }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A field can have at most 30 rows');
  });

  it('start in the editor with three rows and a three-column scale', () => {
    const field = createField({ type: 'matrix', index: 0, id: 'm' }) as FieldOf<'matrix'>;
    expect(field.rows).toHaveLength(3);
    expect(field.columns.map((c) => c.label)).toEqual(['Disagree', 'Neutral', 'Agree']);
  });
});

describe('star rating fields', () => {
  it('take whole stars from 1 to the count, half stars only when allowed', () => {
    for (const ok of [1, 3, '5']) expect(validateFieldValue(rating, ok)).toBeNull();
    for (const bad of [0, 6, 2.5, 'x'])
      expect(validateFieldValue(rating, bad)).toBe('Please choose from 1 to 5 stars');
    const half = { ...rating, halfStars: true };
    expect(validateFieldValue(half, 2.5)).toBeNull();
    expect(validateFieldValue(half, 0.5)).toBeNull();
    expect(validateFieldValue({ ...rating, stars: 10 }, 10)).toBeNull();
  });

  it('are stored as numbers, untouched as nothing, and default to 5 stars', () => {
    expect(storedAnswer(rating, '4')).toBe(4);
    expect(isEmptyAnswer('')).toBe(true);
    expect(fieldSchema.parse(createField({ type: 'rating', index: 0, id: 'r' }))).not.toHaveProperty('stars');
    expect(validateFieldValue(makeField('rating'), 5)).toBeNull();
    expect(validateFieldValue(makeField('rating'), 6)).toBe('Please choose from 1 to 5 stars');
  });

  it('are averaged and counted per number of stars', () => {
    const figures = figuresOf(rating, counts([['4'], ['5'], ['5'], figureAnswers(rating, 9)]));
    expect(figures.average).toBe(4.67);
    expect(figures.answer_distribution).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 });
  });

  it('keep their count and half stars over the wire and read star counts through the door', () => {
    const half = { ...rating, stars: 7, halfStars: true };
    expect(fromWireField(toWireField(half))).toEqual(half);
    expect(normalizeField({ type: 'star_rating', label: 'Stars', max_stars: 7 }, 0)).toMatchObject({
      type: 'rating',
      stars: 7,
    });
  });
});

describe('ranking fields', () => {
  it('take every option once, in order; the top N when asked', () => {
    expect(validateFieldValue(ranking, ['spa', 'pool', 'gym'])).toBeNull();
    const refused = 'Please put 3 options in order, each in a place of its own';
    expect(validateFieldValue(ranking, ['spa', 'spa', 'gym'])).toBe(refused);
    expect(validateFieldValue(ranking, ['spa', 'pool'])).toBe(refused);
    expect(validateFieldValue(ranking, ['spa', 'pool', 'sauna'])).toBe(refused);
    const top2 = { ...ranking, rankTop: 2 };
    expect(validateFieldValue(top2, ['gym', 'spa'])).toBeNull();
    expect(validateFieldValue(top2, ['gym', 'spa', 'pool'])).toBe(
      'Please put 2 options in order, each in a place of its own',
    );
    expect(validateFieldValue({ ...ranking, validation: { required: true } }, [])).toBe(
      'This field is required',
    );
  });

  it('read the places posted without JavaScript as the order, and refuse a place given twice', () => {
    const places = (map: Record<string, string>) => (o: { value: string }) => map[o.value] ?? '';
    expect(rankingFromPlaces(ranking, places({ pool: '2', gym: '3', spa: '1' }))).toEqual([
      'spa',
      'pool',
      'gym',
    ]);
    expect(rankingFromPlaces(ranking, places({}))).toEqual([]);
    const tie = rankingFromPlaces(ranking, places({ pool: '1', gym: '1', spa: '2' }));
    expect(validateFieldValue(ranking, tie)).not.toBeNull();
    const top2 = { ...ranking, rankTop: 2 };
    const extra = rankingFromPlaces(top2, places({ pool: '1', gym: '2', spa: '2' }));
    expect(validateFieldValue(top2, extra)).not.toBeNull();
    expect(rankingFromPlaces(top2, places({ pool: '1', spa: '2' }))).toEqual(['pool', 'spa']);
  });

  it('are exported as one column with the order, and counted by average place', () => {
    expect(formatAnswer(ranking, ['spa', 'pool', 'gym'])).toBe('1. Spa, 2. Pool, 3. Gym');
    const figures = figuresOf(
      ranking,
      counts([
        figureAnswers(ranking, ['spa', 'pool', 'gym']),
        figureAnswers(ranking, ['pool', 'spa', 'gym']),
      ]),
    );
    expect(figures.average_positions).toEqual([
      { label: 'Pool', average: 1.5, count: 2 },
      { label: 'Spa', average: 1.5, count: 2 },
      { label: 'Gym', average: 3, count: 2 },
    ]);
    expect(figures.answer_distribution).toEqual({ Pool: 1, Spa: 1 });
  });

  it('keep their options and top N over the wire and through the door (rank)', () => {
    const top = { ...ranking, rankTop: 2 };
    expect(fromWireField(toWireField(top))).toEqual(top);
    expect(normalizeField({ type: 'rank', label: 'Order', options: ['A', 'B'] }, 0)).toMatchObject({
      type: 'ranking',
      options: [{ label: 'A' }, { label: 'B' }],
    });
  });
});
