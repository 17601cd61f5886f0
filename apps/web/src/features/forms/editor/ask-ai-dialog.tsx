import type { EditProposal } from '@formsmith/core/forms/api';
import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import type { Form } from '@formsmith/core/forms/form';
import { Check, Wand2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProposeEdit } from '../api/edit-instruction.ts';
import { diffForms } from './edit-diff.ts';
import { EditDiffList } from './edit-diff-list.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: Form;
  /** The draft with the change applied; the editor records it as one undoable step. */
  onAccept: (form: Form) => void;
};

const BLANK = 'Please say what to change.';
const FAILURE = 'The change could not be proposed. Please try again later.';

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
  const propose = useProposeEdit();

  function close() {
    setProposal(null);
    setError(null);
    onOpenChange(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!instruction.trim()) return setError(BLANK);
    setError(null);
    propose.mutate(
      { instruction: instruction.trim(), form },
      {
        onSuccess: setProposal,
        onError: (e) =>
          setError(e instanceof ApiError && e.fields?.instruction ? e.fields.instruction : FAILURE),
      },
    );
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
            }}
            placeholder="e.g. add a phone field after email and make it optional"
            disabled={propose.isPending}
          />
        </FormField>
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
