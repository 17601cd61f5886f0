import { ChevronDown, CreditCard, LogOut, Settings, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { signOut, useCurrentUser } from '../../lib/session.ts';

/** A menu item's look, shared by the top bar's menus and the workspace switcher. */
export const MENU_ITEM =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

/**
 * Avatar button opening the account menu: name and email, Settings, Profile, Billing, 'Sign out'.
 * The menu renders in place (no portal) so it stays inside the top bar's banner landmark.
 */
export function UserMenu() {
  const { data: user, isPending } = useCurrentUser();
  const name = user?.name || user?.email || (isPending ? 'Loading…' : 'Account');
  const initial = (user?.name || user?.email || '?').trim().charAt(0).toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`User menu: ${name}`}
        className="flex h-9 shrink-0 items-center gap-2 rounded-lg px-1 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 sm:pr-2 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
      >
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-violet-600 text-xs font-semibold text-white"
        >
          {initial}
        </span>
        <span className="hidden max-w-32 truncate xl:inline">{name}</span>
        <ChevronDown
          aria-hidden="true"
          className="hidden h-4 w-4 text-slate-500 sm:block dark:text-slate-400"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        <DropdownMenu.Label className="px-2.5 py-2">
          <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">{name}</span>
          {user?.email ? (
            <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</span>
          ) : null}
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <DropdownMenu.Item asChild className={MENU_ITEM}>
          <Link to="/dashboard/settings">
            <Settings aria-hidden="true" className="h-4 w-4" />
            Settings
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={MENU_ITEM}>
          <Link to="/dashboard/profile">
            <User aria-hidden="true" className="h-4 w-4" />
            Profile
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={MENU_ITEM}>
          <Link to="/dashboard/billing">
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            Billing
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <DropdownMenu.Item className={MENU_ITEM} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Sign out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
