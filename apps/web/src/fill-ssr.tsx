// The public form page on the server (built by `vite build --ssr`, loaded by the server at start):
// the same components as the page, rendered to HTML, and the page's own steps and validation
// for a form posted without JavaScript.
import type { FillPageState, FillRenderer } from '@formsmith/core/fill-page/state';
import { type Chrome, validationMessagesOf } from '@formsmith/core/i18n/chrome';
import { chromeFor } from '@formsmith/core/i18n/chrome-all';
import { renderToStringAsync } from 'preact-render-to-string';
import { seedChrome } from './components/form-renderer/chrome-context.ts';
import { initialValues } from './components/form-renderer/values.ts';
import { toLoadedForm } from './features/fill/api/get-public-form.ts';
import { FillRoot } from './features/fill/fill-root.tsx';
import { formInLanguage } from './features/fill/lib/localize.ts';
import { submitErrorMessage } from './features/fill/lib/messages.ts';
import { planFillPost, stepWithErrors } from './features/fill/lib/plan-post.ts';
import { readPostedValues } from './features/fill/lib/posted-values.ts';
import { prefillFromUrl } from './features/fill/lib/prefill.ts';

/** The page's words in the language it is rendered in, ready for the components at once. */
function chromeOf(language: string | undefined): Chrome {
  const tag = language ?? 'en';
  const chrome = chromeFor(tag);
  seedChrome(tag, chrome);
  return chrome;
}

/** The page's title: the form's, else the heading of what the page shows. */
function pageTitle(state: FillPageState, chrome: Chrome): string {
  const { view } = state;
  const { t } = chrome;
  switch (view.kind) {
    case 'form':
      return state.language
        ? formInLanguage(toLoadedForm(view.form), state.language, chrome).title
        : view.form.title;
    case 'gate':
      return view.title ?? t('gate.title');
    case 'expired':
      return view.title ?? (view.closed ? t('status.closed') : t('status.expired'));
    case 'success':
      return view.ending?.title || t('status.submitted');
    case 'unavailable':
      return t('status.unavailableTitle');
    default: {
      const unknown: never = view;
      return unknown;
    }
  }
}

export const renderer: FillRenderer = {
  renderFillPage: async (state) => {
    const chrome = chromeOf(state.language);
    return {
      markup: await renderToStringAsync(<FillRoot initial={state} />),
      title: pageTitle(state, chrome),
    };
  },
  readPostedValues: ({ form, posted, files }) => readPostedValues({ fields: form.fields, posted, files }),
  startValues: ({ form, search }) => prefillFromUrl(form.fields, initialValues(form.fields), search),
  planFillPost: ({ form, language, ...rest }) =>
    planFillPost({
      form: toLoadedForm(form),
      messages: validationMessagesOf(chromeOf(language)),
      ...rest,
    }),
  stepWithErrors: ({ form, ...rest }) => stepWithErrors({ form: toLoadedForm(form), ...rest }),
  submitErrorMessage: (error, language) =>
    submitErrorMessage(chromeOf(language), {
      status: error.statusCode,
      code: error.code,
      message: error.message,
    }),
};
