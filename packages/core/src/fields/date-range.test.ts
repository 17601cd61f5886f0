import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeOf } from '../analytics/field-figures.ts';
import type { FieldOf } from '../forms/field.ts';
import { fromWireField, toWireField } from '../forms/field-wire.ts';
import { normalizeField } from '../forms/read-field.ts';
import { validationMessagesOf } from '../i18n/chrome.ts';
import { chromeFor } from '../i18n/chrome-all.ts';
import { localizeForm } from '../i18n/localize.ts';
import { translatableTexts } from '../i18n/texts.ts';
import { operatorHolds } from '../logic/conditions.ts';
import { formLogicSchema } from '../logic/definition.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { recallText } from '../logic/recall.ts';
import { runForm } from '../logic/run.ts';
import { formatAnswer } from './answer-format.ts';
import { isEmptyAnswer } from './answers.ts';
import { dateRangeDays, dateRangePartName, dayNumber, postedDateRange } from './date-range.ts';
import { answerColumns, columnText } from './export-columns.ts';
import { storedAnswer } from './stored-answer.ts';
import { makeField } from './test-fields.ts';
import { VALIDATION_MESSAGES as M, validateFieldValue } from './validate.ts';

const range = makeField('date_range', { label: 'Stay' }) as FieldOf<'date_range'>;
const required = { ...range, validation: { required: true } };
const stay = { start: '2026-05-01', end: '2026-05-04' };

