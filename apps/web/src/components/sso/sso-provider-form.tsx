import {
  SSO_DEFAULT_ROLES,
  SSO_MESSAGES,
  type SsoConnection,
  type SsoConnectionAnswer,
  type SsoConnectionInput,
  ssoConnectionBody,
} from '@formsmith/core/sso/api';
import { Check } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { failureMessage, fieldMessages } from '../../lib/field-messages.ts';
import { ReauthCancelledError } from '../reauth/with-reauth.ts';
import { Button } from '../ui/button.tsx';
import { type ConfirmAction, ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Alert, Badge } from '../ui/feedback.tsx';
import { FormField } from '../ui/form-field.tsx';
import { CheckboxField, Input, Select } from '../ui/input.tsx';
import { ROLE_HINTS, ROLE_LABELS } from '../workspaces/roles.ts';

// The single sign-on provider's form, shared by a workspace's SSO card and the instance
// administrator's page: one form, two owners of a connection.

const UNITS = { minutes: 60, hours: 3600, days: 86400 } as const;
type Unit = keyof typeof UNITS;

/** A stored length shown in the largest unit that holds it whole (8 hours, not 480 minutes). */
function splitSeconds(seconds: number | null): { amount: string; unit: Unit } {
  if (seconds === null) return { amount: '', unit: 'hours' };
  const unit = (['days', 'hours', 'minutes'] as const).find((u) => seconds % UNITS[u] === 0) ?? 'minutes';
  return { amount: String(seconds / UNITS[unit]), unit };
}

type Draft = {
  issuer: string;
  display_name: string;
  client_id: string;
  client_secret: string;
  default_role: (typeof SSO_DEFAULT_ROLES)[number];
  enforced: boolean;
  amount: string;
  unit: Unit;
};

function draftOf(connection: SsoConnection | null, kind: keyof typeof KINDS): Draft {
  return {
    issuer: connection?.issuer ?? '',
    display_name: connection?.display_name ?? '',
    client_id: connection?.client_id ?? '',
    client_secret: '',
    default_role: connection?.default_role ?? KINDS[kind].newRole,
    enforced: connection?.enforced ?? false,
    ...splitSeconds(connection?.session_max_age_seconds ?? null),
  };
}

/** The differences between a workspace's provider and the instance's own. */
const KINDS = {
  workspace: {
    // A workspace's own provider signs in its colleagues; the server's anyone of an assigned domain.
    newRole: 'editor',
    roleLabel: 'Role of people who join through it',
    removeDescription:
      "Members sign in with their password or a login link again; their accounts stay. People of the workspace's domains no longer join by signing in.",
  },
  instance: {
    newRole: 'viewer',
    roleLabel: "Role in a domain's workspace without a provider of its own",
    removeDescription:
      'Nobody can sign in through it any more; the accounts it made stay and sign in with a password reset or a login link.',
  },
} as const;

/** What the form needs of the save and remove calls (TanStack's useMutation answers fit). */
export type SsoSave = {
  mutate: (body: SsoConnectionInput, options?: { onSuccess?: () => void }) => void;
  isPending: boolean;
  error: Error | null;
};

/**
 * The provider's form: the addresses to register at the provider, the email domains (read-only),
 * the issuer, client and choices; for a workspace's provider (`kind` workspace, which may require
 * SSO of members) or the instance's own (`kind` instance, which has nothing to require).
 */
