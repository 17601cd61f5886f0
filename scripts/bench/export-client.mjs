// @ts-check
// Downloads a CSV export in its own process, counting rows; prints {rows, seconds, bytes} as JSON.
import { performance } from 'node:perf_hooks';

/** @type {{ url: string, headers: Record<string, string> }} */
const { url, headers } = JSON.parse(/** @type {string} */ (process.argv[2]));
const t0 = performance.now();
const res = await fetch(url, { headers });
if (!res.ok) {
  process.stdout.write(JSON.stringify({ error: `HTTP ${res.status}` }));
  process.exit(0);
}
let bytes = 0;
let newlines = 0;
// A 2xx answer to a GET has a body.
for await (const chunk of /** @type {ReadableStream<Uint8Array>} */ (res.body)) {
  bytes += chunk.length;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
}
const seconds = (performance.now() - t0) / 1000;
// Quoted cells may hold newlines; the bench's seeded data has none, so lines - header = rows.
process.stdout.write(JSON.stringify({ rows: newlines - 1, seconds, bytes }));
