import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };
const CHANGE_FAILED = 'Failed to change password';
export const PASSWORD_CHANGED = 'Password updated successfully!';

type Props = {
  /** The reset page lets a fresh magic-link session leave the current password empty. */
  currentOptional?: boolean;
  submitLabel?: string;
  /** Called once the new password is saved. */
  onChanged?: () => void;
};

/** Current, new and confirm password; the button stays disabled until the needed fields are filled. */
export function PasswordChangeForm({
  currentOptional = false,
  submitLabel = 'Update Password',
  onChanged,
}: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    setDone(false);
  };
  const filled =
    (currentOptional || values.current_password !== '') &&
    values.new_password !== '' &&
    values.confirm_password !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.new_password !== values.confirm_password) {
      setErrors({ confirm_password: AUTH_MESSAGES.newPasswordsMismatch });
      return;
    }
    setErrors({});
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setDone(true);
        onChanged?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else setErrors({ form: error instanceof ApiError ? error.message : CHANGE_FAILED });
      },
    });
  };

  const formError = errors.form;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {done && <Alert tone="success">{PASSWORD_CHANGED}</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField
        label="Current password"
        error={errors.current_password}
        hint={
          currentOptional ? 'Not needed if you signed in with a magic link in the last 10 minutes' : undefined
        }
      >
        <Input
          type="password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={set('current_password')}
        />
      </FormField>
      <FormField label="New password" error={errors.new_password} hint="At least 8 characters">
        <Input
          type="password"
          autoComplete="new-password"
          value={values.new_password}
          onChange={set('new_password')}
        />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirm_password}>
        <Input
          type="password"
          autoComplete="new-password"
          value={values.confirm_password}
          onChange={set('confirm_password')}
        />
      </FormField>
      <Button type="submit" disabled={!filled || change.isPending}>
        {change.isPending ? 'Updating...' : submitLabel}
      </Button>
    </form>
  );
}
