// @ts-check
// Downloads a CSV, JSON or .xlsx export in its own process, counting rows; prints {rows, seconds, bytes} as JSON.
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';

/** @type {{ url: string, headers: Record<string, string>, format: 'csv' | 'json' | 'xlsx' }} */
const { url, headers, format } = JSON.parse(/** @type {string} */ (process.argv[2]));
const xlsx = format === 'xlsx';
const t0 = performance.now();
const res = await fetch(url, { headers });
if (!res.ok) {
  process.stdout.write(JSON.stringify({ error: `HTTP ${res.status}` }));
  process.exit(0);
}
let bytes = 0;
let newlines = 0;
/** @type {Uint8Array[]} */
const kept = [];
// A 2xx answer to a GET has a body.
for await (const chunk of /** @type {ReadableStream<Uint8Array>} */ (res.body)) {
  bytes += chunk.length;
  if (xlsx) kept.push(chunk);
  else for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
}
const seconds = (performance.now() - t0) / 1000;
if (xlsx) {
  // Counted once downloaded (not timed): the rows of the first sheet, less its header.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(kept), {});
  let rows = 0;
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
    break;
  }
  process.stdout.write(JSON.stringify({ rows: rows - 1, seconds, bytes }));
  process.exit(0);
}
// CSV: quoted cells may hold newlines; the bench's seeded data has none, so lines - header = rows.
// JSON: one item a line (strings escape their newlines) between the lines of `[` and `]`.
process.stdout.write(JSON.stringify({ rows: newlines - (format === 'json' ? 2 : 1), seconds, bytes }));
