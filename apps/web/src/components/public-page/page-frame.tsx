import type { PublicPageLook } from '@formsmith/core/themes/api';
import { hasBackdrop } from '@formsmith/core/themes/css';
import type { ReactNode } from 'react';
import { useChrome } from '../form-renderer/chrome-context.ts';
import { PageLookContext } from './page-look.ts';
import { ThemeStyle, themeRootProps } from './theme-style.tsx';

/**
 * The page around every state: a centred card on the page, nothing but the content when embedded.
 * A form with a theme is drawn with it (theme.css maps the page's colours onto its properties);
 * without one the page looks as it always did.
 */
export function PageFrame({
  embed,
  look,
  preview = false,
  label,
  children,
}: {
  embed: boolean;
  /**
   * The form's title. An embedded page names its main landmark with it: the host page around the
   * frame has a main landmark of its own, and two unnamed ones cannot be told apart.
   */
  label?: string;
  look?: PublicPageLook | null;
  /** Drawn inside the editor, which has its own main landmark. */
  preview?: boolean;
  children: ReactNode;
}) {
  const theme = look?.theme ?? null;
  const root = themeRootProps(theme);
  const Main = preview ? 'div' : 'main';
  if (embed)
    return (
      <Main {...root} aria-label={label} className={`p-4 sm:p-6 ${root.className}`}>
        {theme && <ThemeStyle theme={theme} customCss={look?.custom_css} />}
        <PageLookContext.Provider value={look}>{children}</PageLookContext.Provider>
      </Main>
    );
  // The picture behind the card, or beside (above, on a phone) the form in the split layout:
  // decoration, laid out by theme.css from the theme's properties; no text is ever drawn on it.
  // An image element at low priority rather than a CSS background (which the browser fetches at
  // high priority as the page is laid out): the card's text and the form paint first, the
  // picture comes in after, with or without script.
  const backdrop = theme && hasBackdrop(theme);
  const picture = theme?.background?.image;
  return (
    <Main
      {...root}
      className={`${preview ? 'fs-preview min-h-full' : 'min-h-screen'} px-4 py-8 sm:py-12 ${root.className}`}
    >
      {theme && <ThemeStyle theme={theme} customCss={look?.custom_css} />}
      <div className="fs-layout">
        {backdrop && (
          <div className="fs-backdrop" aria-hidden="true">
            {picture && (
              <img className="fs-backdrop-image" src={picture} alt="" fetchPriority="low" decoding="async" />
            )}
          </div>
        )}
        <div className="fs-card mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
          <PageLookContext.Provider value={look}>{children}</PageLookContext.Provider>
        </div>
      </div>
    </Main>
  );
}

/** A mark no message contains, to put the brand's link where the language places the name. */
const BRAND = '\u0000';

/** The form's footer text and privacy link, and "Powered by Formsmith" unless the form or instance hides it. */
export function PageFooter({ embed, look }: { embed: boolean; look?: PublicPageLook | null }) {
  const { t } = useChrome();
  const showPoweredBy = look?.show_powered_by ?? true;
  const [before = '', after = ''] = t('form.poweredBy', { brand: BRAND }).split(BRAND);
  const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';
  if (!showPoweredBy && !look?.footer_text && !look?.privacy_url) return null;
  return (
    <footer className="mt-8 space-y-1 text-center text-xs text-slate-600 dark:text-slate-400">
      {look?.footer_text && <p className="break-words whitespace-pre-line">{look.footer_text}</p>}
      {look?.privacy_url && (
        <p>
          <a
            href={look.privacy_url}
            target={embed ? '_blank' : undefined}
            rel="noopener noreferrer"
            className={`${linkClass} underline`}
          >
            {t('form.privacyPolicy')}
          </a>
        </p>
      )}
      {showPoweredBy && (
        <p>
          {before}
          <a
            href="/"
            target={embed ? '_blank' : undefined}
            rel={embed ? 'noopener' : undefined}
            className={linkClass}
          >
            Formsmith
          </a>
          {after}
        </p>
      )}
    </footer>
  );
}

export function CenteredSpinner() {
  const { t } = useChrome();
  return (
    <div className="flex justify-center py-16">
      <span role="status" className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          className="h-8 w-8 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 dark:border-slate-600 dark:border-t-brand-500"
        />
        <span className="sr-only">{t('form.loading')}</span>
      </span>
    </div>
  );
}
