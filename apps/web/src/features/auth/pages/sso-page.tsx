import { ssoStartBody } from '@formsmith/core/sso/api';
import { Building2, Link2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, AuthIcon, linkClasses } from '../../../components/auth-card.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useCollectSsoSession, useLinkSso, useStartSso } from '../api/sso.ts';
import { useZodForm } from '../hooks/use-zod-form.ts';
import { returnUrlQuery } from '../lib/return-url.ts';

const FAILED = 'Single sign-on failed. Try again; if it keeps failing, ask your administrator.';
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FAILED);

/** "Sign in with SSO": the work address decides the workspace, and so the provider. */
export function SsoStartPage() {
  const form = useZodForm(ssoStartBody, { email: '' });
  const start = useStartSso();
  const onSubmit = form.handleSubmit((data) => start.mutate(data.email));
  return (
    <AuthCard
      title="Sign in with SSO"
      description="Enter your work email: your organisation's sign-in page opens next."
      icon={
        <AuthIcon>
          <Building2 className="h-6 w-6" />
        </AuthIcon>
      }
      footer={
        <Link to="/login" className={linkClasses}>
          Sign in with a password instead
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {start.isError ? <Alert tone="error">{messageOf(start.error)}</Alert> : null}
        <FormField label="Work email" error={form.errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={start.isPending || start.isSuccess}>
          {start.isPending || start.isSuccess ? 'Opening your sign-in page...' : 'Continue'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** Where the provider's sign-in ends: the session is collected, or the reason it failed shown. */
export function SsoReturnPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  if (params.get('link') === '1') return <SsoLinkCard reason={error} />;
  if (error) return <SsoErrorCard message={error} />;
  return <SsoCollect />;
}

function SsoCollect() {
  const navigate = useNavigate();
  const collect = useCollectSsoSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    collect.mutate(undefined, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  }, [collect, navigate]);
  if (collect.isError) return <SsoErrorCard message={messageOf(collect.error)} />;
  return (
    <AuthCard title="Signing you in" description="Please wait while we finish your single sign-on.">
      <div className="flex justify-center">
        <Spinner label="Signing you in" />
      </div>
    </AuthCard>
  );
}

function SsoErrorCard({ message }: { message: string }) {
  return (
    <AuthCard
      title="Single sign-on failed"
      icon={
        <AuthIcon tone="error">
          <TriangleAlert className="h-6 w-6" />
        </AuthIcon>
      }
      description={<span role="alert">{message}</span>}
    >
      <div className="flex flex-col gap-3">
        <Link to="/sso" className={`${buttonClasses('primary')} w-full`}>
          Try again
        </Link>
        <Link to="/login" className={`${buttonClasses('secondary')} w-full`}>
          Sign in with password
        </Link>
      </div>
    </AuthCard>
  );
}

/**
 * An account already has the address: it is linked only once it proves itself, in this browser,
 * with its password or a login link; the way back here is the sign-in's return address.
 */
function SsoLinkCard({ reason }: { reason: string | null }) {
  const navigate = useNavigate();
  const link = useLinkSso();
  const back = returnUrlQuery('/login/sso?link=1');
  return (
    <AuthCard
      title="Link single sign-on"
      icon={
        <AuthIcon>
          <Link2 className="h-6 w-6" />
        </AuthIcon>
      }
      description={
        reason ?? 'Once you are signed in to your account in this browser, link single sign-on to it.'
      }
    >
      <div className="flex flex-col gap-3">
        {link.isError ? <Alert tone="error">{messageOf(link.error)}</Alert> : null}
        <Link to={`/login${back}`} className={`${buttonClasses('secondary')} w-full`}>
          Sign in to your account
        </Link>
        <Button
          className="w-full"
          disabled={link.isPending}
          onClick={() =>
            link.mutate(undefined, { onSuccess: () => navigate('/dashboard', { replace: true }) })
          }
        >
          {link.isPending ? 'Linking...' : 'Link single sign-on to my account'}
        </Button>
      </div>
    </AuthCard>
  );
}
