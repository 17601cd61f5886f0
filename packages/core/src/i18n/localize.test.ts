import { describe, expect, it } from 'vitest';
import { makeField } from '../fields/test-fields.ts';
import { blankForm, type Form } from '../forms/form.ts';
import { EMPTY_LOGIC } from '../logic/definition.ts';
import { checkTranslations, localizeForm, pruneTranslations, translationStatus } from './localize.ts';
import { translatableTexts } from './texts.ts';

function sampleForm(): Form {
  return {
    ...blankForm('Event sign-up'),
    description: '',
    fields: [
      makeField('text', {
        id: 'name',
        label: 'Your name',
        placeholder: 'Jane',
        validation: { required: true, pattern: '^[A-Z]', customError: 'Start with a capital' },
      }),
      makeField('radio', {
        id: 'meal',
        label: 'Meal',
        helpText: 'Pick one',
        options: [
          { id: 'o1', label: 'Fish', value: 'fish' },
          { id: 'o2', label: 'Meat', value: 'meat' },
        ],
      }),
      makeField('nps', { id: 'nps', label: 'Recommend us?', lowLabel: 'Never', highLabel: '' }),
      makeField('hidden', { id: 'ref', label: 'Referrer' }),
      makeField('page_break', { id: 'p2', label: 'About you' }),
    ],
    // Its success message is its plain ending's (logic/endings.ts).
    logic: { ...EMPTY_LOGIC, endings: [{ id: 'e1', title: 'Done', message: 'See you', redirectParams: [] }] },
    successMessage: 'See you',
    translations: {
      fr: {
        title: 'Inscription',
        'field.name.label': 'Votre nom',
        'field.meal.option.o1': 'Poisson',
        'field.name.customError': 'Commencez par une majuscule',
        'field.meal.helpText': '   ',
      },
    },
  };
}

describe('translatableTexts', () => {
  it('lists every text a respondent sees under a stable key, skipping empty and hidden ones', () => {
    const keys = translatableTexts(sampleForm()).map((item) => item.key);
    expect(keys).toEqual([
      'title',
      'field.name.label',
      'field.name.placeholder',
      'field.name.customError',
      'field.meal.label',
      'field.meal.helpText',
      'field.meal.option.o1',
      'field.meal.option.o2',
      'field.nps.label',
      'field.nps.lowLabel',
      'field.p2.label',
      'submitButtonText',
      'ending.e1.title',
      'ending.e1.message',
    ]);
  });

  it('says which field a text belongs to and its kind', () => {
    const option = translatableTexts(sampleForm()).find((item) => item.key === 'field.meal.option.o2');
    expect(option).toEqual({ key: 'field.meal.option.o2', text: 'Meat', kind: 'option', fieldId: 'meal' });
  });

  it('counts the closed message and an enabled confirmation mail when given', () => {
    const form = {
      ...sampleForm(),
      closedMessage: 'Sorry, closed',
      confirmation: { enabled: true, subject: 'Thanks', message: 'We got it' },
    };
    const keys = translatableTexts(form).map((item) => item.key);
    expect(keys).toContain('closedMessage');
    expect(keys).toContain('confirmation.subject');
  });
});

describe('localizeForm', () => {
  it('applies a language and falls back to the default text item by item', () => {
    const fr = localizeForm(sampleForm(), 'fr');
    expect(fr.title).toBe('Inscription');
    expect(fr.fields[0]?.label).toBe('Votre nom');
    expect(fr.fields[0]?.placeholder).toBe('Jane');
    expect(fr.fields[0]?.validation).toMatchObject({ customError: 'Commencez par une majuscule' });
    // A blank translation is a missing one.
    expect(fr.fields[1]?.helpText).toBe('Pick one');
    expect(fr.submitButtonText).toBe('Submit');
  });

  it('says the success message in the language of its plain ending', () => {
    const form = sampleForm();
    form.translations.fr = { ...form.translations.fr, 'ending.e1.message': 'À bientôt' };
    const fr = localizeForm(form, 'fr');
    expect(fr.successMessage).toBe('À bientôt');
    expect(fr.logic.endings[0]?.message).toBe('À bientôt');
  });

  it('translates option labels and never their values or ids', () => {
    const fr = localizeForm(sampleForm(), 'fr');
    const meal = fr.fields[1];
    expect(meal && 'options' in meal ? meal.options : []).toEqual([
      { id: 'o1', label: 'Poisson', value: 'fish' },
      { id: 'o2', label: 'Meat', value: 'meat' },
    ]);
  });

  it('returns the form itself for the default language or one it lacks', () => {
    const form = sampleForm();
    expect(localizeForm(form, 'en')).toBe(form);
    expect(localizeForm(form, 'de')).toBe(form);
  });
});

describe('translationStatus', () => {
  it('counts translated texts and names the missing ones', () => {
    const status = translationStatus(sampleForm(), 'fr');
    expect(status.total).toBe(14);
    expect(status.translated).toBe(4);
    expect(status.missing).toContain('field.meal.helpText');
    expect(status.missing).not.toContain('field.name.label');
  });

  it('counts the default language as complete', () => {
    expect(translationStatus(sampleForm(), 'en')).toMatchObject({ total: 14, translated: 14, missing: [] });
  });
});

describe('saving translations', () => {
  it('drops texts of items that are gone and blank texts, keeps texts of empty slots', () => {
    const kept = pruneTranslations(sampleForm(), {
      fr: {
        'field.gone.label': 'x',
        'field.name.label': 'Nom',
        'field.meal.helpText': ' ',
        description: 'D',
      },
    });
    expect(kept).toEqual({ fr: { 'field.name.label': 'Nom', description: 'D' } });
  });

  it('reports a translation into the default language and texts past their limit', () => {
    const form = { ...sampleForm(), translations: { en: { title: 'x' }, fr: { title: 'T'.repeat(201) } } };
    expect(checkTranslations(form).map((problem) => problem.path)).toEqual(['en', 'fr.title']);
  });
});
