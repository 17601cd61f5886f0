import type { InvitationPeek } from '@formsmith/core/workspaces/members';
import { useQuery } from '@tanstack/react-query';
import { CircleX, UsersRound } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard, AuthIcon } from '../../components/auth-card.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { ROLE_LABELS } from '../../components/workspaces/roles.ts';
import { failureMessage } from '../../lib/field-messages.ts';
import { currentUserQueryOptions, signOut, tokenTimeLeft } from '../../lib/session.ts';
import { useAcceptInvitation, useInvitation } from './api/invitation-link.ts';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** "Olivia invited you to Acme as an editor." */
function invitationText(peek: InvitationPeek): string {
  const role = ROLE_LABELS[peek.role].toLowerCase();
  const who = peek.invited_by ?? 'Someone';
  return `${who} invited you to ${peek.workspace_name} as ${article(role)} ${role}.`;
}

/**
 * /invitations/:token, the mailed link. Shows what it offers; signed in with the invited address,
 * Accept joins and opens the workspace's forms; with another address it says so and offers to
 * sign out; signed out, signing in or creating an account comes back here.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const peek = useInvitation(token);

  if (peek.isPending)
    return (
      <AuthCard title="Invitation">
        <div className="flex justify-center">
          <Spinner label="Reading the invitation" />
        </div>
      </AuthCard>
    );
  if (peek.isError)
    return (
      <AuthCard
        title="This invitation cannot be used"
        icon={
          <AuthIcon tone="error">
            <CircleX className="h-6 w-6" />
          </AuthIcon>
        }
        description={<span role="alert">{failureMessage(peek.error)}</span>}
      >
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Ask the person who invited you to send a new one.
        </p>
      </AuthCard>
    );

  return (
    <AuthCard
      title={`Join ${peek.data.workspace_name}`}
      icon={
        <AuthIcon>
          <UsersRound className="h-6 w-6" />
        </AuthIcon>
      }
      description={invitationText(peek.data)}
    >
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Sent to <strong className="break-all text-slate-900 dark:text-white">{peek.data.email}</strong>
      </p>
      {tokenTimeLeft() > 0 ? (
        <SignedIn token={token} peek={peek.data} />
      ) : (
        <SignedOut token={token} email={peek.data.email} />
      )}
    </AuthCard>
  );
}

function SignedOut({ token, email }: { token: string; email: string }) {
  const back = encodeURIComponent(`/invitations/${token}`);
  return (
    <div className="space-y-3">
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Sign in with that address, or create an account with it, to accept.
      </p>
      <Link
        to={`/login?returnUrl=${back}`}
        state={{ email }}
        className={`${buttonClasses('primary')} w-full`}
      >
        Sign in
      </Link>
      <Link
        to={`/register?returnUrl=${back}`}
        state={{ email }}
        className={`${buttonClasses('secondary')} w-full`}
      >
        Create an account
      </Link>
    </div>
  );
}

function SignedIn({ token, peek }: { token: string; peek: InvitationPeek }) {
  const user = useQuery(currentUserQueryOptions);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();

  if (user.isPending) return <Spinner label="Loading your account" className="mx-auto flex justify-center" />;
  if (user.isError) return <Alert tone="error">{failureMessage(user.error)}</Alert>;

  if (user.data.email.toLowerCase() !== peek.email.toLowerCase())
    return (
      <div className="space-y-3">
        <Alert tone="warning">
          You are signed in as <strong className="break-all">{user.data.email}</strong>. This invitation was
          sent to another address: sign out, then sign in with {peek.email} to accept it.
        </Alert>
        <Button className="w-full" onClick={() => void signOut(`/invitations/${token}`)}>
          Sign out
        </Button>
      </div>
    );

  return (
    <div className="space-y-3">
      {accept.isError && <Alert tone="error">{failureMessage(accept.error)}</Alert>}
      <Button
        className="w-full"
        disabled={accept.isPending}
        onClick={() => accept.mutate(undefined, { onSuccess: () => navigate('/dashboard/forms') })}
      >
        {accept.isPending ? 'Joining…' : `Accept and join ${peek.workspace_name}`}
      </Button>
    </div>
  );
}
