import { describe, expect, it } from 'vitest';
import { type FieldOf, fieldSchema } from '../forms/field.ts';
import { fromWireField, toWireField } from '../forms/field-wire.ts';
import { formProblems } from '../forms/problems.ts';
import { normalizeField } from '../forms/read-field.ts';
import { localizeForm } from '../i18n/localize.ts';
import { translatableTexts } from '../i18n/texts.ts';
import { operatorHolds } from '../logic/conditions.ts';
import { formLogicSchema } from '../logic/definition.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { recallText } from '../logic/recall.ts';
import { runForm } from '../logic/run.ts';
import { formatAnswer } from './answer-format.ts';
import { isPicturePath, pictureUrl } from './picture-choice.ts';
import { storedAnswer } from './stored-answer.ts';
import { validateFieldValue } from './validate.ts';

const PICTURE = pictureUrl('12', 'a'.repeat(40));

const one = fieldSchema.parse({
  id: 'view',
  type: 'picture_choice',
  label: 'Favourite view',
  position: 0,
  validation: { required: true },
  options: [
    { id: 'a', label: 'Lighthouse', value: 'lighthouse', image: PICTURE, alt: 'A lighthouse on a cliff' },
    { id: 'b', label: 'Harbour', value: 'harbour', image: PICTURE, alt: 'Boats in a harbour' },
  ],
}) as FieldOf<'picture_choice'>;
const several = { ...one, id: 'views', multiple: true, validation: { required: false } };

describe('picture choice', () => {
  it('keeps each option’s picture and alt text, and several answers, over the wire and through the door', () => {
    expect(fromWireField(toWireField(several))).toEqual(several);
    expect(
      normalizeField(
        {
          type: 'image_choice',
          label: 'Pick',
          multiple: true,
          options: [{ label: 'Cat', value: 'cat', image: PICTURE, alt: 'A cat' }],
        },
        0,
      ),
    ).toMatchObject({
      type: 'picture_choice',
      multiple: true,
      options: [{ label: 'Cat', value: 'cat', image: PICTURE, alt: 'A cat' }],
    });
  });

  it('takes one option for one answer and a list of distinct options for several, by value or label', () => {
    expect(validateFieldValue(one, 'harbour')).toBeNull();
    expect(validateFieldValue(one, 'Harbour')).toBeNull();
    expect(validateFieldValue(one, 'castle')).toBe('Please choose one of the options');
    expect(validateFieldValue(one, ['harbour'])).toBe('Please choose one of the options');
    expect(validateFieldValue(one, '')).toBe('This field is required');
    expect(validateFieldValue(several, ['harbour', 'lighthouse'])).toBeNull();
    expect(validateFieldValue(several, ['harbour', 'harbour'])).toBe('Please choose one of the options');
    expect(validateFieldValue(several, [])).toBeNull();
    expect(storedAnswer(one, 'Harbour')).toBe('harbour');
    expect(storedAnswer(several, ['Lighthouse', 'harbour'])).toEqual(['lighthouse', 'harbour']);
    expect(storedAnswer(several, 'harbour')).toEqual(['harbour']);
  });

  it('reads as option labels in exports, recall and logic like a choice', () => {
    expect(formatAnswer(several, ['harbour', 'lighthouse'])).toBe('Harbour, Lighthouse');
    const fields = logicFieldsOf([one]);
    const logic = formLogicSchema.parse({});
    const run = runForm(fields, logic, { view: 'harbour' });
    expect(recallText('You chose {{view}}', { fields, logic, run })).toBe('You chose Harbour');
    expect(operatorHolds('equals', ['harbour', 'lighthouse'], 'lighthouse')).toBe(true);
    expect(operatorHolds('equals', 'harbour', 'lighthouse')).toBe(false);
  });

  it('refuses to publish a picture without alt text, or one not served here, naming the option', () => {
    const noAlt = { ...one, options: [{ ...one.options[0]!, alt: '  ' }, one.options[1]!] };
    const foreign = {
      ...one,
      options: [one.options[0]!, { ...one.options[1]!, image: 'https://x.example/a.png' }],
    };
    const logic = formLogicSchema.parse({});
    expect(formProblems({ fields: [noAlt], logic }).map((p) => [p.path, p.message])).toEqual([
      ['fields.0.options.0.alt', 'The picture of option “Lighthouse” needs an alt text'],
    ]);
    expect(formProblems({ fields: [foreign], logic }).map((p) => p.message)).toEqual([
      'The picture of option “Harbour” must be uploaded in the editor',
    ]);
    expect(formProblems({ fields: [one], logic })).toEqual([]);
    expect(isPicturePath(PICTURE)).toBe(true);
    expect(isPicturePath('/api/form-submissions/forms/12/pictures/../../x')).toBe(false);
  });

  it('translates option labels and alt texts', () => {
    const form = {
      title: 't',
      description: '',
      submitButtonText: 'Go',
      successMessage: 'Thanks',
      fields: [one],
      logic: { endings: [] },
      language: 'en',
      translations: {
        fr: { 'field.view.option.a': 'Phare', 'field.view.option.a.alt': 'Un phare sur une falaise' },
      },
    };
    expect(translatableTexts(form).map((t) => t.key)).toEqual(
      expect.arrayContaining(['field.view.option.a.alt', 'field.view.option.b.alt']),
    );
    const fr = localizeForm(form, 'fr').fields[0] as FieldOf<'picture_choice'>;
    expect(fr.options[0]).toMatchObject({
      label: 'Phare',
      alt: 'Un phare sur une falaise',
      value: 'lighthouse',
    });
    expect(fr.options[1]).toMatchObject({ label: 'Harbour', alt: 'Boats in a harbour' });
  });
});
