import { type EditProposal, type EditQuestion, editQuestionSchema } from '@formsmith/core/forms/api';
import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import type { Form } from '@formsmith/core/forms/form';
import { Check, Wand2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { safeParse } from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProposeEdit } from '../../../lib/forms-api/edit-instruction.ts';
import { diffForms } from './edit-diff.ts';
import { EditDiffList } from './edit-diff-list.tsx';
import { EditQuestionView } from './edit-question.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: Form;
  /** The draft with the change applied; the editor records it as one undoable step. */
  onAccept: (form: Form) => void;
};

const BLANK = 'Please say what to change.';
const FAILURE = 'The change could not be proposed. Please try again later.';

/** The question in a 422 answer of the built-in interpreter, if it asked one. */
function questionOf(error: unknown): EditQuestion | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const parsed = safeParse(editQuestionSchema, (error.body as { question?: unknown }).question);
  return parsed.success ? parsed.data : null;
}

/** The proposed form: the patch applied to the draft as it is now (the form the server computed if that fails). */
function proposedForm(form: Form, proposal: EditProposal): Form {
  try {
    return applyEditPatch(form, proposal.patch);
  } catch {
    return { ...form, ...proposal.form };
  }
}

/** 'Ask AI': an instruction about this form becomes a proposed change, shown as a diff to accept or reject. */
export function AskAiDialog({ open, onOpenChange, form, onAccept }: Props) {
  const [instruction, setInstruction] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [proposal, setProposal] = useState<EditProposal | null>(null);
  const [question, setQuestion] = useState<EditQuestion | null>(null);
  const propose = useProposeEdit();

  function close() {
    setProposal(null);
    setQuestion(null);
    setError(null);
    onOpenChange(false);
  }

  function ask(text: string) {
    if (!text.trim()) return setError(BLANK);
    setError(null);
    setQuestion(null);
    propose.mutate(
      { instruction: text.trim(), form },
      {
        onSuccess: setProposal,
        onError: (e) => {
          const asked = questionOf(e);
          if (asked) return setQuestion(asked);
          setError(e instanceof ApiError && e.fields?.instruction ? e.fields.instruction : FAILURE);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    ask(instruction);
  }

  /** The unclear words replaced by the quoted label of the field the owner picked, asked again. */
  function pick(label: string) {
    const phrase = question?.phrase;
    const next =
      phrase && instruction.includes(phrase) ? instruction.replace(phrase, `'${label}'`) : instruction;
    setInstruction(next);
    ask(next);
  }

  const next = proposal && proposedForm(form, proposal);
  const lines = next ? diffForms(form, next) : [];
  const { source } = proposal ?? {};

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => (value ? onOpenChange(true) : close())}
      title="Ask AI"
      description="Say what to change in this form; you see the change before it is made."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField label="Instruction" error={error ?? undefined}>
          <Input
            value={instruction}
            onChange={(e) => {
              setInstruction(e.target.value);
              setProposal(null);
              setQuestion(null);
            }}
            placeholder="e.g. add a phone field after email and make it optional"
            disabled={propose.isPending}
          />
        </FormField>
        {question && (
          <EditQuestionView
            question={question}
            onPick={pick}
            onExample={(example) => {
              setInstruction(example);
              setQuestion(null);
            }}
          />
        )}
        {proposal && (
          <section aria-label="Proposed change" className="space-y-2 text-sm">
            <p className="text-slate-900 dark:text-white">{proposal.patch.summary}</p>
            <p className="text-slate-500 dark:text-slate-400">
              {source?.generator === 'model'
                ? `Proposed by the model ${source.model}.`
                : 'Proposed by the built-in generator (offline).'}
              {source?.fallback ? ` ${source.fallback}` : ''}
            </p>
            <EditDiffList lines={lines} />
          </section>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          {proposal ? (
            <>
              <Button variant="secondary" onClick={() => setProposal(null)}>
                <X aria-hidden="true" className="h-4 w-4" />
                Reject
              </Button>
              <Button
                onClick={() => {
                  if (next) onAccept(next);
                  setInstruction('');
                  close();
                }}
                disabled={lines.length === 0}
              >
                <Check aria-hidden="true" className="h-4 w-4" />
                Accept
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={close} disabled={propose.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={propose.isPending}>
                <Wand2 aria-hidden="true" className="h-4 w-4" />
                {propose.isPending ? 'Thinking…' : 'Propose change'}
              </Button>
            </>
          )}
        </div>
      </form>
    </Dialog>
  );
}
