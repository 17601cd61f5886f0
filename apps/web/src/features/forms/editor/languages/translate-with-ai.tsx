import type { TranslatableText } from '@formsmith/core/i18n/texts';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Alert } from '../../../../components/ui/feedback.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useGeneratorSource } from '../../../../lib/forms-api/generate-form.ts';
import { useTranslateTexts } from '../../../../lib/forms-api/translate-texts.ts';

/** Translations a model proposed for one language, waiting for the owner's review. */
export type Suggestions = { tag: string; model: string; texts: Record<string, string> };

type Props = {
  /** The stored form (a new form has none until its first save). */
  formId: number | undefined;
  from: string;
  to: string;
  /** The default language's texts that have no translation yet. */
  missing: TranslatableText[];
  onSuggested: (suggestions: Suggestions) => void;
};

const FAILURE = 'The texts could not be translated. Please try again later.';

/**
 * 'Translate with AI': the missing texts go to the server's model, and what it answers comes back
 * as suggestions to review. Without a model the button says how to connect one.
 */
export function TranslateWithAi({ formId, from, to, missing, onSuggested }: Props) {
  const hintId = useId();
  const source = useGeneratorSource();
  const translate = useTranslateTexts();
  const model = source.data?.generator === 'model' ? source.data.model : null;
  const noModel = source.data?.generator === 'builtin';
  const hint = noModel
    ? 'No AI model is connected. To translate with one, set AI_BASE_URL (and AI_API_KEY, AI_MODEL) on the server and restart it.'
    : missing.length === 0
      ? 'Every text is translated.'
      : formId === undefined
        ? 'Available once the form is saved.'
        : model
          ? `The model ${model} suggests the ${missing.length} missing texts; you review them before they are used.`
          : null;

  const run = () => {
    if (formId === undefined) return;
    const texts = Object.fromEntries(missing.map((item) => [item.key, item.text]));
    translate.mutate(
      { formId, body: { from, to, texts } },
      {
        onSuccess: (proposal) =>
          onSuggested({ tag: to, model: proposal.model, texts: proposal.translations }),
      },
    );
  };

  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        onClick={run}
        disabled={!model || missing.length === 0 || formId === undefined || translate.isPending}
        aria-describedby={hint ? hintId : undefined}
        className="disabled:opacity-60"
      >
        <Languages aria-hidden="true" className="h-4 w-4" />
        {translate.isPending ? 'Translating…' : 'Translate with AI'}
      </Button>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {translate.isError && (
        <Alert tone="error">{translate.error instanceof ApiError ? translate.error.message : FAILURE}</Alert>
      )}
    </div>
  );
}
