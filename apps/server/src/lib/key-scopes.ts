import type { ApiKeyScope } from '@formsmith/core/api-keys/api';
import { AppError } from './app-error.ts';

/**
 * The scopes of the API key a request was made with, or null for a signed-in owner, who may do
 * everything with their own forms.
 */
export type KeyScopes = readonly ApiKeyScope[] | null;

/** A scope some requests need beyond their route's own, and what for (completes 'needed to …'). */
export type ScopeNeed = { scope: ApiKeyScope; purpose: string };

/**
 * The requests that need a second scope. A route lists those it may need (`alsoScopes`, shown in
 * the API reference) and its service checks them on the request (assertKeyScope).
 */
export const SCOPE_NEEDS = {
  redirectAnswers: {
    scope: 'submissions:read',
    purpose: 'add or change an ending redirect that passes answers on',
  },
  confirmationAnswers: {
    scope: 'submissions:read',
    purpose:
      'make the confirmation mail carry answers (a copy of them, their PDF, or answers recalled in its text)',
  },
  webhookAnswers: {
    scope: 'submissions:read',
    purpose: 'send submissions to a webhook (add one, or change its address or events)',
  },
  reportAnswers: {
    scope: 'submissions:read',
    purpose: 'schedule a report that mails responses or their summary',
  },
  shorterRetention: { scope: 'submissions:delete', purpose: 'keep submissions for less time' },
  shorterPartialRetention: {
    scope: 'submissions:delete',
    purpose: 'keep unfinished answers for fewer days',
  },
} as const satisfies Record<string, ScopeNeed>;

/** 403 INSUFFICIENT_SCOPE naming the scope the key lacks, and what for when that depends on the request. */
export function missingScope(scope: ApiKeyScope, purpose?: string): AppError {
  const why = purpose ? `: it is needed to ${purpose}` : '';
  return new AppError('INSUFFICIENT_SCOPE', 403, `This API key lacks the ${scope} scope${why}`);
}

/** Refuses a request made with an API key that lacks the scope this request needs beyond its route's own. */
export function assertKeyScope(held: KeyScopes, need: ScopeNeed): void {
  if (held && !held.includes(need.scope)) throw missingScope(need.scope, need.purpose);
}