/** A day from 1970 to 2100 as YYYY-MM-DD. */
const isoDay = fc
  .integer({ min: 0, max: 47_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe('date range fields', () => {
  it('take a start and an end, the end on or after the start', () => {
    expect(validateFieldValue(required, stay)).toBeNull();
    expect(validateFieldValue(required, { start: '2026-05-01', end: '2026-05-01' })).toBeNull();
    expect(validateFieldValue(required, { start: '2026-05-04', end: '2026-05-01' })).toBe(M.dateRangeOrder);
    expect(M.dateRangeOrder).toBe('The end date cannot be before the start date');
  });

  it('accept every range whose end is not before its start, and refuse every other', () => {
    fc.assert(
      fc.property(isoDay, isoDay, (a, b) => {
        const error = validateFieldValue(range, { start: a, end: b });
        if (b >= a) expect(error).toBeNull();
        else expect(error).toBe(M.dateRangeOrder);
      }),
    );
  });

  it('refuse one date alone, required or not, and count neither date as no answer', () => {
    expect(M.dateRangeBoth).toBe('Please enter both dates');
    for (const field of [range, required]) {
      expect(validateFieldValue(field, { start: '2026-05-01' })).toBe(M.dateRangeBoth);
      expect(validateFieldValue(field, { start: '', end: '2026-05-04' })).toBe(M.dateRangeBoth);
    }
    expect(validateFieldValue(required, {})).toBe(M.required);
    expect(validateFieldValue(required, { start: '', end: ' ' })).toBe(M.required);
    expect(validateFieldValue(range, { start: '', end: '' })).toBeNull();
    expect(isEmptyAnswer(storedAnswer(range, { start: ' ', end: '' }))).toBe(true);
  });

  it('refuse days that do not exist, other shapes and parts that are none', () => {
    expect(validateFieldValue(range, { start: '2026-02-30', end: '2026-03-02' })).toBe(M.date);
    expect(validateFieldValue(range, { start: '1 May', end: '2026-05-04' })).not.toBeNull();
    expect(validateFieldValue(range, { ...stay, nights: '3' })).not.toBeNull();
    expect(validateFieldValue(range, '2026-05-01')).toBe(M.date);
    expect(validateFieldValue(range, { start: 20260501, end: '2026-05-04' })).toBe(M.date);
    expect(dayNumber('2024-02-29')).toBeDefined();
    expect(dayNumber('2026-02-29')).toBeUndefined();
  });

  it('keep to the owner’s earliest start, latest end and days apart', () => {
    const bounded = {
      ...range,
      validation: { required: false, minDate: '2026-05-01', maxDate: '2026-05-31', minDays: 2, maxDays: 7 },
    };
    expect(validateFieldValue(bounded, stay)).toBeNull();
    expect(validateFieldValue(bounded, { start: '2026-04-30', end: '2026-05-04' })).toBe(
      M.dateFrom('2026-05-01'),
    );
    expect(validateFieldValue(bounded, { start: '2026-05-28', end: '2026-06-01' })).toBe(
      M.dateUntil('2026-05-31'),
    );
    expect(validateFieldValue(bounded, { start: '2026-05-01', end: '2026-05-02' })).toBe(M.rangeMinDays(2));
    expect(validateFieldValue(bounded, { start: '2026-05-01', end: '2026-05-09' })).toBe(M.rangeMaxDays(7));
    expect(dateRangeDays(stay)).toBe(3);
  });

  it('speak every language of the page, with the start and end labels', () => {
    for (const language of ['en', 'fr', 'de', 'ja', 'ar', 'pl']) {
      const chrome = chromeFor(language);
      const m = validationMessagesOf(chrome);
      expect(validateFieldValue(range, { start: '2026-05-01' }, m)).toBe(
        chrome.t('validation.dateRangeBoth'),
      );
      expect(m.rangeMaxDays(3)).toMatch(/3/);
      expect(m.dateFrom('2026-05-01')).toContain('2026-05-01');
    }
    const fr = chromeFor('fr');
    expect([fr.t('field.dateRangeStart'), fr.t('field.dateRangeEnd')]).toEqual([
      'Date de début',
      'Date de fin',
    ]);
    const en = chromeFor('en');
    expect([en.t('field.dateRangeStart'), en.t('field.dateRangeEnd')]).toEqual(['Start date', 'End date']);
  });

  it('read as one line, export as a start and an end column', () => {
    expect(formatAnswer(range, stay)).toBe('2026-05-01 → 2026-05-04');
    const columns = answerColumns(range);
    expect(columns.map((c) => c.label)).toEqual(['Stay [Start]', 'Stay [End]']);
    expect(columns.map((c) => columnText(range, c, stay))).toEqual(['2026-05-01', '2026-05-04']);
    expect(columns.map((c) => columnText(range, c, undefined))).toEqual(['', '']);
  });

  it('are recalled as one line and answered or not in logic', () => {
    const fields = logicFieldsOf([range]);
    const logic = formLogicSchema.parse({});
    const run = runForm(fields, logic, { [range.id]: stay });
    expect(recallText(`You stay {{${range.id}}}`, { fields, logic, run })).toBe(
      'You stay 2026-05-01 → 2026-05-04',
    );
    expect(operatorHolds('is_not_empty', stay)).toBe(true);
    expect(operatorHolds('is_empty', storedAnswer(range, { start: '', end: '' }))).toBe(true);
  });

  it('keep labels and rules over the wire and through the door', () => {
    const owned = {
      ...range,
      startLabel: 'Check-in',
      endLabel: 'Check-out',
      validation: { required: true, minDate: '2026-01-01', maxDate: '2026-12-31', minDays: 1, maxDays: 14 },
    };
    expect(fromWireField(toWireField(owned))).toEqual(owned);
    expect(
      normalizeField(
        { type: 'date_range', label: 'Stay', start_label: 'Arrive', min_date: '2026-01-01', max_days: 7 },
        0,
      ),
    ).toMatchObject({
      type: 'date_range',
      startLabel: 'Arrive',
      validation: { required: false, minDate: '2026-01-01', maxDays: 7 },
    });
  });

  it('translate the owner’s start and end labels, and hold no placeholder', () => {
    const owned = { ...range, startLabel: 'Check-in', endLabel: 'Check-out' };
    const form = {
      title: 't',
      description: '',
      submitButtonText: 'Go',
      successMessage: 'Thanks',
      fields: [owned],
      logic: { endings: [] },
      language: 'en',
      translations: { fr: { 'field.f_date_range.startLabel': 'Arrivée' } },
    };
    const keys = translatableTexts(form).map((t) => t.key);
    expect(keys).toEqual(
      expect.arrayContaining(['field.f_date_range.startLabel', 'field.f_date_range.endLabel']),
    );
    expect(keys).not.toContain('field.f_date_range.placeholder');
    const fr = localizeForm(form, 'fr').fields[0] as FieldOf<'date_range'>;
    expect(fr).toMatchObject({ startLabel: 'Arrivée', endLabel: 'Check-out' });
  });

  it('read a page posted without JavaScript date by date', () => {
    expect(dateRangePartName('stay', 'start')).toBe('stay[start]');
    const posted: Record<string, string> = { 'stay[start]': '2026-05-01', 'stay[end]': ' 2026-05-04 ' };
    expect(postedDateRange('stay', (name) => posted[name])).toEqual(stay);
    expect(postedDateRange('stay', () => '')).toEqual({});
  });

  it('are counted by the month they start', () => {
    expect(placeOf(range, stay)).toBe('2026-05');
    expect(placeOf(range, { start: '2026-05-20', end: '2026-06-02' })).toBe('2026-05');
    expect(placeOf(range, { start: '2026-05-20' })).toBeUndefined();
    expect(placeOf(range, {})).toBeUndefined();
  });
});
