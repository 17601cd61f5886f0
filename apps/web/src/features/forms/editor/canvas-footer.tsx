import type { Form } from '@formsmith/core/forms/form';
import { plainEnding, successMessageOf } from '@formsmith/core/logic/endings';
import { Button } from '../../../components/ui/button.tsx';
import { inPlaceClasses } from './canvas-header.tsx';
import type { DraftAction } from './form-draft.ts';

/**
 * The end of the form as respondents meet it: the send button, its text edited in place, and what
 * they see after sending (the first ending, edited with the others on the Logic tab).
 */
export function CanvasFooter({
  form,
  dispatch,
  onOpenLogic,
}: {
  form: Form;
  dispatch: (action: DraftAction) => void;
  onOpenLogic: () => void;
}) {
  const ending = plainEnding(form.logic);
  const after = ending?.title.trim() || successMessageOf(form.logic);
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="inline-flex max-w-full rounded-lg bg-brand-600 px-1 text-white">
        <input
          aria-label="Send button text"
          value={form.submitButtonText}
          placeholder="Submit"
          onChange={(e) => dispatch({ type: 'setMeta', patch: { submitButtonText: e.target.value } })}
          className={`${inPlaceClasses} min-w-24 font-semibold text-white placeholder:text-white/70 hover:border-white/60 focus:border-white [field-sizing:content]`}
        />
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-300">
        <span className="min-w-0 break-words">After sending: “{after}”</span>
        <Button variant="ghost" size="sm" onClick={onOpenLogic}>
          Edit endings
        </Button>
      </p>
    </div>
  );
}
