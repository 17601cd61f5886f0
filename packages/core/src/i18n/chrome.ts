/**
 * The public page's own words (Next, Back, validation messages...) in the languages the product
 * ships, as ICU messages formatted by intl-messageformat. A form's language that has no
 * catalogue of its own gets the one of its base language (pt-BR → pt), else English.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { ValidationMessages } from '../fields/validate.ts';
import { type ChromeKey, type ChromeMessages, messages as english } from './chrome/en.ts';
import { type ChromeLanguage, chromeLanguage } from './chrome-languages.ts';

/** Each catalogue as its own chunk: the page loads only the one it shows. */
const LOADERS: Record<ChromeLanguage, () => Promise<{ messages: ChromeMessages }>> = {
  en: () => Promise.resolve({ messages: english }),
  es: () => import('./chrome/es.ts'),
  fr: () => import('./chrome/fr.ts'),
  de: () => import('./chrome/de.ts'),
  pt: () => import('./chrome/pt.ts'),
  it: () => import('./chrome/it.ts'),
  nl: () => import('./chrome/nl.ts'),
  pl: () => import('./chrome/pl.ts'),
  ja: () => import('./chrome/ja.ts'),
  'zh-CN': () => import('./chrome/zh-CN.ts'),
  ar: () => import('./chrome/ar.ts'),
};

export type MessageValues = Record<string, string | number>;

/** The page's words in one language, ready to format. */
export type Chrome = {
  /** The tag numbers and dates are formatted in (the form's language, e.g. pt-BR). */
  locale: string;
  language: ChromeLanguage;
  t: (key: ChromeKey, values?: MessageValues) => string;
};

/**
 * Text whose only ICU syntax is simple arguments (`{name}`, which ICU formats as the value's text)
 * formats by putting the values in. Most of the page's words are such text, and a formatter costs
 * a locale lookup (the first loads the browser's locale data) and a parse on a phone's first
 * render, so they skip it; plurals, selects and quoting go through intl-messageformat.
 */
const SIMPLE_MESSAGE = /^(?:[^{}'<>#]|\{\w+\})*$/;
const ARGUMENT = /\{(\w+)\}/g;

type Formatter = (values: MessageValues | undefined) => string;

function compileMessage(message: string, locales: string[]): Formatter {
  if (SIMPLE_MESSAGE.test(message)) {
    return (values) =>
      message.replace(ARGUMENT, (_match, name: string) => {
        const value = values?.[name];
        // A missing value is an error, as intl-messageformat makes it.
        if (value === undefined) throw new Error(`No value for {${name}}`);
        return String(value);
      });
  }
  const format = new IntlMessageFormat(message, locales);
  return (values) => String(format.format(values));
}

/** A Chrome over a catalogue; a message that fails to format falls back to the English one. */
export function makeChrome(locale: string, language: ChromeLanguage, messages: ChromeMessages): Chrome {
  const compiled = new Map<ChromeKey, Formatter>();
  const formatter = (key: ChromeKey) => {
    let format = compiled.get(key);
    if (!format) {
      format = compileMessage(messages[key] ?? english[key], [locale, language]);
      compiled.set(key, format);
    }
    return format;
  };
  return {
    locale,
    language,
    t: (key, values) => {
      try {
        return formatter(key)(values);
      } catch {
        return String(new IntlMessageFormat(english[key], 'en').format(values));
      }
    },
  };
}

/** The page's words in English, at hand without loading anything. */
export const ENGLISH_CHROME: Chrome = makeChrome('en', 'en', english);

/** Loads the catalogue that serves a form language and answers its Chrome. */
export async function loadChrome(tag: string): Promise<Chrome> {
  const language = chromeLanguage(tag);
  if (language === 'en') return tag === 'en' ? ENGLISH_CHROME : makeChrome(tag, 'en', english);
  const { messages } = await LOADERS[language]();
  return makeChrome(tag, language, messages);
}

const messagesByChrome = new WeakMap<Chrome, ValidationMessages>();

/** The respondents' validation messages in the Chrome's language (core's validator takes them). */
export function validationMessagesOf(chrome: Chrome): ValidationMessages {
  // Formatted once per Chrome: the server validates every submit with them.
  let messages = messagesByChrome.get(chrome);
  if (!messages) {
    messages = buildValidationMessages(chrome);
    messagesByChrome.set(chrome, messages);
  }
  return messages;
}

function buildValidationMessages(chrome: Chrome): ValidationMessages {
  const { t } = chrome;
  return {
    required: t('validation.required'),
    minLength: (n) => t('validation.minLength', { n }),
    maxLength: (n) => t('validation.maxLength', { n }),
    pattern: t('validation.pattern'),
    min: (n) => t('validation.min', { n }),
    max: (n) => t('validation.max', { n }),
    number: t('validation.number'),
    email: t('validation.email'),
    emailOne: t('validation.emailOne'),
    url: t('validation.url'),
    date: t('validation.date'),
    time: t('validation.time'),
    color: t('validation.color'),
    option: t('validation.option'),
    nps: t('validation.nps'),
    yesNo: t('validation.yesNo'),
    otherText: t('validation.otherText'),
    matrixRows: t('validation.matrixRows'),
    rating: (n) => t('validation.rating', { n }),
    ranking: (n) => t('validation.ranking', { n }),
    phone: t('validation.phone'),
    signature: t('validation.signature'),
    address: t('validation.address'),
    addressParts: t('validation.addressParts'),
    addressCountry: t('validation.addressCountry'),
    postalCode: t('validation.postalCode'),
    dateRangeBoth: t('validation.dateRangeBoth'),
    dateRangeOrder: t('validation.dateRangeOrder'),
    dateFrom: (date) => t('validation.dateFrom', { date }),
    dateUntil: (date) => t('validation.dateUntil', { date }),
    rangeMinDays: (n) => t('validation.rangeMinDays', { n }),
    rangeMaxDays: (n) => t('validation.rangeMaxDays', { n }),
    filesMax: (n) => t('validation.filesMax', { n }),
    filesTotal: (size) => t('validation.filesTotal', { size }),
    fileTooLarge: (name, size) => t('validation.fileTooLarge', { name, size }),
    fileType: (name) => t('validation.fileType', { name }),
  };
}
