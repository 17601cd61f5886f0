/**
 * A short per-instance cache for the submit path, which loads the same published form for every
 * submission. Safe because:
 * - a write through forms/repository.ts or the submissions settings on this instance forgets
 *   the form at once (entries loaded before the forget are never used again);
 * - other instances (or writes that bypass the repository, e.g. the owner's account-wide
 *   notification setting or name) are seen after at most PUBLIC_FORM_TTL_MS;
 * - expiry dates and access codes are still checked on every submit against the cached row.
 * So an unpublished, re-coded or re-configured form may accept submissions with its previous
 * settings for up to PUBLIC_FORM_TTL_MS on another instance.
 */
export const PUBLIC_FORM_TTL_MS = 3000;
const MAX_ENTRIES = 5000;

let version = 0;
/** Form id -> the version at which it was last forgotten. */
const forgotten = new Map<number, number>();
/** When `forgotten` was last cleared: anything loaded before may be stale. */
let clearedAt = 0;

/** Marks the form changed: every cache drops what it loaded of it before now. */
export function forgetPublicForm(formId: number): void {
  version += 1;
  if (forgotten.size >= MAX_ENTRIES) {
    forgotten.clear();
    clearedAt = version;
  }
  forgotten.set(formId, version);
}

function isCurrent(formId: number, loadedAt: number): boolean {
  return loadedAt >= clearedAt && loadedAt >= (forgotten.get(formId) ?? 0);
}

type Entry<T> = { value: T; loadedAt: number; expires: number };

export class PublicFormCache<T> {
  private readonly entries = new Map<number, Entry<T>>();
  /** Loads under way: the submits arriving meanwhile wait for the same read instead of each making one. */
  private readonly loading = new Map<number, { promise: Promise<T>; loadedAt: number }>();

  constructor(private readonly ttlMs = PUBLIC_FORM_TTL_MS) {}

  /** The cached value for the form, or what load() answers now (also cached, null included). */
  async get(formId: number, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(formId);
    if (entry && entry.expires > Date.now() && isCurrent(formId, entry.loadedAt)) return entry.value;
    const pending = this.loading.get(formId);
    if (pending && isCurrent(formId, pending.loadedAt)) return pending.promise;
    const loadedAt = version;
    const promise = load().then((value) => {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(formId, { value, loadedAt, expires: Date.now() + this.ttlMs });
      return value;
    });
    const settled = () => {
      if (this.loading.get(formId)?.promise === promise) this.loading.delete(formId);
    };
    this.loading.set(formId, { promise, loadedAt });
    promise.then(settled, settled);
    return promise;
  }
}

/**
 * The same cache keyed by text (such as a page's address) for values that name their form: what
 * the form's writes forget, and no value for an address that names no form (a form may take that
 * address at any moment).
 */
export class PublicFormCacheByKey<T extends { formId: number }> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly ttlMs = PUBLIC_FORM_TTL_MS) {}

  /** The cached value for the key, or what load() answers now (cached unless null). */
  async get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > Date.now() && isCurrent(entry.value.formId, entry.loadedAt)) {
      return entry.value;
    }
    const loadedAt = version;
    const value = await load();
    if (value === null) {
      this.entries.delete(key);
      return null;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, loadedAt, expires: Date.now() + this.ttlMs });
    return value;
  }
}
