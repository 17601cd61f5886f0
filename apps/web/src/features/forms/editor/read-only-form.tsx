import type { Form } from '@formsmith/core/forms/form';
import { Eye } from 'lucide-react';
import { FormPageNav } from '../../../components/form-page-nav.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormPreview } from './form-preview.tsx';

/**
 * The editor's page for a viewer: the form as respondents see it, and no control that would
 * change it. The server refuses their writes anyway; this page never offers one.
 */
export function ReadOnlyForm({ formId, form }: { formId: number; form: Form }) {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 p-4 sm:p-6">
      <header className="space-y-3">
        <h1 className="break-words text-2xl font-semibold text-slate-900 dark:text-white">{form.title}</h1>
        <FormPageNav formId={formId} />
      </header>
      <Alert tone="info" className="flex items-start gap-2">
        <Eye aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          You can view this form. Changing it needs the editor role in its workspace: ask one of the
          workspace's owners or admins.
        </span>
      </Alert>
      <FormPreview form={form} compact={false} />
    </div>
  );
}
