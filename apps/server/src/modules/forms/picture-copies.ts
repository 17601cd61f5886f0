// A form's pictures (option pictures, the theme's background, the logo, and the tab icon and link
// preview its theme_config names) are kept under the form that uploaded them (pictures.ts): the
// stored bytes name it, so its URL serves them and no other form's does. A copy of the form therefore gets copies of its pictures under its own id; and a
// form deleted for good takes along the pictures nothing else still shows.
import { randomBytes } from 'node:crypto';
import { pictureUrl } from '@formsmith/core/fields/picture-choice';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { uploadStorage } from '../../lib/storage/index.ts';
import { openPicture, pictureStorageKey, storePictureBytes } from './pictures.ts';

/** Matches the path of one of `formId`'s pictures in any stored text; group 1 is the picture id. */
const picturePaths = (formId: number) => new RegExp(`${pictureUrl(String(formId), '')}([a-f0-9]{40})`, 'g');

/** The ids of `formId`'s pictures that `parts` (fields, theme, logo…) show, each once. */
export function picturesShownIn(formId: number, parts: unknown): string[] {
  const text = JSON.stringify(parts) ?? '';
  return [...new Set([...text.matchAll(picturePaths(formId))].map((m) => m[1]!))];
}

/**
 * `parts` of form `from` as form `to` shows them: every picture of `from` they show is copied
 * under `to` and its path rewritten. A picture that is no longer stored keeps its path (the copy
 * shows nothing there, as the original does).
 */
export async function copyPictures<T>(
  app: FastifyInstance,
  input: { from: number; to: number; parts: T },
): Promise<T> {
  const ids = picturesShownIn(input.from, input.parts);
  if (ids.length === 0) return input.parts;
  const renamed = new Map<string, string>();
  for (const id of ids) {
    const bytes = await openPicture(app, { formId: input.from, id }).catch(() => null);
    if (!bytes) continue;
    const copy = randomBytes(20).toString('hex');
    await storePictureBytes(app, { formId: input.to, id: copy, data: bytes });
    renamed.set(id, copy);
  }
  const text = JSON.stringify(input.parts).replace(picturePaths(input.from), (path, id: string) => {
    const copy = renamed.get(id);
    return copy ? pictureUrl(String(input.to), copy) : path;
  });
  return JSON.parse(text) as T;
}

/**
 * The pictures of the deleted forms `ids` that no remaining form, version or saved theme shows
 * (copies made before copies had their own pictures, and saved themes, may still point at them).
 * Reads the stored texts the deleted rows held from `shown`: the caller collects them before the
 * rows go.
 */
export async function unusedPictures(
  db: DbOrTx,
  shown: Array<{ formId: number; text: string }>,
): Promise<string[]> {
  const candidates = [...new Set(shown.flatMap((s) => picturesShownIn(s.formId, s.text)))];
  if (candidates.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select c.id from unnest(${sql.param(candidates)}::text[]) as c(id)
      where not exists (select 1 from forms f
          where strpos(f.fields::text || f.theme_config::text || coalesce(f.logo_url, ''), c.id) > 0)
        and not exists (select 1 from form_versions v
          where strpos(v.fields::text || v.theme_config::text || coalesce(v.logo_url, ''), c.id) > 0)
        and not exists (select 1 from form_themes t where strpos(t.theme::text, c.id) > 0)`,
  );
  return rows.map((r) => r.id);
}

/** Removes stored pictures; one that cannot be removed is logged, not retried. */
export async function removePictures(app: FastifyInstance, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    await uploadStorage(app.config)
      .delete(pictureStorageKey(id))
      .catch((err) => app.log.warn({ err, id }, 'could not delete picture'));
  }
}
