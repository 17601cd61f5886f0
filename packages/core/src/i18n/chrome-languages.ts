/**
 * The languages the public page's own words ship in, and which of them serves a form's language:
 * apart from the catalogues (chrome.ts), so that naming them costs a page no message formatter.
 */
import { matchLanguage } from './language.ts';

/** The languages of the page's own words. */
export const CHROME_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'pt',
  'it',
  'nl',
  'pl',
  'ja',
  'zh-CN',
  'ar',
] as const;
export type ChromeLanguage = (typeof CHROME_LANGUAGES)[number];

/** The catalogue that serves a form language ('fr-CA' → fr, 'zh' or 'zh-Hans' → zh-CN), else English. */
export function chromeLanguage(tag: string): ChromeLanguage {
  const match = matchLanguage(tag, CHROME_LANGUAGES) as ChromeLanguage | null;
  // Traditional Chinese is not Simplified: those readers get English rather than the wrong script.
  if (match === 'zh-CN' && /-(Hant|TW|HK|MO)\b/i.test(tag)) return 'en';
  return match ?? 'en';
}
