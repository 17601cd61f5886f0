import { type Chrome, ENGLISH_CHROME, loadChrome } from '@formsmith/core/i18n/chrome';
import { createContext, useContext, useEffect, useState } from 'react';

/**
 * The page's own words (Next, 'Select an option', Yes and No...) in the respondent's language.
 * The public page and the editor's preview provide the language they show; English otherwise.
 */
export const ChromeContext = createContext<Chrome>(ENGLISH_CHROME);

export function useChrome(): Chrome {
  return useContext(ChromeContext);
}

const loaded = new Map<string, Chrome>([['en', ENGLISH_CHROME]]);

/**
 * Makes a language's words available at once: the server-rendered page is rendered, and taken
 * over in the browser, with the words it was rendered in, so the first paint and the page's
 * script agree.
 */
export function seedChrome(tag: string, chrome: Chrome): void {
  loaded.set(tag, chrome);
}

/**
 * The page's words in `tag`, loading that language's catalogue (only that one). Until it has
 * come, the words of the language shown before stay, so the page never flashes English.
 */
export function useLoadedChrome(tag: string): Chrome {
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
  return chrome;
}
