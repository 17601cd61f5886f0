import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { useDisableTotp, useRegenerateRecoveryCodes, useTwoFactorStatus } from '../api/two-factor.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { ReauthDialog } from './reauth-dialog.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { TotpSetupDialog } from './totp-setup-dialog.tsx';

const rowClasses = 'flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between';
const iconClasses = 'mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400';
const hintClasses = 'text-sm text-slate-600 dark:text-slate-400';

/** Two-factor authentication: authenticator app, passkeys and recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = status.data;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <ShieldCheck aria-hidden="true" className={iconClasses} />
          <div>
            <h2 className="text-lg font-semibold">Two-Factor Authentication</h2>
            <p className={hintClasses}>A second step when you sign in, so a stolen password is not enough.</p>
          </div>
        </div>
        {data ? (
          <span className="self-start sm:self-center">
            <Badge tone={data.enabled ? 'success' : 'neutral'}>{data.enabled ? 'On' : 'Off'}</Badge>
          </span>
        ) : null}
      </CardHeader>
      <CardBody className="space-y-6">
        {status.isPending && <Spinner label="Loading two-factor settings" />}
        {status.isError && (
          <Alert tone="error">Two-factor settings could not be loaded. Please refresh the page.</Alert>
        )}
        {data ? (
          <>
            <section aria-labelledby="totp-heading" className={rowClasses}>
              <div className="flex items-start gap-3">
                <Smartphone aria-hidden="true" className={iconClasses} />
                <div>
                  <h3 id="totp-heading" className="font-medium">
                    Authenticator app {data.totp_enabled ? <Badge tone="success">On</Badge> : null}
                  </h3>
                  <p className={hintClasses}>A 6-digit code from an app on your phone.</p>
                </div>
              </div>
              {data.totp_enabled ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start"
                  onClick={() => setTurningOff(true)}
                >
                  Turn off
                </Button>
              ) : (
                <Button size="sm" className="self-start" onClick={() => setSettingUp(true)}>
                  Set up
                </Button>
              )}
            </section>
            <PasskeysSection passkeys={data.passkeys} onRecoveryCodes={setCodes} />
            {data.enabled ? (
              <section aria-labelledby="recovery-heading" className={rowClasses}>
                <div className="flex items-start gap-3">
                  <KeyRound aria-hidden="true" className={iconClasses} />
                  <div>
                    <h3 id="recovery-heading" className="font-medium">
                      Recovery codes
                    </h3>
                    <p className={hintClasses}>
                      {data.recovery_codes_remaining} of 10 left. Each signs you in once if you lose your
                      second factor.
                    </p>
                  </div>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start"
                  onClick={() => setRenewing(true)}
                >
                  Create new codes
                </Button>
              </section>
            ) : null}
          </>
        ) : null}
      </CardBody>
      <TotpSetupDialog
        open={settingUp}
        onOpenChange={setSettingUp}
        onEnabled={(first) => first && setCodes(first)}
      />
      <ReauthDialog
        open={turningOff}
        onOpenChange={setTurningOff}
        title="Turn off the authenticator app?"
        description="Confirm with your password or a current code. Signing in will no longer ask for a code from the app."
        action="Turn off"
        danger
        pending={disable.isPending}
        onConfirm={(proof) => disable.mutateAsync(proof)}
      />
      <ReauthDialog
        open={renewing}
        onOpenChange={setRenewing}
        title="Create new recovery codes?"
        description="Your current recovery codes will stop working. Confirm with your password or a current code."
        action="Create new codes"
        pending={regenerate.isPending}
        onConfirm={async (proof) => setCodes((await regenerate.mutateAsync(proof)).recovery_codes)}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Card>
  );
}
