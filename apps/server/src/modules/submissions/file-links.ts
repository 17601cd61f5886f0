import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forms, submissions, uploads } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

// Signed file links: the exports write each uploaded file as an address on the instance that
// downloads it without a session, so a spreadsheet handed on still opens its attachments. A link
// names one file (form, submission, upload) and when it stops working, and carries an HMAC of
// those under a key derived from the instance's current data key (the keyring), named by the
// key's fingerprint so a link made before a key rotation keeps working while the old key is
// still in the keyring. Nothing is stored per link: deleting the file, its submission or its
// form (to the trash too) ends every link to it at once.

/** How long an exported file link works: an export is meant to be opened soon, not archived. */
export const FILE_LINK_TTL_DAYS = 7;
const FILE_LINK_TTL_SECONDS = FILE_LINK_TTL_DAYS * 24 * 60 * 60;

/** The link route, under /api. */
export const FILE_LINK_PATH = '/file-links/:formId/:sid/:uploadId';

export const FILE_LINK_INVALID =
  'This file link is not valid: it was changed or cut short. Export the responses again for a working link.';
export const FILE_LINK_EXPIRED = `This file link has expired (links work for ${FILE_LINK_TTL_DAYS} days). Export the responses again for a fresh link.`;
export const FILE_LINK_GONE = 'This file is no longer available: it, its submission or its form was deleted.';

type FileRef = { formId: number; submissionId: string; uploadId: string };

function linkKey(key: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'formsmith file link v1', 32));
}

/** `key`: the link key (linkKey of a data key), derived once per export or check. */
function mac(key: Buffer, ref: FileRef, expires: number): Buffer {
  return createHmac('sha256', key)
    .update(`${ref.formId}\n${ref.submissionId}\n${ref.uploadId}\n${expires}`)
    .digest();
}

/** Makes links for one export: every link of it expires at the same time, TTL from `now`. */
export type FileLinker = (submissionId: string, uploadId: string) => string;

export function fileLinker(app: FastifyInstance, formId: number, now = Date.now()): FileLinker {
  const { id, key: dataKey } = app.keyring.current;
  const key = linkKey(dataKey);
  const expires = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
  const base = app.config.publicUrl;
  return (submissionId, uploadId) => {
    const sig = mac(key, { formId, submissionId, uploadId }, expires).toString('base64url');
    return `${base}/api/file-links/${formId}/${submissionId}/${uploadId}?expires=${expires}&key=${id}&sig=${sig}`;
  };
}

/**
 * Checks a link's signature and time (404 with the reason when either fails; an expired link says
 * so only once its signature is good), then finds the file: only while it, its submission and
 * its form (not in the trash) all still exist.
 */
export async function findLinkedUpload(
  app: FastifyInstance,
  params: { formId: string; sid: string; uploadId: string },
  query: { expires?: string | undefined; key?: string | undefined; sig?: string | undefined },
  now = Date.now(),
) {
  const formId = /^[1-9]\d{0,9}$/.test(params.formId) ? Number(params.formId) : Number.NaN;
  const expires = /^\d{1,12}$/.test(query.expires ?? '') ? Number(query.expires) : Number.NaN;
  const dataKey = query.key ? app.keyring.byId(query.key) : undefined;
  // Only the one spelling the link was made with: base64url's last character carries two unused
  // bits, so four spellings decode to the same bytes; a changed character must never pass.
  const decoded = /^[A-Za-z0-9_-]{43}$/.test(query.sig ?? '') ? Buffer.from(query.sig!, 'base64url') : null;
  const sig = decoded?.toString('base64url') === query.sig ? decoded : null;
  if (
    !Number.isSafeInteger(formId) ||
    !isUuid(params.sid) ||
    !isUuid(params.uploadId) ||
    !Number.isFinite(expires) ||
    !dataKey ||
    !sig
  )
    throw notFound(FILE_LINK_INVALID);
  const ref = { formId, submissionId: params.sid, uploadId: params.uploadId };
  const want = mac(linkKey(dataKey.key), ref, expires);
  if (sig.length !== want.length || !timingSafeEqual(sig, want)) throw notFound(FILE_LINK_INVALID);
  if (expires * 1000 <= now) throw notFound(FILE_LINK_EXPIRED);
  const [row] = await app.db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(submissions, eq(submissions.id, uploads.submissionId))
    .innerJoin(forms, eq(forms.id, uploads.formId))
    .where(
      and(
        eq(uploads.id, ref.uploadId),
        eq(uploads.formId, ref.formId),
        eq(uploads.submissionId, ref.submissionId),
        eq(submissions.formId, ref.formId),
        isNull(forms.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound(FILE_LINK_GONE);
  return row.upload;
}
