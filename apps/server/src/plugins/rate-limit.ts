import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { RATE_LIMITS, type RateLimitName } from './rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one hit of `name` for `key`; throws 429 once the limit of the window is passed. */
    rateLimit: (name: RateLimitName, key: string) => void;
  }
}

type Window = { count: number; resetAt: number };

/**
 * Fixed-window counters kept in memory. One instance enforces its own share; behind a load
 * balancer with several instances the effective limit is multiplied by their number.
 */
export default fp(async (app: FastifyInstance) => {
  const windows = new Map<string, Window>();
  const factor = app.config.rateLimitFactor;
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.decorate('rateLimit', (name: RateLimitName, key: string) => {
    const limit = RATE_LIMITS[name];
    const id = `${name}:${key}`;
    const now = Date.now();
    let w = windows.get(id);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + limit.windowMs };
      windows.set(id, w);
    }
    w.count += 1;
    if (w.count > Math.ceil(limit.max * factor)) {
      throw new AppError('RATE_LIMITED', 429, 'Too many attempts. Please wait a minute and try again.');
    }
  });
});
