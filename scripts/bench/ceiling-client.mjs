// @ts-check
// What the database itself does with no application in the way, measured in its own process as
// a ceiling for the bench's ratios. Usage: node ceiling-client.mjs '<json spec>'; prints JSON.
// - {kind: 'ingest', databaseUrl, seconds, data}: one client inserting the same answers again and
//   again, 500 rows a statement (insert … select from unnest), into the reference table; prints
//   {rps: rows per second, total}.
// - {kind: 'copy', databaseUrl, formId}: `COPY (select …) TO STDOUT` of a form's submissions with
//   the columns the CSV export reads (the sealed answers included); prints {rows, seconds, bytes}.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { REFERENCE_TABLE_DDL } from './reference-table.mjs';

/** @type {{ kind: 'ingest', databaseUrl: string, seconds: number, data: unknown } | { kind: 'copy', databaseUrl: string, formId: number }} */
const spec = JSON.parse(/** @type {string} */ (process.argv[2]));
const client = new pg.Client({ connectionString: spec.databaseUrl });
await client.connect();

if (spec.kind === 'ingest') {
  await client.query(REFERENCE_TABLE_DDL);
  const BATCH = 500;
  const rows = Array.from({ length: BATCH }, () => JSON.stringify(spec.data));
  const t0 = performance.now();
  const end = t0 + spec.seconds * 1000;
  let total = 0;
  while (performance.now() < end) {
    await client.query(
      'insert into bench_reference (form_id, data) select 1, d from unnest($1::jsonb[]) as d',
      [rows],
    );
    total += BATCH;
  }
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(JSON.stringify({ rps: Math.round(total / seconds), total }));
} else {
  const t0 = performance.now();
  const stream = client.query(
    copyStreams.to(
      `COPY (select id, created_at, case when sealed_data is null then data end, form_version,
          completed, language, sealed_data
        from submissions where form_id = ${Number(spec.formId)} order by created_at, id) TO STDOUT`,
    ),
  );
  let bytes = 0;
  let rows = 0;
  for await (const chunk of stream) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
  }
  process.stdout.write(JSON.stringify({ rows, seconds: (performance.now() - t0) / 1000, bytes }));
}
await client.end();
