import { DAY_MS } from '@formsmith/core/time';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/feedback.tsx';
import { refreshToken } from '../lib/api-client.ts';
import { clearAuthToken, getAuthToken } from '../lib/auth-token.ts';
import { currentUserQueryOptions, tokenTimeLeft } from '../lib/session.ts';
import { workspacesQueryOptions } from '../lib/workspaces-api/list-workspaces.ts';

// Timers cannot wait longer than 2^31-1 ms.
const MAX_TIMER_MS = 2 ** 31 - 1;

const refreshThreshold = (lifetime: number | null) =>
  lifetime === null ? DAY_MS : Math.min(DAY_MS, lifetime / 2);

/**
 * Keeps the token fresh while a protected page is open: refreshes it once less than a day (or, for
 * short sessions, half their lifetime) is left. `ready` stays false while a refresh due at start-up
 * runs, so no request goes out with the token being replaced; `expired` turns true once it ran out.
 */
function useTokenRefresh(active: boolean): { ready: boolean; expired: boolean } {
  const [expired, setExpired] = useState(false);
  const [ready, setReady] = useState(() => tokenTimeLeft() > refreshThreshold(null));
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lifetime: number | null = null;
    let cancelled = false;
    const check = async () => {
      const left = tokenTimeLeft();
      if (left <= 0) return setExpired(true);
      if (left <= refreshThreshold(lifetime)) {
        const ok = await refreshToken();
        if (cancelled) return;
        // A failed refresh keeps the old token until it runs out.
        lifetime = ok ? tokenTimeLeft() : left;
        setReady(true);
        if (!ok) {
          timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
          return;
        }
      }
      setReady(true);
      const wait = tokenTimeLeft() - refreshThreshold(lifetime);
      timer = setTimeout(check, Math.min(Math.max(wait, 1000), MAX_TIMER_MS));
    };
    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active]);
  return { ready, expired };
}

/**
 * Route guard: without a live token go to /login?returnUrl=<path and query>. At start it loads the
 * current user and their workspaces side by side (loading state meanwhile), so every signed-in
 * page knows its workspace at once; if the user fails the token is forgotten and login follows.
 */
export function RequireAuth() {
  const location = useLocation();
  const hasToken = getAuthToken() !== null;
  const { ready, expired } = useTokenRefresh(hasToken);
  const user = useQuery({ ...currentUserQueryOptions, enabled: hasToken && ready });
  const workspaces = useQuery({ ...workspacesQueryOptions(), enabled: hasToken && ready });
  const failed = !hasToken || expired || (user.isError && !user.data);

  useEffect(() => {
    if (failed) clearAuthToken();
  }, [failed]);

  if (failed) {
    const returnUrl = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?returnUrl=${returnUrl}`} replace />;
  }
  if (workspaces.isError && !workspaces.data) {
    return (
      <div
        role="alert"
        className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center text-slate-700 dark:bg-slate-950 dark:text-slate-200"
      >
        <p>Your workspaces could not be loaded: {workspaces.error.message}</p>
        <Button onClick={() => workspaces.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!ready || !user.data || !workspaces.data) {
    return (
      <div className="flex min-h-screen items-center justify-center gap-3 bg-slate-50 text-slate-600 dark:bg-slate-950 dark:text-slate-300">
        <Spinner label="Loading your account" />
        <span aria-hidden="true">Loading...</span>
      </div>
    );
  }
  return <Outlet />;
}
