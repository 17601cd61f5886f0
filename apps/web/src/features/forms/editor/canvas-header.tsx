import type { Form } from '@formsmith/core/forms/form';
import type { DraftAction } from './form-draft.ts';

const inPlace =
  'w-full resize-none rounded-md border border-transparent bg-transparent px-2 py-1 [field-sizing:content] hover:border-slate-300 focus:border-brand-500 focus:outline-none dark:hover:border-slate-600';

/** The form's title and description, edited where respondents read them. */
export function CanvasHeader({ form, dispatch }: { form: Form; dispatch: (action: DraftAction) => void }) {
  return (
    <div className="space-y-1 border-b border-slate-200 pb-4 dark:border-slate-800">
      <textarea
        aria-label="Form title"
        rows={1}
        value={form.title}
        placeholder="Untitled form"
        onChange={(e) => dispatch({ type: 'setMeta', patch: { title: e.target.value.replace(/\n/g, ' ') } })}
        className={`${inPlace} text-2xl font-bold tracking-tight`}
      />
      <textarea
        aria-label="Form description"
        rows={1}
        value={form.description}
        placeholder="Add a description (optional)"
        onChange={(e) => dispatch({ type: 'setMeta', patch: { description: e.target.value } })}
        className={`${inPlace} text-slate-600 dark:text-slate-300`}
      />
    </div>
  );
}

export { inPlace as inPlaceClasses };
