import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/client.ts';

export type Metrics = {
  registry: Registry;
  /** A submission stored (counted once it is acknowledged). */
  submissions: Counter<'outcome'>;
  /** How many submissions each group commit stored together (1: a lone submit). */
  submitBatches: Histogram;
  /** A job attempt's end: done, or failed and retried later, or failed for good. */
  jobRuns: Counter<'kind' | 'outcome'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given?.startsWith('Bearer ')) return false;
  const a = Buffer.from(given.slice('Bearer '.length));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics, one registry per app (tests build several). `GET /metrics` answers only
 * with `Authorization: Bearer <METRICS_TOKEN>`; without a token configured it does not exist.
 */
export default fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: labels,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'formsmith_submissions_total',
    help: 'Submissions stored by this instance',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const submitBatches = new Histogram({
    name: 'formsmith_submit_batch_size',
    help: 'Submissions stored together in one statement and commit (group commit); 1 is a lone submit',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'formsmith_job_runs_total',
    help: 'Job attempts by kind and outcome (done, retry, failed); mail is kind mail.send',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'formsmith_jobs',
    help: 'Jobs in the shared queue by kind and state (pending: waiting or retrying; failed: out of attempts)',
    labelNames: ['kind', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await queryRows<{ kind: string; pending: number; failed: number }>(
        app.db,
        sql`select kind,
          count(*) filter (where attempts < max_attempts)::int as pending,
          count(*) filter (where attempts >= max_attempts)::int as failed
        from jobs where done_at is null group by kind`,
      );
      for (const r of rows) {
        this.set({ kind: r.kind, state: 'pending' }, Number(r.pending));
        this.set({ kind: r.kind, state: 'failed' }, Number(r.failed));
      }
    },
  });
  const pool = app.database.pool;
  if (pool) {
    new Gauge({
      name: 'formsmith_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.decorate('metrics', { registry, submissions, submitBatches, jobRuns });
  // The default metrics' GC observer lives as long as the process and holds this registry: emptied,
  // the registry stops holding the gauges whose collect() reads this app (and its database).
  app.addHook('onClose', async () => registry.clear());
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL, so ids do not make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    const l = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(l);
    durations.observe(l, reply.elapsedTime / 1000);
    done();
  });

  const token = app.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
