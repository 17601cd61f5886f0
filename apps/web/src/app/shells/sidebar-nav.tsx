import {
  BarChart3,
  FilePlus2,
  FileText,
  Inbox,
  LayoutDashboard,
  LayoutTemplate,
  type LucideIcon,
  Settings,
  ShieldCheck,
  Sparkles,
  Trash2,
  Users,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { useCanEditWorkspace } from '../../lib/workspaces-api/current-workspace.ts';

type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  matches: (path: string) => boolean;
  /** Makes forms: shown to editors and above of the current workspace. */
  makes?: true;
  /** The instance administrator's pages: shown to that account only. */
  admin?: true;
};

const FORM_PAGE = /^\/forms\/[^/]+\/(edit|publish)$/;
const SUBMISSIONS_PAGE = /^\/forms\/[^/]+\/submissions$/;

// The sidebar links; `matches` also lights a link for the pages reached from it.
const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, matches: (p) => p === '/dashboard' },
  {
    to: '/dashboard/forms',
    label: 'Forms',
    icon: FileText,
    matches: (p) => p.startsWith('/dashboard/forms') || FORM_PAGE.test(p),
  },
  {
    to: '/dashboard/analytics',
    label: 'Analytics',
    icon: BarChart3,
    matches: (p) => p.startsWith('/dashboard/analytics'),
  },
  {
    to: '/dashboard/submissions',
    label: 'Submissions',
    icon: Inbox,
    matches: (p) => p.startsWith('/dashboard/submissions') || SUBMISSIONS_PAGE.test(p),
  },
  {
    to: '/dashboard/trash',
    label: 'Trash',
    icon: Trash2,
    matches: (p) => p === '/dashboard/trash',
  },
  {
    to: '/dashboard/workspace',
    label: 'Members',
    icon: Users,
    matches: (p) => p.startsWith('/dashboard/workspace'),
  },
  {
    to: '/dashboard/settings',
    label: 'Settings',
    icon: Settings,
    matches: (p) => /^\/dashboard\/(settings|profile|billing)/.test(p) || p === '/password-reset',
  },
  {
    to: '/dashboard/admin/sso',
    label: 'Server SSO',
    admin: true,
    icon: ShieldCheck,
    matches: (p) => p.startsWith('/dashboard/admin'),
  },
  {
    to: '/forms/new',
    label: 'Create Form',
    makes: true,
    icon: FilePlus2,
    matches: (p) => p === '/forms/new' || p === '/create',
  },
  {
    to: '/templates',
    label: 'Templates',
    makes: true,
    icon: LayoutTemplate,
    matches: (p) => p === '/templates',
  },
  {
    to: '/forms/ai-builder',
    label: 'AI Form Builder',
    makes: true,
    icon: Sparkles,
    matches: (p) => p === '/forms/ai-builder',
  },
];

/** The sidebar's links with the current page highlighted (aria-current="page"). */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const path = useLocation().pathname.replace(/\/+$/, '') || '/';
  const canEdit = useCanEditWorkspace();
  const isAdmin = useCurrentUser().data?.role === 'admin';
  const items = NAV_ITEMS.filter((item) => (canEdit || !item.makes) && (isAdmin || !item.admin));
  return (
    <nav aria-label="Sidebar" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {items.map(({ to, label, icon: Icon, matches }) => {
          const active = matches(path);
          return (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  active
                    ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-white'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'h-5 w-5 shrink-0',
                    active ? 'text-brand-600 dark:text-brand-100' : 'text-slate-500 dark:text-slate-400',
                  )}
                />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
