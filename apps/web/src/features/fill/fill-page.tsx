import type { FillFormView, FillPageState, TurnedAwayBrand } from '@formsmith/core/fill-page/state';
import type { Form } from '@formsmith/core/forms/form';
import { formLanguages } from '@formsmith/core/i18n/language';
import { localizeForm } from '@formsmith/core/i18n/localize';
import type { SubmitEnding } from '@formsmith/core/submissions/submit-answer';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ChromeContext } from '../../components/form-renderer/chrome-context.ts';
import { CenteredSpinner, PageFooter, PageFrame } from '../../components/public-page/page-frame.tsx';
import {
  type ClosedInfo,
  getOwnerPreview,
  getPublicForm,
  type LoadedForm,
  toLoadedForm,
} from './api/get-public-form.ts';
import { recordView } from './api/record-view.ts';
import { FormView } from './components/form-view.tsx';
import { LanguageSwitcher } from './components/language-switcher.tsx';
import {
  AccessGate,
  ExpiredView,
  prefetchSuccessView,
  SuccessView,
  UnavailableView,
} from './components/lazy-views.tsx';
import { SavedFormView } from './components/saved-form-view.tsx';
import { useEmbedHeight } from './hooks/use-embed-height.ts';
import { usePageChrome } from './hooks/use-page-chrome.ts';
import { postToHost } from './lib/embed-messages.ts';
import { onFirstInteraction } from './lib/first-interaction.ts';
import { chooseLanguage, keepLanguage, pageLanguage } from './lib/language.ts';
import { formInLanguage } from './lib/localize.ts';
import { parseFillLocation } from './lib/location.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'unavailable'; missingId?: boolean }
  | {
      kind: 'gate';
      wrongCode: boolean;
      title?: string;
      message?: string;
      checking: boolean;
      brand?: TurnedAwayBrand;
    }
  | { kind: 'expired'; title?: string; closed?: ClosedInfo; brand?: TurnedAwayBrand }
  | { kind: 'form'; form: LoadedForm; round: number; preview?: boolean }
  | {
      kind: 'success';
      message: string;
      ending: SubmitEnding;
      again: { form: LoadedForm; round: number } | null;
      /** The ending the server drew after a post without JavaScript keeps the form's look. */
      brand?: TurnedAwayBrand;
    };

/** The first view of a page the server rendered, as it rendered it. */
function viewOf(state: FillPageState): View {
  const { view } = state;
  switch (view.kind) {
    case 'unavailable':
      return { kind: 'unavailable' };
    case 'gate':
      return {
        kind: 'gate',
        wrongCode: view.wrongCode,
        title: view.title,
        message: view.message,
        checking: false,
        brand: view.brand,
      };
    case 'expired':
      return { kind: 'expired', title: view.title, closed: view.closed, brand: view.brand };
    case 'form':
      return { kind: 'form', form: toLoadedForm(view.form), round: 0 };
    case 'success':
      return { kind: 'success', message: view.message, ending: view.ending, again: null, brand: view.brand };
    default: {
      const unknown: never = view;
      return unknown;
    }
  }
}

function isExpired(form: Form): boolean {
  const at = form.sharing.expirationDate ? Date.parse(form.sharing.expirationDate) : Number.NaN;
  return Number.isFinite(at) && at <= Date.now();
}

/**
 * The form's look the server gave a gate, a closed page or an ending: kept while the respondent
 * tries codes.
 */
function brandOf(view: View): TurnedAwayBrand | undefined {
  return view.kind === 'gate' || view.kind === 'expired' || view.kind === 'success' ? view.brand : undefined;
}

/**
 * The respondent's page, /form/<formIdOrSlug>[/embed]. The server renders its first view (`initial`,
 * the same components) and the page takes over from there; without it, the page loads the form.
 */
