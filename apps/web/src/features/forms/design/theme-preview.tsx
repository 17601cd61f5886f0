import type { Form } from '@formsmith/core/forms/form';
import type { PublicPageLook } from '@formsmith/core/themes/api';
import { useState } from 'react';
import { ChromeContext, useLoadedChrome } from '../../../components/form-renderer/chrome-context.ts';
import { fillPath } from '../../../components/form-renderer/fill-steps.ts';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import { type FieldValues, initialValues, withCalculated } from '../../../components/form-renderer/values.ts';
import { primaryButton } from '../../../components/public-page/classes.ts';
import { FormHeader } from '../../../components/public-page/form-header.tsx';
import { PageFooter, PageFrame } from '../../../components/public-page/page-frame.tsx';

/**
 * The public page as respondents will see it with this look: the page's own frame, header,
 * renderer and footer, so what the owner sees is what the page draws (answers stay local).
 */
export function ThemePreview({ form, look }: { form: Form; look: PublicPageLook }) {
  const chrome = useLoadedChrome(form.language);
  const [values, setValues] = useState<FieldValues>(() => initialValues(form.fields));
  // The questions on the respondent's path, their texts recalled, as the page shows them.
  const path = fillPath({ form, answers: values, oneAtATime: false });
  return (
    <div
      data-testid="design-preview"
      className="h-[34rem] overflow-auto rounded-xl border border-slate-200 [--fs-view-h:calc(34rem-2px)] dark:border-slate-800"
    >
      <ChromeContext.Provider value={chrome}>
        <PageFrame embed={false} look={look} preview>
          <FormHeader form={form} description={form.description} />
          <form className="mt-8" onSubmit={(e) => e.preventDefault()} aria-label="Design preview">
            <FormRenderer
              fields={path.steps.flatMap((step) => step.fields)}
              values={withCalculated(values, path.run.calculated)}
              errors={{}}
              onChange={(fieldId, value) => setValues((v) => ({ ...v, [fieldId]: value }))}
            />
            <div className="mt-8">
              <button type="submit" className={primaryButton} data-testid="preview-submit">
                {form.submitButtonText}
              </button>
            </div>
          </form>
          <PageFooter embed={false} look={look} />
        </PageFrame>
      </ChromeContext.Provider>
    </div>
  );
}
