import type { Workspace } from '@formsmith/core/workspaces/api';
import { roleAllows } from '@formsmith/core/workspaces/roles';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';
import { workspacesQueryOptions } from './list-workspaces.ts';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of this browser switching shows here too: the choice is the browser's.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.workspace) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const storedId = () => Number(readStorage(STORAGE_KEYS.workspace)) || null;

/** Makes `id` the current workspace of this browser (every page showing one follows). */
export function setCurrentWorkspaceId(id: number): void {
  writeStorage(STORAGE_KEYS.workspace, String(id));
  for (const listener of listeners) listener();
}

/** The stored workspace when the caller still belongs to it, else the personal one. */
export function pickWorkspace(workspaces: Workspace[], id: number | null): Workspace {
  const personal = workspaces.find((w) => w.personal) ?? workspaces[0];
  if (!personal) throw new Error('The account has no workspace');
  return workspaces.find((w) => w.id === id) ?? personal;
}

/**
 * The workspace the dashboard works in, and all of the caller's. The list is loaded before any
 * signed-in page renders (RequireAuth), so this never waits; a workspace the caller left or was
 * removed from falls back to the personal one.
 */
export function useCurrentWorkspace(): { workspace: Workspace; workspaces: Workspace[] } {
  const { data: workspaces } = useSuspenseQuery(workspacesQueryOptions());
  const id = useSyncExternalStore(subscribe, storedId);
  return { workspace: pickWorkspace(workspaces, id), workspaces };
}

/** Whether the caller may change forms in the current workspace (editor or above). */
export function useCanEditWorkspace(): boolean {
  return roleAllows(useCurrentWorkspace().workspace.role, 'editor');
}
