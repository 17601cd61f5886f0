// @ts-check
// The built-in AI generator through the API: POST /api/forms/generate answered one request after
// another, descriptions taken in turn from the held-out set and from requests with pages and
// follow-up questions. Used by `npm run bench` and on its own by `npm run bench:ai` (PGlite, a
// built server: `npm run -s build` first).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../scratch.mjs';
import { startMailbox } from './mailbox.mjs';
import { latency } from './measure.mjs';
import { createOwner } from './seed.mjs';
import { startServer, stopServer } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
export const AI_LATENCY_TARGET_MS = 50;

const LOGIC_REQUESTS = [
  'Event feedback: name, email, whether you enjoyed the event, if no ask why, then ask for suggestions',
  'Registration form: name, email, do you need parking? If yes, ask for the car plate number. On a second page, your phone and any comments.',
  'Survey: how likely are you to recommend us (0-10), how did you hear about us (friend, advert, other), if other ask them to specify',
];

function descriptions() {
  /** @type {{ description: string }[]} */
  const heldOut = JSON.parse(readFileSync(path.join(root, 'scripts/ai-eval/generate-heldout.json'), 'utf8'));
  return [...heldOut.map((c) => c.description), ...LOGIC_REQUESTS];
}

/**
 * p50 and p95 (ms) of the built-in generator through the API on a running server.
 * @param {string} base
 * @param {string} token
 */
export function aiGenerationLatency(base, token) {
  return latency({
    url: `${base}/api/forms/generate`,
    headers: { authorization: `Bearer ${token}` },
    bodies: descriptions().map((description) => ({ description })),
    count: 300,
  });
}

async function main() {
  const mailbox = await startMailbox();
  const server = await startServer({
    env: {
      DATABASE_URL: '',
      AI_BASE_URL: '',
      DATA_DIR: scratchDir('fsb-ai-'),
      SMTP_URL: mailbox.url,
    },
  });
  try {
    const owner = await createOwner(server.base, undefined, mailbox);
    const figures = aiGenerationLatency(server.base, owner.token);
    const met = figures.p95 < AI_LATENCY_TARGET_MS && figures.errors === 0;
    console.log(
      `AI generation (built-in) through the API, ${figures.count} requests: p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, ${figures.errors} errors; target p95 < ${AI_LATENCY_TARGET_MS} ms: ${met ? 'met' : 'NOT MET'}`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await stopServer(server);
    await mailbox.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
