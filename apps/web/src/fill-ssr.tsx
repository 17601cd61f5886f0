// The public form page on the server (built by `vite build --ssr`, loaded by the server at start):
// the same components as the page, rendered to HTML, and the page's own steps and validation
// for a form posted without JavaScript.
import type { FillPageState, FillRenderer } from '@formsmith/core/fill-page/state';
import { renderToStringAsync } from 'preact-render-to-string';
import { initialValues } from './components/form-renderer/values.ts';
import { toLoadedForm } from './features/fill/api/get-public-form.ts';
import { TEXT } from './features/fill/components/status-views.tsx';
import { FillRoot } from './features/fill/fill-root.tsx';
import { FILL_TEXT, submitErrorMessage } from './features/fill/lib/messages.ts';
import { planFillPost, stepWithErrors } from './features/fill/lib/plan-post.ts';
import { readPostedValues } from './features/fill/lib/posted-values.ts';
import { prefillFromUrl } from './features/fill/lib/prefill.ts';

/** The page's title: the form's, else the heading of what the page shows. */
function pageTitle(state: FillPageState): string {
  const { view } = state;
  switch (view.kind) {
    case 'form':
      return view.form.title;
    case 'gate':
      return view.title ?? FILL_TEXT.protectedForm;
    case 'expired':
      return view.title ?? (view.closed ? TEXT.closed : TEXT.expired);
    case 'success':
      return view.ending?.title || TEXT.submitted;
    case 'unavailable':
      return TEXT.unavailableTitle;
    default: {
      const unknown: never = view;
      return unknown;
    }
  }
}

export const renderer: FillRenderer = {
  renderFillPage: async (state) => ({
    markup: await renderToStringAsync(<FillRoot initial={state} />),
    title: pageTitle(state),
  }),
  readPostedValues: ({ form, posted, files }) => readPostedValues({ fields: form.fields, posted, files }),
  startValues: ({ form, search }) => prefillFromUrl(form.fields, initialValues(form.fields), search),
  planFillPost: ({ form, ...rest }) => planFillPost({ form: toLoadedForm(form), ...rest }),
  stepWithErrors: ({ form, ...rest }) => stepWithErrors({ form: toLoadedForm(form), ...rest }),
  submitErrorMessage: (error) => submitErrorMessage(error.statusCode, error.message),
};
