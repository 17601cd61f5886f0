import { AsyncLocalStorage } from 'node:async_hooks';

/** Who a request acts as, once authentication has said: what the audit log records. */
export type RequestActor = {
  userId: string;
  name: string;
  email: string;
  via: 'session' | 'api_key';
  apiKeyId: string | null;
  ip: string | null;
};

/**
 * `hostWorkspace`: the workspace whose custom domain the request came in on (null on the
 * instance's own host), whose forms alone it may reach.
 */
type Store = { actor: RequestActor | null; hostWorkspace: number | null };

const requests = new AsyncLocalStorage<Store>();

/**
 * Runs the rest of a request (its hooks and handler) with a slot for its actor. Registered as the
 * first onRequest hook, so code deep in a service can name the actor of an audit entry without
 * every function in between passing it on.
 */
export function withRequestSlot(done: () => void): void {
  requests.run({ actor: null, hostWorkspace: null }, done);
}

/** Called by authentication once it knows who is asking. */
export function setRequestActor(actor: RequestActor): void {
  const store = requests.getStore();
  if (store) store.actor = actor;
}

/** The actor of the request being served; null outside one (background jobs) or before sign-in. */
export function requestActor(): RequestActor | null {
  return requests.getStore()?.actor ?? null;
}

/** Called by the host routing once it knows the request came in on a workspace's custom domain. */
export function setRequestHostWorkspace(workspaceId: number): void {
  const store = requests.getStore();
  if (store) store.hostWorkspace = workspaceId;
}

/** The workspace whose custom domain the request came in on; null on the instance's own host. */
export function requestHostWorkspace(): number | null {
  return requests.getStore()?.hostWorkspace ?? null;
}
