import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * One save for the whole settings page. Each section keeps its own inputs and knows how to save
 * them to its endpoint; it registers here whether it has unsaved changes, how to save them and how
 * to put them back. The page's one bar saves every changed section, in order, and says which one
 * refused and why (the section shows its own messages beside its inputs).
 */
export type SectionHandle = {
  label: string;
  dirty: boolean;
  /** Validates and saves; false when something was refused (the section shows why). */
  save: () => Promise<boolean>;
  reset: () => void;
};

type Registry = {
  register: (key: string, handle: SectionHandle) => void;
  unregister: (key: string) => void;
};

const RegistryContext = createContext<Registry | null>(null);

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  | { kind: 'refused'; labels: string[] };

export function useSettingsSave() {
  const handles = useRef(new Map<string, SectionHandle>());
  // The dirty labels drive the bar; handles hold the latest save/reset without re-rendering.
  const [dirtyKeys, setDirtyKeys] = useState<string[]>([]);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  const registry = useMemo<Registry>(
    () => ({
      register: (key, handle) => {
        handles.current.set(key, handle);
        setDirtyKeys((keys) => {
          const has = keys.includes(key);
          if (handle.dirty === has) return keys;
          return handle.dirty ? [...keys, key] : keys.filter((k) => k !== key);
        });
      },
      unregister: (key) => {
        handles.current.delete(key);
        setDirtyKeys((keys) => keys.filter((k) => k !== key));
      },
    }),
    [],
  );

  const saveAll = useCallback(async () => {
    setState({ kind: 'saving' });
    const refused: string[] = [];
    for (const handle of handles.current.values()) {
      if (!handle.dirty) continue;
      // One at a time: a refusal in one section never leaves another half-saved.
      const ok = await handle.save().catch(() => false);
      if (!ok) refused.push(handle.label);
    }
    setState(refused.length ? { kind: 'refused', labels: refused } : { kind: 'saved', at: Date.now() });
    return refused.length === 0;
  }, []);

  const discardAll = useCallback(() => {
    for (const handle of handles.current.values()) if (handle.dirty) handle.reset();
    setState({ kind: 'idle' });
  }, []);

  const dirtyLabels = dirtyKeys.map((key) => handles.current.get(key)?.label ?? key);
  const isDirty = useCallback(() => [...handles.current.values()].some((h) => h.dirty), []);
  return { registry, dirtyLabels, state, saveAll, discardAll, isDirty };
}

export function SettingsSaveProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** A section's part in the page's one save. */
export function useSettingsSection(key: string, handle: SectionHandle) {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useSettingsSection needs a SettingsSaveProvider');
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    registry.register(key, {
      label: handle.label,
      dirty: handle.dirty,
      save: () => latest.current.save(),
      reset: () => latest.current.reset(),
    });
  }, [registry, key, handle.label, handle.dirty]);
  useEffect(() => () => registry.unregister(key), [registry, key]);
}

export type DraftErrors = Record<string, string>;

type DraftOptions<T> = {
  key: string;
  label: string;
  initial: T;
  /** Messages by input, before anything is sent; empty when the value can be saved. */
  validate?: (value: T) => DraftErrors;
  /** Sends the value; may answer the value to show from now on (an access code is cleared once set). */
  save: (value: T) => Promise<T | undefined>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The inputs of one endpoint's settings, taking part in the page's one save. `errors.form` holds
 * a refusal that names no input.
 */
export function useSettingsDraft<T extends object>(options: DraftOptions<T>) {
  const [base, setBase] = useState(options.initial);
  const [value, setValue] = useState(options.initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const dirty = !same(value, base);
  const set = useCallback((patch: Partial<T>) => setValue((v) => ({ ...v, ...patch })), []);

  const save = async () => {
    const snapshot = value;
    const found = options.validate?.(snapshot) ?? {};
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const next = (await options.save(snapshot)) ?? snapshot;
      setBase(next);
      // What was typed while the save was on its way stays, still to be saved.
      setValue((current) => (current === snapshot ? next : current));
      return true;
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.fields
          ? error.fields
          : {
              form:
                error instanceof ApiError && error.status < 500
                  ? error.message
                  : 'Could not be saved. Please try again.',
            },
      );
      return false;
    }
  };
  const reset = () => {
    setValue(base);
    setErrors({});
  };
  useSettingsSection(options.key, { label: options.label, dirty, save, reset });
  return { value, set, errors, dirty };
}