export function FillPage({ initial }: { initial?: FillPageState }) {
  const [location] = useState(() =>
    initial
      ? { identifier: initial.identifier, embed: initial.embed }
      : parseFillLocation(window.location.pathname),
  );
  const embed = location?.embed ?? false;
  const [view, setView] = useState<View>(() => {
    if (initial) return viewOf(initial);
    return location ? { kind: 'loading' } : { kind: 'unavailable', missingId: true };
  });
  // The language shown: the one the server rendered in, else the form's once it is known (the
  // browser's, or ?lang=, for the page before that).
  const [language, setLanguage] = useState<string | null>(initial?.language ?? null);
  const chrome = usePageChrome(language ?? pageLanguage());
  const rendered = initial?.view.kind === 'form' ? initial.view : undefined;
  const [accessCode, setAccessCode] = useState<string | undefined>(rendered?.accessCode);
  // The screen the server rendered, until the respondent starts the form again.
  const [served, setServed] = useState<FillFormView | undefined>(rendered);
  const viewed = useRef(false);
  useEmbedHeight(embed);

  const load = useCallback(
    async (code?: string) => {
      if (!location) return;
      try {
        const result = await getPublicForm(location.identifier, code);
        if (result.kind === 'gate') {
          // The gate's title comes in the page's language (`?lang=`, else the browser's).
          if (result.title) document.title = result.title;
          setView((current) => ({
            kind: 'gate',
            wrongCode: result.wrongCode,
            title: result.title,
            checking: false,
            brand: brandOf(current),
          }));
          return;
        }
        if (result.kind === 'expired')
          return setView((current) => ({ kind: 'expired', closed: result.closed, brand: brandOf(current) }));
        if (result.kind !== 'form') {
          // Respondents cannot open it; its owner, signed in, gets a preview instead.
          const preview = await getOwnerPreview(location.identifier);
          if (!preview) return setView({ kind: result.kind });
          document.title = `Preview: ${preview.title}`;
          setLanguage(chooseLanguage(preview));
          return setView({ kind: 'form', form: preview, round: 0, preview: true });
        }
        const loaded = result.form;
        const { form } = result;
        const chosen = chooseLanguage(form);
        setLanguage(chosen);
        const title = localizeForm(form, chosen).title;
        document.title = title;
        if (isExpired(form)) return setView({ kind: 'expired', title });
        setAccessCode(code);
        setView({ kind: 'form', form: loaded, round: 0 });
        if (!viewed.current) {
          viewed.current = true;
          recordView(loaded.id);
          prefetchSuccessView();
        }
      } catch {
        setView({ kind: 'unavailable' });
      }
    },
    [location],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs once, as the page starts
  useEffect(() => {
    if (!initial) return void load();
    let stopPrefetch: (() => void) | undefined;
    // The server counted the view when it rendered the page.
    if (view.kind === 'form') {
      viewed.current = true;
      stopPrefetch = onFirstInteraction(prefetchSuccessView);
    }
    // Respondents cannot open it; its owner, signed in, may preview it (the server cannot tell).
    if (view.kind === 'unavailable' && location) {
      void getOwnerPreview(location.identifier).then((preview) => {
        if (!preview) return;
        document.title = `Preview: ${preview.title}`;
        setLanguage(chooseLanguage(preview));
        setView({ kind: 'form', form: preview, round: 0, preview: true });
      });
    }
    return stopPrefetch;
  }, []);

  const loaded =
    view.kind === 'form' ? view.form : view.kind === 'success' ? (view.again?.form ?? null) : null;
  // The form in the language shown; switching languages changes only this, never the answers.
  const shown = useMemo(
    () => (loaded && language ? formInLanguage(loaded, language, chrome) : loaded),
    [loaded, language, chrome],
  );
  useEffect(() => {
    if (shown && view.kind === 'form')
      document.title = view.preview ? `Preview: ${shown.title}` : shown.title;
  }, [shown, view]);
  const languages = loaded ? formLanguages(loaded) : [];
  const switchLanguage = (tag: string) => {
    if (!loaded) return;
    setLanguage(tag);
    keepLanguage(loaded.id, tag);
  };

  // A gate or a closed page the server drew in the form's theme keeps it.
  const look = loaded?.look ?? brandOf(view)?.look;

  const content = (() => {
    switch (view.kind) {
      case 'loading':
        return <CenteredSpinner />;
      case 'unavailable':
        return <UnavailableView message={view.missingId ? chrome.t('status.missingId') : undefined} />;
      case 'expired':
        return <ExpiredView title={view.title} closed={view.closed} logoUrl={view.brand?.logo_url} />;
      case 'gate':
        return (
          <AccessGate
            title={view.title}
            wrongCode={view.wrongCode}
            message={view.message}
            checking={view.checking}
            logoUrl={view.brand?.logo_url}
            onSubmit={(code) => {
              setView({ ...view, message: undefined, checking: true });
              void load(code);
            }}
          />
        );
      case 'success':
        return (
          <SuccessView
            message={shown?.successMessage ?? view.message}
            ending={view.ending}
            logoUrl={view.again?.form.logoUrl ?? view.brand?.logo_url}
            title={shown?.title}
            embed={embed}
            onAnother={(() => {
              const { again } = view;
              if (!again) return `/form/${encodeURIComponent(location?.identifier ?? '')}`;
              return () => setView({ kind: 'form', form: again.form, round: again.round + 1 });
            })()}
          />
        );
      case 'form': {
        // A form that keeps answers as the respondent goes first offers to continue saved ones
        // (never in the owner's preview, which sends nothing).
        const Body = view.form.savePartials && !view.preview ? SavedFormView : FormView;
        return (
          <Body
            form={shown ?? view.form}
            language={language ?? view.form.language}
            key={view.round}
            accessCode={accessCode}
            preview={view.preview ?? false}
            initial={view.round === 0 ? served : undefined}
            onSubmitted={(ending, submissionId) => {
              if (embed && !view.preview)
                postToHost({ type: 'formsmith:submitted', formId: view.form.id, submissionId });
              setServed(undefined);
              setView({
                kind: 'success',
                message: view.form.successMessage,
                ending,
                again: { form: view.form, round: view.round },
              });
              window.scrollTo({ top: 0 });
            }}
            onExpired={(closed) => setView({ kind: 'expired', title: (shown ?? view.form).title, closed })}
          />
        );
      }
      default: {
        const unknown: never = view;
        return unknown;
      }
    }
  })();

  return (
    <ChromeContext.Provider value={chrome}>
      <PageFrame embed={embed} look={look} label={shown?.title ?? ('title' in view ? view.title : undefined)}>
        {languages.length > 1 && language && (
          <LanguageSwitcher languages={languages} value={language} onChange={switchLanguage} />
        )}
        <Suspense fallback={<CenteredSpinner />}>{content}</Suspense>
        {/* A respondent turned away is not sent on to the instance's own pages. */}
        {(view.kind === 'form' || view.kind === 'gate' || view.kind === 'success') && (
          <PageFooter embed={embed} look={look} />
        )}
      </PageFrame>
    </ChromeContext.Provider>
  );
}
