import { type Chrome, ENGLISH_CHROME, loadChrome } from '@formsmith/core/i18n/chrome';
import { isRightToLeft } from '@formsmith/core/i18n/language';
import { useEffect, useState } from 'react';

const loaded = new Map<string, Chrome>([['en', ENGLISH_CHROME]]);

/**
 * The page's words in `tag`, loading that language's catalogue (only that one). Until it has
 * come, the words of the language shown before stay, so the page never flashes English. The
 * document's lang and direction follow the language shown.
 */
export function usePageChrome(tag: string): Chrome {
  const [chrome, setChrome] = useState<Chrome>(() => loaded.get(tag) ?? ENGLISH_CHROME);
  useEffect(() => {
    let live = true;
    const ready = loaded.get(tag);
    if (ready) setChrome(ready);
    else
      void loadChrome(tag)
        .then((next) => {
          loaded.set(tag, next);
          if (live) setChrome(next);
        })
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tag]);
  useEffect(() => {
    document.documentElement.lang = chrome.locale;
    document.documentElement.dir = isRightToLeft(chrome.locale) ? 'rtl' : 'ltr';
  }, [chrome]);
  return chrome;
}
