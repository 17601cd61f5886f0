import { Check, ChevronsUpDown, Plus, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NewWorkspaceDialog } from '../../components/workspaces/new-workspace-dialog.tsx';
import { ROLE_LABELS } from '../../components/workspaces/roles.ts';
import { cn } from '../../lib/cn.ts';
import { setCurrentWorkspaceId, useCurrentWorkspace } from '../../lib/workspaces-api/current-workspace.ts';
import { MENU_ITEM } from './user-menu.tsx';

/**
 * Where to go after switching: a form's own pages and a folder belong to the workspace left, so
 * those lead to the new one's forms list; every other page stays and shows the new workspace.
 */
export function pathAfterSwitch(pathname: string, search: string): string | null {
  if (/^\/forms\/\d+\//.test(pathname)) return '/dashboard/forms';
  if (/^\/dashboard\/(forms|submissions)$/.test(pathname) && search) return pathname;
  return null;
}

/**
 * The sidebar's workspace menu: the current workspace and the caller's role there, the others to
 * switch to, its Members page, and 'New workspace'. The menu renders in place (no portal), so it
 * stays inside the sidebar (or the phone's drawer).
 */
export function WorkspaceSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { workspace, workspaces } = useCurrentWorkspace();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const switchTo = (id: number) => {
    if (id === workspace.id) return;
    setCurrentWorkspaceId(id);
    const next = pathAfterSwitch(pathname, search);
    if (next) navigate(next);
    onNavigate?.();
  };

  return (
    <div className="border-b border-slate-200 p-3 dark:border-slate-800">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Workspace: ${workspace.name}, ${ROLE_LABELS[workspace.role]}. Switch workspace`}
          className="flex w-full items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-left hover:bg-slate-50 data-[state=open]:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900 dark:data-[state=open]:bg-slate-900"
        >
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-brand-100 text-sm font-semibold text-brand-700 dark:bg-brand-700 dark:text-white"
          >
            {workspace.name.trim().charAt(0).toUpperCase() || '?'}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
              {workspace.name}
            </span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
              {workspace.personal ? 'Personal' : 'Team'} · {ROLE_LABELS[workspace.role]}
            </span>
          </span>
          <ChevronsUpDown
            aria-hidden="true"
            className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400"
          />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 w-[var(--radix-dropdown-menu-trigger-width)] min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600 dark:text-slate-400">
            Workspaces
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={String(workspace.id)} onValueChange={(id) => switchTo(Number(id))}>
            {workspaces.map((w) => (
              <DropdownMenu.RadioItem key={w.id} value={String(w.id)} className={cn(MENU_ITEM, 'pr-2')}>
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{w.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {w.personal ? 'Personal' : 'Team'} · {ROLE_LABELS[w.role]}
                  </span>
                </span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="h-4 w-4 text-brand-600 dark:text-brand-300" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item asChild className={MENU_ITEM}>
            <Link to="/dashboard/workspace" onClick={onNavigate}>
              <Users aria-hidden="true" className="h-4 w-4" />
              Members
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New workspace
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <NewWorkspaceDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => {
          const next = pathAfterSwitch(pathname, search);
          if (next) navigate(next);
          onNavigate?.();
        }}
      />
    </div>
  );
}
