import { useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useResendVerification } from '../../lib/account-api/resend-verification.ts';
import { ApiError } from '../../lib/api-client.ts';
import { currentUserQueryKey, useCurrentUser } from '../../lib/session.ts';

/** Above every dashboard page while the account's address is unverified: publishing waits for it. */
export function VerifyBanner() {
  const user = useCurrentUser();
  const client = useQueryClient();
  const resend = useResendVerification();
  if (user.data?.is_verified !== false) return null;
  const send = () =>
    resend.mutate(undefined, {
      // Verified meanwhile (in another tab): the fresh user hides the banner.
      onSuccess: (answer) => {
        if (answer.is_verified) void client.invalidateQueries({ queryKey: currentUserQueryKey });
      },
    });
  const failure =
    resend.error instanceof ApiError
      ? resend.error.message
      : resend.isError
        ? 'Sending failed. Try again.'
        : null;
  return (
    <section
      aria-label="Email verification"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <MailWarning aria-hidden="true" className="h-5 w-5 shrink-0" />
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">Verify your email to publish forms.</strong> Open the link we
          mailed to <span className="font-medium break-all">{user.data.email}</span>.
        </p>
        <Button size="sm" variant="secondary" onClick={send} disabled={resend.isPending}>
          {resend.isPending ? 'Sending…' : 'Resend email'}
        </Button>
      </div>
      <p aria-live="polite" className="mt-1 empty:hidden">
        {resend.isSuccess ? resend.data.message : failure}
      </p>
    </section>
  );
}
