import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema.ts';
import { tooManyAttempts } from '../lib/app-error.ts';
import { type BackoffName, type FailureLimitName, RATE_LIMITS, type RateLimitName } from './rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one hit of `name` for `key`; rejects with 429 once the window's limit is passed. */
    rateLimit: (name: RateLimitName, key: string) => Promise<void>;
    /**
     * Limits on failed attempts only (always counted in the database): check before trying,
     * record when the attempt failed. A right answer never uses the allowance up.
     */
    failures: {
      /** Rejects with 429 while `key` may not try again: its window is full, or its backoff runs. */
      assertAllowed: (name: FailureLimitName, key: string) => Promise<void>;
      /** Counts one failed attempt. */
      record: (name: FailureLimitName, key: string) => Promise<void>;
      /** How many failures `key` has in the current window (0 when none). */
      count: (name: FailureLimitName, key: string) => Promise<number>;
    };
  }
}

type Window = { count: number; resetAt: number };

const SWEEP_MS = 60_000;

/**
 * Fixed-window counters (see rate-limits.ts): shared limits count in the rate_limit_windows table,
 * one upsert per hit; the others in this instance's memory.
 */
export default fp(async (app: FastifyInstance) => {
  const windows = new Map<string, Window>();
  const db = app.db;
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

  function countInMemory(id: string, windowMs: number): Window {
    const now = Date.now();
    let w = windows.get(id);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      windows.set(id, w);
    }
    w.count += 1;
    return w;
  }

  async function countInDatabase(id: string, windowMs: number): Promise<Window> {
    const [row] = await queryRows<{ count: number; reset_at: string | Date }>(
      app.db,
      sql`insert into rate_limit_windows (key, count, reset_at)
        values (${id}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limit_windows.reset_at <= now() then 1 else rate_limit_windows.count + 1 end,
          reset_at = case when rate_limit_windows.reset_at <= now() then excluded.reset_at
            else rate_limit_windows.reset_at end
        returning count, reset_at`,
    );
    return { count: Number(row?.count ?? 0), resetAt: row ? new Date(row.reset_at).getTime() : 0 };
  }

  app.decorate('rateLimit', async (name: RateLimitName, key: string) => {
    const limit = RATE_LIMITS[name];
    const id = `${name}:${key}`;
    const window = limit.shared
      ? await countInDatabase(id, limit.windowMs)
      : countInMemory(id, limit.windowMs);
    if (window.count > Math.ceil(limit.max * factor)) throw tooManyAttempts(window.resetAt - Date.now());
  });

  // A failure window slides: each failure pushes reset_at to now + window, so the row also tells
  // when the last failure happened (reset_at - window), which backoffs measure their delay from.
  async function readFailures(name: FailureLimitName, key: string) {
    const [row] = await queryRows<{ count: number; reset_at: string | Date }>(
      app.db,
      sql`select count, reset_at from rate_limit_windows
        where key = ${`${name}:${key}`} and reset_at > now()`,
    );
    if (!row) return null;
    const resetAt = new Date(row.reset_at).getTime();
    return { count: Number(row.count), resetAt, lastAt: resetAt - RATE_LIMITS[name].windowMs };
  }

  /** The delay a backoff imposes after `count` failures (0 while within its free ones). */
  function backoffDelay(name: BackoffName, count: number): number {
    const limit = RATE_LIMITS[name];
    const over = count - Math.ceil(limit.free * factor);
    if (over < 0) return 0;
    return Math.min(limit.maxDelayMs, limit.baseDelayMs * 2 ** Math.min(over, 30));
  }

  app.decorate('failures', {
    async assertAllowed(name: FailureLimitName, key: string) {
      const found = await readFailures(name, key);
      if (!found) return;
      const limit = RATE_LIMITS[name];
      // The wait told is the real one: until the window ends (it slides with each failure), or
      // until the backoff's delay since the last failure has passed.
      if ('max' in limit) {
        if (found.count >= Math.ceil(limit.max * factor)) throw tooManyAttempts(found.resetAt - Date.now());
        return;
      }
      const waitMs = found.lastAt + backoffDelay(name as BackoffName, found.count) - Date.now();
      if (waitMs > 0) throw tooManyAttempts(waitMs);
    },
    async record(name: FailureLimitName, key: string) {
      await db.execute(
        sql`insert into rate_limit_windows (key, count, reset_at)
          values (${`${name}:${key}`}, 1, now() + ${RATE_LIMITS[name].windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            count = case when rate_limit_windows.reset_at <= now() then 1 else rate_limit_windows.count + 1 end,
            reset_at = excluded.reset_at`,
      );
    },
    async count(name: FailureLimitName, key: string) {
      return (await readFailures(name, key))?.count ?? 0;
    },
  });
});
