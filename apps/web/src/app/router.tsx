import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, redirect } from 'react-router';
import { RouteErrorBoundary } from '../components/ui/error-boundary.tsx';
import { Spinner } from '../components/ui/feedback.tsx';
import { instanceQueryOptions } from '../lib/instance-api/get-instance.ts';
import { queryClient } from './providers.tsx';
import { RequireAuth } from './require-auth.tsx';
import { PublicShell } from './shells/public-shell.tsx';

/** Route-level code splitting: each page loads its own chunk. */
function page(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await load() });
}

/**
 * `/` is the operator's choice (HOME_PAGE): the server answers a page load of it, and this the
 * web app's own moves to it (a logo, a footer link). A failed read shows the landing page.
 */
async function homeLoader() {
  const settings = await queryClient.ensureQueryData(instanceQueryOptions()).catch(() => null);
  const home = settings?.home_page;
  if (home?.kind === 'signin') return redirect('/login');
  if (home?.kind === 'redirect') {
    window.location.replace(home.url);
    // The page is leaving: nothing is rendered meanwhile.
    return new Promise<never>(() => {});
  }
  return null;
}

const publicRoutes: RouteObject[] = [
  {
    index: true,
    loader: homeLoader,
    lazy: page(async () => (await import('../features/landing/landing-page.tsx')).LandingPage),
  },
  {
    path: 'privacy',
    lazy: page(async () => (await import('../features/legal/privacy-page.tsx')).PrivacyPage),
  },
  { path: 'terms', lazy: page(async () => (await import('../features/legal/terms-page.tsx')).TermsPage) },
  { path: 'help', lazy: page(async () => (await import('../features/help/help-page.tsx')).HelpPage) },
  { path: 'demo', lazy: page(async () => (await import('../features/demo/demo-page.tsx')).DemoPage) },
  {
    path: 'login',
    lazy: page(async () => (await import('../features/auth/pages/login-page.tsx')).LoginPage),
  },
  {
    path: 'sso',
    lazy: page(async () => (await import('../features/auth/pages/sso-page.tsx')).SsoStartPage),
  },
  {
    path: 'login/sso',
    lazy: page(async () => (await import('../features/auth/pages/sso-page.tsx')).SsoReturnPage),
  },
  {
    path: 'register',
    lazy: page(async () => (await import('../features/auth/pages/register-page.tsx')).RegisterPage),
  },
  {
    path: 'register-success',
    lazy: page(
      async () => (await import('../features/auth/pages/register-success-page.tsx')).RegisterSuccessPage,
    ),
  },
  {
    path: 'magic-link',
    lazy: page(async () => (await import('../features/auth/pages/magic-link-page.tsx')).MagicLinkPage),
  },
  {
    path: 'magic-link-sent',
    lazy: page(
      async () => (await import('../features/auth/pages/magic-link-sent-page.tsx')).MagicLinkSentPage,
    ),
  },
  {
    path: 'magic-link/:token',
    lazy: page(
      async () => (await import('../features/auth/pages/magic-link-login-page.tsx')).MagicLinkLoginPage,
    ),
  },
  {
    path: 'verify-email',
    lazy: page(async () => (await import('../features/auth/pages/verify-email-page.tsx')).VerifyEmailPage),
  },
  {
    path: 'verify_email/:token',
    lazy: page(async () => (await import('../features/auth/pages/verify-email-page.tsx')).VerifyEmailPage),
  },
  {
    path: 'invitations/:token',
    lazy: page(async () => (await import('../features/workspaces/invitation-page.tsx')).InvitationPage),
  },
  {
    path: 'forgot-password',
    lazy: page(
      async () => (await import('../features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage,
    ),
  },
  {
    path: 'reset-password',
    lazy: page(
      async () => (await import('../features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage,
    ),
  },
];

const editor = page(
  async () => (await import('../features/forms/editor/form-editor-page.tsx')).FormEditorPage,
);

const protectedRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: page(async () => (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage),
  },
  { path: 'forms/new', lazy: editor },
  {
    path: 'templates',
    lazy: page(async () => (await import('../features/forms/templates/templates-page.tsx')).TemplatesPage),
  },
  { path: 'create', lazy: editor },
  { path: 'forms/ai-builder', lazy: editor },
  { path: 'forms/:formId/edit', lazy: editor },
  {
    path: 'forms/:formId/submissions',
    lazy: page(async () => (await import('../features/submissions/submissions-page.tsx')).SubmissionsPage),
  },
  {
    path: 'forms/:formId/settings',
    lazy: page(
      async () => (await import('../features/forms/settings/form-settings-page.tsx')).FormSettingsPage,
    ),
  },
  {
    path: 'forms/:formId/publish',
    lazy: page(async () => (await import('../features/forms/publish/publish-page.tsx')).PublishPage),
  },
  {
    path: 'dashboard/forms',
    lazy: page(async () => (await import('../features/forms/list/forms-list-page.tsx')).FormsListPage),
  },
  {
    path: 'dashboard/trash',
    lazy: page(async () => (await import('../features/trash/trash-page.tsx')).TrashPage),
  },
  {
    path: 'dashboard/submissions',
    lazy: page(async () => (await import('../features/forms/list/forms-list-page.tsx')).FormsListPage),
  },
  {
    path: 'dashboard/analytics',
    lazy: page(async () => (await import('../features/analytics/analytics-page.tsx')).AnalyticsPage),
  },
  {
    path: 'dashboard/workspace',
    lazy: page(async () => (await import('../features/workspaces/members-page.tsx')).MembersPage),
  },
  {
    path: 'dashboard/workspace/audit',
    lazy: page(async () => (await import('../features/workspaces/audit-page.tsx')).AuditPage),
  },
  {
    path: 'dashboard/settings',
    lazy: page(async () => (await import('../features/settings/settings-page.tsx')).SettingsPage),
  },
  {
    path: 'dashboard/profile',
    lazy: page(async () => (await import('../features/settings/profile-page.tsx')).ProfilePage),
  },
  {
    path: 'dashboard/search',
    lazy: page(async () => (await import('../features/search/search-page.tsx')).SearchPage),
  },
  {
    path: 'dashboard/notifications',
    lazy: page(
      async () => (await import('../features/notifications/notifications-page.tsx')).NotificationsPage,
    ),
  },
  {
    path: 'dashboard/admin/sso',
    lazy: page(async () => (await import('../features/admin/admin-sso-page.tsx')).AdminSsoPage),
  },
  {
    path: 'dashboard/billing',
    lazy: page(async () => (await import('../features/billing/billing-page.tsx')).BillingPage),
  },
  {
    path: 'password-reset',
    lazy: page(async () => (await import('../features/settings/password-reset-page.tsx')).PasswordResetPage),
  },
];

/** Shown while the first page's code loads (the router's initial render before lazy routes resolve). */
function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading" />
    </div>
  );
}

export const router = createBrowserRouter([
  {
    element: <PublicShell />,
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: PageLoading,
    children: publicRoutes,
  },
  {
    element: <RequireAuth />,
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: PageLoading,
    // The shell loads with the first protected page, keeping it out of the public pages' bundle.
    children: [
      {
        lazy: page(async () => (await import('./shells/dashboard-shell.tsx')).DashboardShell),
        children: protectedRoutes,
      },
      // Outside the dashboard's frame: printed, the page holds the report alone.
      {
        path: 'forms/:formId/report',
        lazy: page(
          async () => (await import('../features/submissions/summary-report-page.tsx')).SummaryReportPage,
        ),
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
