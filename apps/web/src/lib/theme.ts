import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

// public/theme-init.js applies the same rule before the first paint; this module keeps it in sync.
const CHANGE_EVENT = 'formsmith:theme-change';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(SYSTEM_DARK).matches;
}

/** The stored choice ('true'/'false' under darkMode) or, when none, the system preference. */
export function preferredDarkMode(): boolean {
  const stored = readStorage(STORAGE_KEYS.darkMode);
  return stored === null ? systemPrefersDark() : stored === 'true';
}

function applyDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Remembers the choice and applies it to html.dark. */
export function setDarkMode(dark: boolean): void {
  writeStorage(STORAGE_KEYS.darkMode, String(dark));
  applyDarkMode(dark);
}

function isDarkApplied(): boolean {
  return document.documentElement.classList.contains('dark');
}

function subscribe(onChange: () => void): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia(SYSTEM_DARK) : null;
  // Follow the system while the user has not chosen; follow other tabs when they choose.
  const sync = () => {
    const dark = preferredDarkMode();
    if (dark !== isDarkApplied()) applyDarkMode(dark);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.darkMode || event.key === null) sync();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  media?.addEventListener('change', sync);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener('change', sync);
  };
}

/** Whether dark mode is on, and a toggle that remembers the choice. */
export function useDarkMode(): { dark: boolean; toggle: () => void } {
  const dark = useSyncExternalStore(subscribe, isDarkApplied, () => false);
  const toggle = useCallback(() => setDarkMode(!isDarkApplied()), []);
  return { dark, toggle };
}
