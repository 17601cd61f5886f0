import type { MultipartFile } from '@fastify/multipart';
import type { PostedFields } from '@formsmith/core/fill-page/state';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/app-error.ts';
import { NUL_MESSAGE } from '../../plugins/nul-guard.ts';

/** Adds one posted value under its name (a NUL, which PostgreSQL cannot store, is refused). */
function add(posted: PostedFields, name: string, value: string) {
  if (name.includes('\0') || value.includes('\0')) {
    throw badRequest(NUL_MESSAGE, { [name.replaceAll('\0', '\\u0000')]: NUL_MESSAGE });
  }
  const values = posted[name] ?? [];
  values.push(value);
  posted[name] = values;
}

/**
 * Reads the page's form as posted without JavaScript: urlencoded (the parser kept it as text), or
 * multipart when the form has file fields. Each file with a name goes to `onFile` as it streams
 * in (with the values posted before it, such as the access code); empty file inputs are skipped.
 */
export async function readPosted(
  request: FastifyRequest,
  onFile: (file: MultipartFile, before: PostedFields) => Promise<void>,
): Promise<PostedFields> {
  const posted: PostedFields = {};
  if (!request.isMultipart()) {
    const text = typeof request.body === 'string' ? request.body : '';
    for (const [name, value] of new URLSearchParams(text)) add(posted, name, value);
    return posted;
  }
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') add(posted, part.fieldname, part.value);
      continue;
    }
    try {
      if (part.filename) await onFile(part, posted);
    } finally {
      // Whatever went wrong, the rest of the body is still read.
      if (!part.file.readableEnded) part.file.resume();
    }
  }
  return posted;
}

/** The first value posted under a name. */
export function first(posted: PostedFields, name: string): string | undefined {
  return posted[name]?.[0];
}
