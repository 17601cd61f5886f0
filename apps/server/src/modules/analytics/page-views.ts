import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { recordView } from './recorder.ts';

export type PageViewCounter = (input: { formId: number; ip: string }) => void;

/**
 * Counts views of published forms whose page the server rendered for a respondent, with or
 * without JavaScript (the page's script then counts none of its own). The page does not wait for
 * the count; closing the app does. Past the per-address view limit a page is served uncounted.
 * Register it while the app is being built (it adds a close hook).
 */
export function pageViewCounter(app: FastifyInstance): PageViewCounter {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });
  return ({ formId, ip }) => {
    const write = (async () => {
      try {
        await app.rateLimit('view', ip);
        await recordView(app.db, formId);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') return;
        app.log.warn({ err, formId }, 'could not count a view of the form page');
      }
    })();
    pending.add(write);
    void write.finally(() => pending.delete(write));
  };
}
