import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import type { SubmitEnding } from '@formsmith/core/submissions/submit-answer';
import { useEffect } from 'react';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { primaryButton } from '../../../components/public-page/classes.ts';
import { BrandLogo } from './brand-logo.tsx';

function Icon({
  path,
  tone,
  className = '',
}: {
  path: string;
  tone: 'red' | 'green' | 'amber';
  className?: string;
}) {
  const tones = {
    red: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
    green: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
    amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  };
  return (
    <span
      className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full ${tones[tone]} ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

const ALERT = 'M12 8v4m0 4h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z';
const CLOCK = 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z';
const CHECK = 'M5 12.5l4.5 4.5L19 7.5';

/**
 * A form that cannot be opened. The respondent came for a form, not for Formsmith: nothing here
 * leads to the instance's own pages (its landing page or sign-up).
 */
export function UnavailableView({ message }: { message?: string }) {
  const { t } = useChrome();
  return (
    <div className="space-y-4 py-6 text-center">
      <Icon path={ALERT} tone="red" />
      <h1 className="text-2xl font-semibold">{t('status.unavailableTitle')}</h1>
      <p className="text-slate-700 dark:text-slate-300">{message ?? t('status.unavailable')}</p>
    </div>
  );
}

/** An expired form, or one its owner's limits or schedule closed (with their message). */
export function ExpiredView({
  title,
  closed,
  logoUrl,
}: {
  title?: string;
  closed?: { message?: string };
  /** The form's logo, when its page is drawn in its theme. */
  logoUrl?: string | null;
}) {
  const { t } = useChrome();
  return (
    <div className="space-y-4 py-6 text-center">
      <BrandLogo url={logoUrl} title={title} />
      <Icon path={CLOCK} tone="amber" />
      {title && <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{title}</p>}
      <h1 className="text-2xl font-semibold">{closed ? t('status.closed') : t('status.expired')}</h1>
      {closed?.message && (
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{closed.message}</p>
      )}
    </div>
  );
}

/** Seconds the ending's notice shows before its redirect. */
const REDIRECT_DELAY_MS = 3000;

/** The redirect to follow: https only (the server checks it too, when the form is saved). */
function safeRedirect(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

type SuccessViewProps = {
  /** The form's success message, shown when logic chose no ending. */
  message: string;
  /** The ending the server chose; its title and message are text, never HTML. */
  ending: SubmitEnding;
  embed: boolean;
  /** 'Submit another response': the form again, or its address (a page the server rendered). */
  onAnother: (() => void) | string;
  /** The form's logo and title, to draw the logo as the theme places it. */
  logoUrl?: string | null;
  title?: string;
};

/** The ending: the form's logo, a mark in the theme's accent, the ending's title and message. */
export function SuccessView({ message, ending, embed, onAnother, logoUrl, title }: SuccessViewProps) {
  const { t } = useChrome();
  const redirect = safeRedirect(ending?.redirect_url);
  const href = redirect?.href;
  useEffect(() => {
    if (!href) return;
    const timer = setTimeout(() => {
      try {
        (embed && window.top ? window.top : window).location.assign(href);
      } catch {
        // A frame may not move the page around it: the link below still works.
      }
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [href, embed]);
  return (
    <div className="space-y-4 py-6 text-center">
      <BrandLogo url={logoUrl} title={title} />
      {/* In a themed page the mark takes the accent (theme.css), like the rest of the page. */}
      <Icon path={CHECK} tone="green" className="fs-ending-mark" />
      <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]" tabIndex={-1} ref={(el) => el?.focus()}>
        {ending?.title || t('status.submitted')}
      </h1>
      <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
        {/* The product's default message reads in the page's language, as the success message did. */}
        {ending
          ? ending.message === FORM_DEFAULTS.successMessage
            ? t('status.successMessage')
            : ending.message
          : message}
      </p>
      {redirect ? (
        <p role="status" className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
          {t('status.redirecting', { host: redirect.host })}{' '}
          <a
            href={redirect.href}
            target={embed ? '_top' : undefined}
            className="font-medium text-brand-700 underline dark:text-brand-100"
          >
            {t('status.continueNow')}
          </a>
        </p>
      ) : typeof onAnother === 'string' ? (
        <a href={onAnother} className={primaryButton}>
          {t('status.submitAnother')}
        </a>
      ) : (
        <button type="button" className={primaryButton} onClick={onAnother}>
          {t('status.submitAnother')}
        </button>
      )}
    </div>
  );
}
