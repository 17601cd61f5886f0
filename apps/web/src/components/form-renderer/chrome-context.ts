import { type Chrome, ENGLISH_CHROME } from '@formsmith/core/i18n/chrome';
import { createContext, useContext } from 'react';

/**
 * The page's own words (Next, 'Select an option', Yes and No...) in the respondent's language.
 * The public page provides the language it shows; the editor's preview reads English.
 */
export const ChromeContext = createContext<Chrome>(ENGLISH_CHROME);

export function useChrome(): Chrome {
  return useContext(ChromeContext);
}
