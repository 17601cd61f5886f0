/**
 * Every catalogue at once, for the server (which answers respondents in any language at any
 * time). The public page loads one at a time through chrome.ts instead.
 */

import { messages as ar } from './chrome/ar.ts';
import { messages as de } from './chrome/de.ts';
import { type ChromeMessages, messages as en } from './chrome/en.ts';
import { messages as es } from './chrome/es.ts';
import { messages as fr } from './chrome/fr.ts';
import { messages as it } from './chrome/it.ts';
import { messages as ja } from './chrome/ja.ts';
import { messages as nl } from './chrome/nl.ts';
import { messages as pl } from './chrome/pl.ts';
import { messages as pt } from './chrome/pt.ts';
import { messages as zhCN } from './chrome/zh-CN.ts';
import { type Chrome, makeChrome } from './chrome.ts';
import { type ChromeLanguage, chromeLanguage } from './chrome-languages.ts';

export const CATALOGUES: Record<ChromeLanguage, ChromeMessages> = {
  en,
  es,
  fr,
  de,
  pt,
  it,
  nl,
  pl,
  ja,
  'zh-CN': zhCN,
  ar,
};

const cache = new Map<string, Chrome>();

/** The page's words for a form language, without waiting (kept per tag once made). */
export function chromeFor(tag: string): Chrome {
  let chrome = cache.get(tag);
  if (!chrome) {
    const language = chromeLanguage(tag);
    chrome = makeChrome(tag, language, CATALOGUES[language]);
    if (cache.size < 200) cache.set(tag, chrome);
  }
  return chrome;
}
