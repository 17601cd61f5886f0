import type { Chrome } from '@formsmith/core/i18n/chrome';
import { isRightToLeft } from '@formsmith/core/i18n/language';
import { useEffect } from 'react';
import { useLoadedChrome } from '../../../components/form-renderer/chrome-context.ts';

/**
 * The page's words in `tag` (its catalogue loaded on demand); the document's lang and direction
 * follow the language shown.
 */
export function usePageChrome(tag: string): Chrome {
  const chrome = useLoadedChrome(tag);
  useEffect(() => {
    document.documentElement.lang = chrome.locale;
    document.documentElement.dir = isRightToLeft(chrome.locale) ? 'rtl' : 'ltr';
  }, [chrome]);
  return chrome;
}
