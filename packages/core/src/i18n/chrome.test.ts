import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { makeField } from '../fields/test-fields.ts';
import { validateFieldValue } from '../fields/validate.ts';
import { messages as english } from './chrome/en.ts';
import { loadChrome, validationMessagesOf } from './chrome.ts';
import { CATALOGUES, chromeFor } from './chrome-all.ts';
import { CHROME_LANGUAGES, chromeLanguage } from './chrome-languages.ts';

/** A value for every variable any message names. */
const ALL_VALUES = {
  n: 3,
  at: 2,
  total: 5,
  title: 'T',
  brand: 'B',
  label: 'L',
  name: 'N',
  size: '1 MB',
  date: '2026-05-01',
  host: 'h',
  email: 'e',
  message: 'm',
};

describe('page chrome catalogues', () => {
  it('every language has every key, none left empty or in English by mistake', () => {
    for (const language of CHROME_LANGUAGES) {
      const catalogue = CATALOGUES[language];
      expect(Object.keys(catalogue).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue))
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      if (language !== 'en') expect(catalogue['form.next'], language).not.toBe(english['form.next']);
    }
  });

  it('every message formats in its language', () => {
    for (const language of CHROME_LANGUAGES) {
      const chrome = chromeFor(language);
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(() => chrome.t(key, ALL_VALUES), `${language} ${key}`).not.toThrow();
      }
    }
  });

  it('formats every message as intl-messageformat does, plain text included', () => {
    for (const language of CHROME_LANGUAGES) {
      const chrome = chromeFor(language);
      for (const [key, text] of Object.entries(CATALOGUES[language]) as [keyof typeof english, string][]) {
        const expected = String(new IntlMessageFormat(text, [language, language]).format(ALL_VALUES));
        expect(chrome.t(key, ALL_VALUES), `${language} ${key}`).toBe(expected);
      }
    }
  });

  it('puts values into a simple argument as their text, like intl-messageformat', () => {
    for (const language of CHROME_LANGUAGES) {
      const text = CATALOGUES[language]['form.poweredBy'];
      for (const brand of [1234.5, 0, 'Ünïcode $&']) {
        expect(chromeFor(language).t('form.poweredBy', { brand }), language).toBe(
          String(new IntlMessageFormat(text, language).format({ brand })),
        );
      }
    }
  });

  it('uses ICU plurals per language', () => {
    expect(chromeFor('en').t('validation.minLength', { n: 1 })).toBe('Minimum length is 1 character');
    expect(chromeFor('en').t('validation.minLength', { n: 5 })).toBe('Minimum length is 5 characters');
    expect(chromeFor('fr').t('validation.minLength', { n: 1 })).toBe(
      'La longueur minimale est de 1 caractère',
    );
    expect(chromeFor('pl').t('validation.minLength', { n: 3 })).toBe('Minimalna długość to 3 znaki');
    expect(chromeFor('pl').t('validation.minLength', { n: 5 })).toBe('Minimalna długość to 5 znaków');
    expect(chromeFor('ar').t('validation.minLength', { n: 2 })).toBe('الحد الأدنى للطول حرفان');
  });

  it('formats numbers per locale', () => {
    expect(chromeFor('de').t('validation.max', { n: 1234.5 })).toBe('Der größte zulässige Wert ist 1.234,5');
    expect(chromeFor('en').t('validation.max', { n: 1234.5 })).toBe('Maximum value is 1,234.5');
  });

  it('serves a regional or unknown language from its base language or English', () => {
    expect(chromeLanguage('fr-CA')).toBe('fr');
    expect(chromeLanguage('pt-BR')).toBe('pt');
    expect(chromeLanguage('zh')).toBe('zh-CN');
    expect(chromeLanguage('zh-TW')).toBe('en');
    expect(chromeLanguage('sv')).toBe('en');
  });

  it('loads one catalogue on demand', async () => {
    const chrome = await loadChrome('ja');
    expect(chrome.t('form.next')).toBe('次へ');
  });

  it('gives core validation its messages in the language', () => {
    const field = makeField('text', { validation: { required: true, minLength: 4 } });
    const fr = validationMessagesOf(chromeFor('fr'));
    expect(validateFieldValue(field, '', fr)).toBe('Ce champ est obligatoire');
    expect(validateFieldValue(field, 'ab', fr)).toBe('La longueur minimale est de 4 caractères');
    expect(validateFieldValue(field, '')).toBe('This field is required');
  });
});
