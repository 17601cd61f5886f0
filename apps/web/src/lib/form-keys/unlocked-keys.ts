import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import { useSyncExternalStore } from 'react';

// The unlocked private keys of end-to-end encrypted forms live here, in this tab's memory only
// (never in storage): a reload, the Lock button or 15 idle minutes forget them.

/** Idle time after which every unlocked key is forgotten. */
export const IDLE_LOCK_MS = 15 * 60 * 1000;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const keys = new Map<number, UnlockedKey>();
const listeners = new Set<() => void>();
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function notify() {
  for (const listener of listeners) listener();
}

function restartIdleTimer() {
  clearTimeout(idleTimer);
  if (keys.size > 0) idleTimer = setTimeout(lockAll, IDLE_LOCK_MS);
}

function watchActivity(on: boolean) {
  for (const type of ACTIVITY) {
    if (on) window.addEventListener(type, restartIdleTimer, { passive: true });
    else window.removeEventListener(type, restartIdleTimer);
  }
}

/** Keeps a form's unlocked key for this tab. */
export function keepUnlockedKey(formId: number, key: UnlockedKey) {
  if (keys.size === 0) watchActivity(true);
  keys.set(formId, key);
  restartIdleTimer();
  notify();
}

/** Forgets a form's key: its answers show as locked again. */
export function lockForm(formId: number) {
  keys.delete(formId);
  if (keys.size === 0) watchActivity(false);
  restartIdleTimer();
  notify();
}

function lockAll() {
  keys.clear();
  watchActivity(false);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The form's unlocked key, or null while locked; re-renders when it changes. */
export function useUnlockedKey(formId: number): UnlockedKey | null {
  return useSyncExternalStore(subscribe, () => keys.get(formId) ?? null);
}
