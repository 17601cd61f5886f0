import { Agent, request } from 'undici';
import { type CheckedTarget, checkTarget, RefusedTargetError } from './safe-target.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export type AttemptResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string;
  error: string | null;
};

/** An agent that connects to the checked address whatever the host name would resolve to now. */
function pinnedAgent(target: CheckedTarget): Agent {
  return new Agent({
    connect: {
      timeout: DELIVERY_TIMEOUT_MS,
      lookup: (_hostname, options, callback) => {
        const entry = { address: target.address, family: target.family };
        if ((options as { all?: boolean }).all) callback(null, [entry]);
        else callback(null, entry.address, entry.family);
      },
    },
  });
}

async function readExcerpt(body: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (size < EXCERPT_BYTES) chunks.push(buf);
    size += buf.length;
    if (size >= EXCERPT_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
}

/**
 * One POST to a webhook target: checked (safe-target.ts) on every attempt, connected to the
 * checked address, redirects not followed (a 3xx is a failure), 10 seconds for the whole answer.
 */
export async function postToTarget(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
}): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: CheckedTarget;
  try {
    target = await checkTarget(input.url, { allowPrivate: input.allowPrivate });
  } catch (err) {
    const message = err instanceof RefusedTargetError ? err.message : 'The target could not be checked';
    return { ok: false, statusCode: null, durationMs: elapsed(), responseExcerpt: '', error: message };
  }
  const agent = pinnedAgent(target);
  const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  try {
    const res = await request(target.url, {
      method: 'POST',
      body: input.body,
      headers: { 'content-type': 'application/json', 'user-agent': 'Formsmith-Webhooks/1', ...input.headers },
      dispatcher: agent,
      signal,
    });
    const responseExcerpt = await readExcerpt(res.body);
    // Whatever is left is not read: dropping the connection is cheaper than draining a large answer.
    res.body.destroy();
    const redirect = res.statusCode >= 300 && res.statusCode < 400;
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return {
      ok,
      statusCode: res.statusCode,
      durationMs: elapsed(),
      responseExcerpt,
      error: redirect ? 'Redirects are not followed; point the webhook at the final URL' : null,
    };
  } catch (err) {
    const timedOut = signal.aborted;
    const message = timedOut
      ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds`
      : `Could not connect: ${err instanceof Error ? err.message : String(err)}`;
    return { ok: false, statusCode: null, durationMs: elapsed(), responseExcerpt: '', error: message };
  } finally {
    void agent.close();
  }
}
