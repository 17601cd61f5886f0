import type { DbOrTx } from '../../db/client.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { rebuildStats, type SubmissionSource } from '../analytics/index.ts';
import { listAnsweredVersions, listSubmissionsAfter } from './repository.ts';

const SOURCE: SubmissionSource = {
  answeredVersions: listAnsweredVersions,
  submissionsAfter: listSubmissionsAfter,
};

/**
 * Recomputes the analytics aggregates of one form, or of every form, from its stored
 * submissions: analytics' rebuild (analytics/rebuild.ts says how), reading them through this
 * module, which builds on analytics.
 */
export function rebuildFormStats(
  db: DbOrTx,
  keyring: Keyring,
  formId?: number,
): Promise<{ forms: number; submissions: number }> {
  return rebuildStats(db, keyring, { source: SOURCE, formId });
}
