import { describe, expect, it } from 'vitest';
import { canonicalTag, isRightToLeft, languageName, parseAcceptLanguage, pickLanguage } from './language.ts';

const form = { language: 'en', translations: { fr: { title: 'Bonjour' }, ar: {}, 'pt-BR': {} } };

describe('pickLanguage', () => {
  it('takes ?lang= first when the form has that language', () => {
    expect(pickLanguage(form, { query: 'ar', acceptLanguage: 'fr-FR' })).toBe('ar');
  });

  it('ignores a ?lang= the form lacks and reads Accept-Language', () => {
    expect(pickLanguage(form, { query: 'de', acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('fr');
  });

  it('matches a regional browser language to the form base language (fr-FR → fr)', () => {
    expect(pickLanguage(form, { acceptLanguage: 'fr-FR' })).toBe('fr');
  });

  it('matches a base language to a regional one the form has (pt → pt-BR), any case', () => {
    expect(pickLanguage(form, { acceptLanguage: 'pt' })).toBe('pt-BR');
    expect(pickLanguage(form, { query: 'PT-br' })).toBe('pt-BR');
  });

  it('follows q-weights, not the order written', () => {
    expect(pickLanguage(form, { acceptLanguage: 'fr;q=0.5, ar;q=0.8, de' })).toBe('ar');
  });

  it('never picks a language weighted q=0', () => {
    expect(pickLanguage(form, { acceptLanguage: 'fr;q=0, de' })).toBe('en');
  });

  it('falls back to the default language', () => {
    expect(pickLanguage(form, { query: 'xx-not a tag', acceptLanguage: 'ja, *' })).toBe('en');
    expect(pickLanguage(form, {})).toBe('en');
  });
});

describe('language tags', () => {
  it('canonicalizes tags and rejects what is not one', () => {
    expect(canonicalTag('pt-br')).toBe('pt-BR');
    expect(canonicalTag('zh-cn')).toBe('zh-CN');
    expect(canonicalTag('not a tag')).toBeNull();
    expect(canonicalTag('')).toBeNull();
  });

  it('reads Accept-Language in order of weight', () => {
    expect(parseAcceptLanguage('de;q=0.2, fr-FR, en;q=0.8')).toEqual(['fr-FR', 'en', 'de']);
  });

  it('knows right-to-left languages', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('he-IL')).toBe(true);
    expect(isRightToLeft('fr')).toBe(false);
    expect(isRightToLeft('az-Arab')).toBe(true);
  });

  it('names a language in itself', () => {
    expect(languageName('fr')).toBe('Français');
    expect(languageName('de')).toBe('Deutsch');
  });
});
