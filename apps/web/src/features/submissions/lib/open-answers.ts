import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import type { WireSubmission } from '@formsmith/core/submissions/api';
import { useEffect, useState } from 'react';

// Sealed answers are opened in the browser with the form's unlocked key; each submission once per
// key (the cache goes with the key when the form is locked).

const opened = new WeakMap<UnlockedKey, Map<string, Promise<Record<string, unknown> | null>>>();

/** The answers of a sealed submission, or null when they cannot be opened (not this form's key, or changed). */
export function openSealed(
  key: UnlockedKey,
  formId: number,
  submission: Pick<WireSubmission, 'id' | 'envelope'>,
): Promise<Record<string, unknown> | null> {
  let cache = opened.get(key);
  if (!cache) {
    cache = new Map();
    opened.set(key, cache);
  }
  const hit = cache.get(submission.id);
  if (hit) return hit;
  const result = (async () => {
    if (!submission.envelope) return null;
    const { openAnswers } = await import('@formsmith/core/crypto/hybrid');
    try {
      const answers = await openAnswers({
        ...key,
        formId,
        submissionId: submission.id,
        envelope: submission.envelope,
      });
      return answers && typeof answers === 'object' ? (answers as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  })();
  cache.set(submission.id, result);
  return result;
}

/** What the owner sees of a submission's answers. */
export type AnswersState =
  | { kind: 'plain'; data: Record<string, unknown> }
  | { kind: 'open'; data: Record<string, unknown> }
  | { kind: 'locked' }
  | { kind: 'unreadable' };

/** The answers of each submission: in clear, opened with the key, locked, or unreadable. */
export function useAnswers(
  formId: number,
  key: UnlockedKey | null,
  submissions: readonly Pick<WireSubmission, 'id' | 'data' | 'envelope'>[],
): (submission: Pick<WireSubmission, 'id' | 'data' | 'envelope'>) => AnswersState {
  const [done, setDone] = useState<ReadonlyMap<string, Record<string, unknown> | null>>(new Map());
  const ids = submissions.map((s) => s.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids stand for the submissions
  useEffect(() => {
    setDone(new Map());
    if (!key) return;
    let live = true;
    const sealed = submissions.filter((s) => s.envelope);
    void Promise.all(sealed.map(async (s) => [s.id, await openSealed(key, formId, s)] as const)).then(
      (pairs) => {
        if (live) setDone(new Map(pairs));
      },
    );
    return () => {
      live = false;
    };
  }, [formId, key, ids]);
  return (submission) => {
    if (!submission.envelope) return { kind: 'plain', data: submission.data ?? {} };
    if (!key) return { kind: 'locked' };
    if (!done.has(submission.id)) return { kind: 'locked' };
    const data = done.get(submission.id);
    return data ? { kind: 'open', data } : { kind: 'unreadable' };
  };
}
