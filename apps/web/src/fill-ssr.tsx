// The public form page on the server (built by `vite build --ssr`, loaded by the server at start):
// the same components as the page, rendered to HTML, and the page's own steps and validation
// for a form posted without JavaScript.
import type { FillRenderer } from '@formsmith/core/fill-page/state';
import { renderToStringAsync } from 'preact-render-to-string';
import { initialValues } from './components/form-renderer/values.ts';
import { toLoadedForm } from './features/fill/api/get-public-form.ts';
import { FillRoot } from './features/fill/fill-root.tsx';
import { submitErrorMessage } from './features/fill/lib/messages.ts';
import { planFillPost, stepWithErrors } from './features/fill/lib/plan-post.ts';
import { readPostedValues } from './features/fill/lib/posted-values.ts';
import { prefillFromUrl } from './features/fill/lib/prefill.ts';

export const renderer: FillRenderer = {
  renderFillPage: async (state) => renderToStringAsync(<FillRoot initial={state} />),
  readPostedValues: ({ form, posted, files }) => readPostedValues({ fields: form.fields, posted, files }),
  startValues: ({ form, search }) => prefillFromUrl(form.fields, initialValues(form.fields), search),
  planFillPost: ({ form, ...rest }) => planFillPost({ form: toLoadedForm(form), ...rest }),
  stepWithErrors: ({ form, ...rest }) => stepWithErrors({ form: toLoadedForm(form), ...rest }),
  submitErrorMessage: (error) => submitErrorMessage(error.statusCode, error.message),
};
