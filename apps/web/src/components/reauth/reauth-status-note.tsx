import { ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useReauthStatus } from '../../lib/reauth-api/get-reauth-status.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardBody } from '../ui/card.tsx';
import { formatProofAge, formatTimeLeft } from './format-proof-age.ts';
import { useRequestProof } from './with-reauth.ts';

/** Re-renders every 15 seconds, so the ages shown move on with the clock. */
function useTick(ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * "Identity confirmed 3 minutes ago": whether changes to sign-in methods, API keys, alerts and
 * end-to-end encryption go through now or will first ask for the password or a code.
 */
export function ReauthStatusNote() {
  const status = useReauthStatus();
  const requestProof = useRequestProof();
  const now = useTick();
  if (!status.data) return null;
  const elapsed = Math.max(0, Math.floor((now - status.dataUpdatedAt) / 1000));
  const age = status.data.age_seconds + elapsed;
  const left = Math.max(0, status.data.seconds_left - elapsed);
  const Icon = left > 0 ? ShieldCheck : ShieldQuestion;

  return (
    <Card>
      <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" />
          <div className="text-sm">
            <p className="font-medium text-slate-900 dark:text-white">
              Identity confirmed {formatProofAge(age)}
            </p>
            <p className="text-slate-600 dark:text-slate-400">
              {left > 0
                ? `For ${formatTimeLeft(left)} more, you can change passkeys, the authenticator app, API keys, alerts and end-to-end encryption, or delete the account, without confirming again.`
                : 'Changing passkeys, the authenticator app, API keys, alerts or end-to-end encryption, or deleting the account, will first ask for your password, a code or a passkey.'}
            </p>
          </div>
        </div>
        {left > 0 ? null : (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0 self-start sm:self-center"
            onClick={() =>
              // Cancelling leaves the note as it is: it already says what happens next.
              requestProof().catch(() => undefined)
            }
          >
            Confirm now
          </Button>
        )}
      </CardBody>
    </Card>
  );
}
