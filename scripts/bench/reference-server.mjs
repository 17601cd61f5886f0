// @ts-check
// The bench's yardstick: the plainest server that stores a submission, a Fastify route doing one
// INSERT per request on a pool of the same size as Formsmith's. Formsmith's submit, which also
// validates, checks spam, counts and aggregates analytics, should keep up with it.
// Usage: node reference-server.mjs <port> <database url>; prints "ready" when it listens.
import Fastify from 'fastify';
import pg from 'pg';
import { REFERENCE_TABLE_DDL } from './reference-table.mjs';

const [port, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 20 });
await pool.query(REFERENCE_TABLE_DDL);

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.post('/submit/:formId', async (request, reply) => {
  const params = /** @type {{ formId: string }} */ (request.params);
  const body = /** @type {{ data?: unknown } | undefined} */ (request.body);
  const { rows } = await pool.query(
    'insert into bench_reference (form_id, data) values ($1, $2) returning id',
    [Number(params.formId), JSON.stringify(body?.data ?? {})],
  );
  return reply.status(201).send({ id: String(rows[0].id) });
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
