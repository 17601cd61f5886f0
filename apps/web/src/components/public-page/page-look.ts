import type { PublicPageLook } from '@formsmith/core/themes/api';
import { createContext, useContext } from 'react';

/** The look the page frame draws, for what inside it follows the theme (the logo's placement). */
export const PageLookContext = createContext<PublicPageLook | null | undefined>(null);

/** Where the form's logo goes on its pages: the theme's choice, else at the start (as it always was). */
export function useLogoPlacement(): 'left' | 'centre' | 'hidden' {
  return useContext(PageLookContext)?.theme?.logoPlacement ?? 'left';
}
