import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestVerificationLink } from '../api/request-verification-link.ts';

/**
 * 'Resend' on the check-your-email page: to the address just signed up with, or, when the page
 * was opened without one (a reload), to the address typed here.
 */
export function ResendVerification({ email }: { email: string | undefined }) {
  const [typed, setTyped] = useState('');
  const request = useRequestVerificationLink();
  const send = (e: FormEvent) => {
    e.preventDefault();
    const to = email ?? typed.trim();
    if (to !== '') request.mutate({ email: to });
  };
  const failure = request.error instanceof ApiError ? request.error.message : 'Sending failed. Try again.';
  return (
    <form onSubmit={send} className="space-y-3" noValidate>
      {!email && (
        <FormField label="Your email">
          <Input type="email" autoComplete="email" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </FormField>
      )}
      <Button type="submit" variant="secondary" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Resend'}
      </Button>
      {request.isSuccess && <Alert tone="success">{request.data.message}</Alert>}
      {request.isError && <Alert tone="error">{failure}</Alert>}
    </form>
  );
}
