import { Navigate, Outlet, useLocation } from 'react-router';
import { getAuthToken } from '../lib/auth-token.ts';

/** Route guard: without a live token, go to /login?returnUrl=<path and query>. */
export function RequireAuth() {
  const location = useLocation();
  if (!getAuthToken()) {
    const returnUrl = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?returnUrl=${returnUrl}`} replace />;
  }
  return <Outlet />;
}
