import type { Form } from '@formsmith/core/forms/form';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import {
  type Generated,
  type GenerateProgress,
  NoFieldsGeneratedError,
  useGenerateForm,
  useGeneratorSource,
} from '../../../lib/forms-api/generate-form.ts';
import { GeneratedFieldsPreview } from './generated-fields-preview.tsx';
import { GeneratedModeChoice } from './generated-mode-choice.tsx';
import { GeneratorSourceNote } from './generator-source-note.tsx';
import type { GeneratedMode } from './merge-generated.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many fields the form has now: with any, the owner says whether to replace or add. */
  fieldCount: number;
  onGenerated: (form: Form, mode: GeneratedMode) => void;
};

const BLANK_MESSAGE = 'Please enter a description of the form you want to create.';
const NO_FIELDS_MESSAGE = 'Failed to generate form. Please try again with a different description.';
const FAILURE_MESSAGE = 'Failed to generate form. Please try again later.';
const NO_PROGRESS: GenerateProgress = { fields: [], fallback: null };

/**
 * Describe a form in plain language; the server turns it into fields, streamed here as they
 * are written. When the configured model failed and the built-in generator answered, the
 * dialog stays open to say why before the owner uses the form.
 */
export function AiGeneratorDialog({ open, onOpenChange, fieldCount, onGenerated }: Props) {
  const [description, setDescription] = useState('');
  const [mode, setMode] = useState<GeneratedMode>('add');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<GenerateProgress>(NO_PROGRESS);
  const [fellBack, setFellBack] = useState<Generated | null>(null);
  const generate = useGenerateForm(setProgress);
  const source = useGeneratorSource();

  function use(generated: Generated) {
    onGenerated(generated.form, mode);
    setFellBack(null);
    setProgress(NO_PROGRESS);
    onOpenChange(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (fellBack) return use(fellBack);
    if (!description.trim()) {
      setError(BLANK_MESSAGE);
      return;
    }
    setError(null);
    setProgress(NO_PROGRESS);
    generate.mutate(description.trim(), {
      onSuccess: (generated) => {
        if (generated.source.fallback) {
          setFellBack(generated);
          setProgress({
            fields: generated.form.fields,
            rules: generated.form.logic.rules,
            fallback: generated.source.fallback,
          });
        } else use(generated);
      },
      onError: (e) => setError(e instanceof NoFieldsGeneratedError ? NO_FIELDS_MESSAGE : FAILURE_MESSAGE),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !generate.isPending && onOpenChange(next)}
      title="Generate a form with AI"
      description="Describe the form you need; the fields are created for you and you can edit them afterwards."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <GeneratorSourceNote source={source.data} />
        <FormField label="Form description" error={error ?? undefined}>
          <Textarea
            rows={5}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              setFellBack(null);
            }}
            placeholder="e.g. A registration form for a weekend coding workshop with name, email, experience level and dietary needs"
            disabled={generate.isPending}
          />
        </FormField>
        {fieldCount > 0 && (
          <GeneratedModeChoice
            fieldCount={fieldCount}
            mode={mode}
            onChange={setMode}
            disabled={generate.isPending}
          />
        )}
        {generate.isPending && <Alert tone="info">Generating your form…</Alert>}
        <GeneratedFieldsPreview
          fields={progress.fields}
          {...(progress.rules ? { rules: progress.rules } : {})}
          fallback={progress.fallback}
          pending={generate.isPending}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={generate.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={generate.isPending}>
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            {generate.isPending ? 'Generating...' : fellBack ? 'Use this form' : 'Generate'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
