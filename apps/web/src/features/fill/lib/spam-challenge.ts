import { spamChallengeOn } from '@formsmith/core/submissions/spam-challenge';
import { publicRequest } from '../api/public-request.ts';

// The proof-of-work challenge of a form that asks for one (core submissions/spam-challenge.ts):
// asked for when the form opens and solved in the background while the respondent fills it in,
// so the submit rarely waits for it. ALTCHA's solver loads only for such forms.

const solving = new Map<number, Promise<string | null>>();

async function solve(formId: number): Promise<string | null> {
  try {
    const res = await publicRequest(`/form-submissions/forms/${formId}/challenge`);
    if (res.status !== 200 || !res.body) return null;
    const [{ solveChallenge }, { deriveKey }] = await Promise.all([
      import('altcha-lib'),
      import('altcha-lib/algorithms/web/sha'),
    ]);
    const challenge = res.body as unknown as Parameters<typeof solveChallenge>[0]['challenge'];
    const solution = await solveChallenge({ challenge, deriveKey });
    return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
  } catch {
    // No Web Crypto (a page served over plain http elsewhere than localhost), or no network: the
    // submit goes without, and the server's message says to reload.
    return null;
  }
}

/**
 * The submit's `altcha` for this form: started on the first call, the same promise after. Null
 * (at once) for forms that do not ask for one.
 */
export function spamSolution(
  formId: number,
  themeConfig: Record<string, unknown> | undefined,
): Promise<string | null> | null {
  if (!spamChallengeOn(themeConfig)) return null;
  let started = solving.get(formId);
  if (!started) {
    started = solve(formId);
    solving.set(formId, started);
  }
  return started;
}

/** A solution is accepted once: after a submit that used it (or was refused it), the next one solves anew. */
export function forgetSpamSolution(formId: number): void {
  solving.delete(formId);
}
