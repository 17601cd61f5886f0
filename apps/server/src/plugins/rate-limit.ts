import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { RATE_LIMITS, type RateLimitName } from './rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one hit of `name` for `key`; rejects with 429 once the window's limit is passed. */
    rateLimit: (name: RateLimitName, key: string) => Promise<void>;
  }
}

type Window = { count: number; resetAt: number };

const SWEEP_MS = 60_000;

const tooMany = () =>
  new AppError('RATE_LIMITED', 429, 'Too many attempts. Please wait a minute and try again.');

/**
 * Fixed-window counters (see rate-limits.ts): shared limits count in the rate_limit_windows table,
 * one upsert per hit; the others in this instance's memory.
 */
export default fp(async (app: FastifyInstance) => {
  const windows = new Map<string, Window>();
  const factor = app.config.rateLimitFactor;
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    app.db
      .delete(rateLimitWindows)
      .where(sql`${rateLimitWindows.resetAt} < now()`)
      .catch((err: unknown) => app.log.warn({ err }, 'could not sweep rate-limit windows'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  function countInMemory(id: string, windowMs: number): number {
    const now = Date.now();
    let w = windows.get(id);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      windows.set(id, w);
    }
    w.count += 1;
    return w.count;
  }

  async function countInDatabase(id: string, windowMs: number): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      app.db,
      sql`insert into rate_limit_windows (key, count, reset_at)
        values (${id}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limit_windows.reset_at <= now() then 1 else rate_limit_windows.count + 1 end,
          reset_at = case when rate_limit_windows.reset_at <= now() then excluded.reset_at
            else rate_limit_windows.reset_at end
        returning count`,
    );
    return Number(row?.count ?? 0);
  }

  app.decorate('rateLimit', async (name: RateLimitName, key: string) => {
    const limit = RATE_LIMITS[name];
    const id = `${name}:${key}`;
    const count = limit.shared
      ? await countInDatabase(id, limit.windowMs)
      : countInMemory(id, limit.windowMs);
    if (count > Math.ceil(limit.max * factor)) throw tooMany();
  });
});
