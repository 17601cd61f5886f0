export type ShellTitle =
  | 'Dashboard'
  | 'Forms'
  | 'Analytics'
  | 'Settings'
  | 'Profile'
  | 'Form Submissions'
  | 'Search'
  | 'Notifications'
  | 'Trash'
  | 'Members'
  | 'Audit log'
  | 'Templates'
  | 'Server SSO';

/** The authenticated top bar's title for a path. */
export function shellTitleFor(pathname: string): ShellTitle {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/dashboard/submissions' || /^\/forms\/[^/]+\/submissions$/.test(path))
    return 'Form Submissions';
  if (path.startsWith('/dashboard/forms') || path === '/create' || path.startsWith('/forms/')) return 'Forms';
  if (path.startsWith('/dashboard/analytics')) return 'Analytics';
  if (path === '/dashboard/trash') return 'Trash';
  if (path === '/dashboard/workspace/audit') return 'Audit log';
  if (path === '/dashboard/workspace') return 'Members';
  if (path === '/templates') return 'Templates';
  if (path.startsWith('/dashboard/settings') || path.startsWith('/dashboard/billing')) return 'Settings';
  if (path.startsWith('/dashboard/profile') || path === '/password-reset') return 'Profile';
  if (path.startsWith('/dashboard/search')) return 'Search';
  if (path.startsWith('/dashboard/notifications')) return 'Notifications';
  if (path.startsWith('/dashboard/admin')) return 'Server SSO';
  return 'Dashboard';
}
