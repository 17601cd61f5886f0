import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  action: string;
  pendingLabel: string;
  initialName: string;
  pending: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
};

/** Asks for a passkey's name: when adding one, and when renaming it. */
export function PasskeyNameDialog(props: Props) {
  const { open, onOpenChange, initialName } = props;
  const [name, setName] = useState(initialName);
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName(initialName);
      setFieldError(null);
    }
  }, [open, initialName]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setFieldError('Name is required');
    if (trimmed.length > 60) return setFieldError('Name must be at most 60 characters');
    setFieldError(null);
    props.onSubmit(trimmed);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={props.title} description={props.description}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {props.error ? <Alert tone="error">{props.error}</Alert> : null}
        <FormField
          label="Passkey name"
          hint="So you can tell your passkeys apart"
          error={fieldError ?? undefined}
        >
          <Input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={props.pending}>
            {props.pending ? props.pendingLabel : props.action}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