export function SsoProviderForm({
  kind,
  answer,
  save,
  remove,
  saved,
  onSaved,
}: {
  kind: keyof typeof KINDS;
  answer: SsoConnectionAnswer;
  save: SsoSave;
  remove: ConfirmAction;
  saved: boolean;
  onSaved: () => void;
}) {
  const texts = KINDS[kind];
  const { connection } = answer;
  const [draft, setDraft] = useState(() => draftOf(connection, kind));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = draft.amount.trim();
    const parsed = ssoConnectionBody.safeParse({
      issuer: draft.issuer.trim(),
      display_name: draft.display_name.trim() || null,
      client_id: draft.client_id,
      // Left out when empty: the server keeps the secret it holds.
      ...(draft.client_secret ? { client_secret: draft.client_secret } : {}),
      default_role: draft.default_role,
      enforced: draft.enforced,
      session_max_age_seconds: amount === '' ? null : Number(amount) * UNITS[draft.unit],
    });
    const messages = parsed.success ? {} : fieldMessages(parsed.error);
    // A first connection has no stored secret to keep.
    if (!connection && !draft.client_secret) messages.client_secret = SSO_MESSAGES.secretRequired;
    setErrors(messages);
    if (!parsed.success || Object.keys(messages).length > 0) return;
    save.mutate(parsed.data, { onSuccess: onSaved });
  };

  // Cancelling the identity check changes nothing and needs no message; the server's reasons show in place.
  const serverError = save.error instanceof ReauthCancelledError ? null : save.error;
  const serverFields = serverError instanceof ApiError ? (serverError.fields ?? {}) : {};
  const fieldError = (field: string): string | undefined => errors[field] ?? serverFields[field];

  return (
    <>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="font-medium text-slate-900 dark:text-white">Redirect URI</dt>
          <dd className="text-slate-600 dark:text-slate-400">
            Register it at your provider for this client.
          </dd>
          <dd className="mt-1 break-all font-mono text-xs">{answer.redirect_uri}</dd>
        </div>
        <div className="min-w-0">
          <dt className="font-medium text-slate-900 dark:text-white">Back-channel logout URI</dt>
          <dd className="text-slate-600 dark:text-slate-400">
            Optional: signing out at the provider then ends the sessions it opened here.
          </dd>
          <dd className="mt-1 break-all font-mono text-xs">{answer.backchannel_logout_uri}</dd>
        </div>
        {/* The instance's page lists every domain in a table of its own. */}
        {kind === 'workspace' && (
          <div className="min-w-0 sm:col-span-2">
            <dt className="font-medium text-slate-900 dark:text-white">Email domains</dt>
            {answer.domains.length > 0 ? (
              <dd className="mt-1 flex flex-wrap gap-2">
                {answer.domains.map((domain) => (
                  <Badge key={domain}>{domain}</Badge>
                ))}
              </dd>
            ) : (
              <dd className="text-slate-600 dark:text-slate-400">
                None yet: the administrator of this Formsmith instance gives domains to workspaces.
              </dd>
            )}
          </div>
        )}
      </dl>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4"
        aria-label={kind === 'instance' ? 'Server-wide single sign-on provider' : 'Single sign-on provider'}
      >
        <FormField
          label="Issuer URL"
          required
          error={fieldError('issuer')}
          hint="The provider's address; its /.well-known/openid-configuration is read on save."
        >
          <Input
            type="url"
            inputMode="url"
            placeholder="https://login.example.org"
            value={draft.issuer}
            onChange={(e) => set('issuer', e.target.value)}
          />
        </FormField>
        <FormField
          label="Display name"
          error={fieldError('display_name')}
          hint={
            'Shown on the login page as "Sign in with <name>" and in messages; empty: the issuer\'s host.'
          }
        >
          <Input
            autoComplete="off"
            placeholder="Acme Keycloak"
            value={draft.display_name}
            onChange={(e) => set('display_name', e.target.value)}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Client id" required error={fieldError('client_id')}>
            <Input
              autoComplete="off"
              value={draft.client_id}
              onChange={(e) => set('client_id', e.target.value)}
            />
          </FormField>
          <FormField
            label="Client secret"
            required={!connection}
            error={fieldError('client_secret')}
            hint={connection ? 'Set. Leave empty to keep it; type a new one to replace it.' : undefined}
          >
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={connection ? 'Set (hidden)' : undefined}
              value={draft.client_secret}
              onChange={(e) => set('client_secret', e.target.value)}
            />
          </FormField>
        </div>
        <FormField
          label={texts.roleLabel}
          error={fieldError('default_role')}
          hint={ROLE_HINTS[draft.default_role]}
        >
          <Select
            value={draft.default_role}
            onChange={(e) => set('default_role', e.target.value as Draft['default_role'])}
          >
            {SSO_DEFAULT_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </FormField>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Session length</legend>
          <div className="flex max-w-sm gap-2">
            <Input
              aria-label="Session length"
              aria-describedby="sso-session-hint"
              aria-invalid={fieldError('session_max_age_seconds') ? true : undefined}
              inputMode="numeric"
              className="w-28"
              placeholder="Default"
              value={draft.amount}
              onChange={(e) => set('amount', e.target.value)}
            />
            <Select
              aria-label="Unit"
              className="w-32"
              value={draft.unit}
              onChange={(e) => set('unit', e.target.value as Unit)}
            >
              {Object.keys(UNITS).map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </Select>
          </div>
          <p
            id="sso-session-hint"
            className={
              fieldError('session_max_age_seconds')
                ? 'text-sm text-red-600 dark:text-red-400'
                : 'text-sm text-slate-600 dark:text-slate-400'
            }
          >
            {fieldError('session_max_age_seconds') ??
              'How long a sign-in through the provider lasts, refreshes included (5 minutes to 30 days). Empty: as any other sign-in.'}
          </p>
        </fieldset>
        {kind === 'workspace' && (
          <CheckboxField
            label={
              <>
                <span className="font-medium">Require SSO for members</span>
                <span className="block text-slate-600 dark:text-slate-400">
                  Members sign in only through the provider; owners keep their password and login link in case
                  the provider is down.
                </span>
              </>
            }
            checked={draft.enforced}
            onChange={(e) => set('enforced', e.target.checked)}
          />
        )}
        {serverError && Object.keys(serverFields).length === 0 && (
          <Alert tone="error">{failureMessage(serverError)}</Alert>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Checking the provider…' : connection ? 'Save changes' : 'Connect provider'}
          </Button>
          {connection && (
            <Button variant="secondary" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          )}
          <p role="status" className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
            {saved && (
              <>
                <Check aria-hidden="true" className="h-4 w-4 text-green-600 dark:text-green-400" />
                Saved
              </>
            )}
          </p>
        </div>
      </form>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove single sign-on?"
        description={texts.removeDescription}
        confirmLabel="Remove"
        action={remove}
      />
    </>
  );
}
