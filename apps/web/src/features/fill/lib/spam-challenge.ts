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
    const challenge = res.body;
    // ALTCHA's own solver in a worker of ours (a file of this site, as the page's CSP allows),
    // so the page stays responsive while it works.
    const { default: SolverWorker } = await import('./spam-solver-worker.ts?worker');
    const worker = new SolverWorker();
    const solution = await new Promise<unknown>((resolve) => {
      worker.onmessage = (message: MessageEvent) => resolve(message.data);
      worker.onerror = () => resolve(null);
      worker.postMessage({ type: 'work', challenge, counterStart: 0, counterStep: 1, timeout: 90_000 });
    }).finally(() => worker.terminate());
    const solved = solution && typeof solution === 'object' && 'counter' in solution;
    return solved ? btoa(JSON.stringify({ challenge, solution })) : null;
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
