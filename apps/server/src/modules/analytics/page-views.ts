import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { recordView } from './recorder.ts';

export type PageViewCounter = (input: { formId: number; ip: string }) => void;

/** How long views are added up in memory before one write per form stores them. */
export const PAGE_VIEW_FLUSH_MS = 1000;

/**
 * Counts views of published forms whose page the server rendered for a respondent, with or
 * without JavaScript (the page's script then counts none of its own). The page waits for no
 * write: views are added up per form and stored once a second (and when the app closes), so a
 * busy form's page costs one write a second, not one per view; a crash loses at most that
 * second's views. Past the per-address view limit a page is served uncounted. Register it while
 * the app is being built (it adds a close hook).
 */
export function pageViewCounter(app: FastifyInstance): PageViewCounter {
  let counts = new Map<number, number>();
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = counts;
    counts = new Map();
    flushing = flushing.then(async () => {
      for (const [formId, count] of batch) {
        try {
          await recordView(app.db, formId, new Date(), count);
        } catch (err) {
          app.log.warn({ err, formId, count }, 'could not store the views of a form page');
        }
      }
    });
    return flushing;
  };
  const timer = setInterval(flush, PAGE_VIEW_FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
  return ({ formId, ip }) => {
    app.rateLimit('view', ip).then(
      () => counts.set(formId, (counts.get(formId) ?? 0) + 1),
      (err: unknown) => {
        if (!(err instanceof AppError && err.code === 'RATE_LIMITED')) {
          app.log.warn({ err, formId }, 'could not count a view of the form page');
        }
      },
    );
  };
}
