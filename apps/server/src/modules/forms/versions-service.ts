import type { FormVersionList } from '@formsmith/core/forms/versions';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import { listFormHistory } from './history-repository.ts';
import { FORM_NOT_FOUND } from './public-access.ts';
import { findOwnedForm } from './repository.ts';
import { listVersions, restoreVersionToDraft } from './versions-repository.ts';
import { toWireForm } from './view.ts';

type OwnedFormInput = { formId: number; ownerId: string };

/** The owner's published versions, newest first, with which one is live, and the form's protection changes. */
export async function listOwnerVersions(
  app: FastifyInstance,
  input: OwnedFormInput,
): Promise<FormVersionList> {
  const form = await findOwnedForm(app.db, input);
  if (!form) throw notFound(FORM_NOT_FOUND);
  const versions = await listVersions(app.db, form.id);
  return {
    history: await listFormHistory(app.db, form.id),
    version: form.version,
    published_version: form.publishedVersion,
    versions: versions.map((v) => ({
      number: v.number,
      published_at: v.publishedAt.toISOString(),
      title: v.title,
      field_count: v.fieldCount,
      is_live: form.isPublished && v.number === form.publishedVersion,
    })),
  };
}

const VERSION_NOT_FOUND = 'Version not found';

/** Copies version `number` into the draft; respondents keep the live version until the next publish. */
export async function restoreOwnerVersion(app: FastifyInstance, input: OwnedFormInput & { number: string }) {
  const number = /^\d{1,9}$/.test(input.number) ? Number(input.number) : null;
  const row = number === null ? null : await restoreVersionToDraft(app.db, { ...input, number });
  if (row) return toWireForm(row, app.customDomains);
  // Tell a missing form from a missing version (both are the owner's own business).
  if (!(await findOwnedForm(app.db, input))) throw notFound(FORM_NOT_FOUND);
  throw notFound(VERSION_NOT_FOUND);
}
