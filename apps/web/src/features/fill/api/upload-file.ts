import type { FileValue } from '../../../components/form-renderer/values.ts';
import { type SealTarget, sealFileFor } from '../lib/seal.ts';
import { errorMessageOf, publicRequest } from './public-request.ts';

export type UploadResult = { ok: true; value: FileValue } | { ok: false; message: string };

/**
 * Uploads one file for a file field; the answer is what the submit then sends for that field.
 * For an end-to-end encrypted form the file is sealed first: the server gets neither its bytes,
 * name nor type, which stay in the answer (sealed with the others at submit).
 */
export async function uploadFile(input: {
  formId: number;
  fieldId: string;
  file: File;
  accessCode?: string;
  seal?: SealTarget;
  /** The page's language: the server words a refused file in it. */
  lang?: string;
}): Promise<UploadResult> {
  const formData = new FormData();
  formData.append('field_id', input.fieldId);
  if (input.accessCode) formData.append('access_code', input.accessCode);
  if (input.lang) formData.append('lang', input.lang);
  try {
    const sealed = input.seal ? await sealFileFor(input.seal, input.file) : null;
    if (sealed) formData.append('file', sealed.blob, 'encrypted-file');
    else formData.append('file', input.file);
    const res = await publicRequest(`/form-submissions/forms/${input.formId}/uploads`, { formData });
    const body = res.body;
    if (res.status === 201 && body && typeof body.upload_id === 'string' && sealed) {
      const { name, size, type } = input.file;
      return { ok: true, value: { upload_id: body.upload_id, file_id: sealed.fileId, name, size, type } };
    }
    if (res.status === 201 && body && typeof body.upload_id === 'string') {
      return {
        ok: true,
        value: {
          upload_id: body.upload_id,
          name: String(body.name ?? input.file.name),
          size: Number(body.size ?? input.file.size),
          type: String(body.type ?? input.file.type),
        },
      };
    }
    const fields = body?.fields as Record<string, string> | undefined;
    return {
      ok: false,
      message: fields?.[input.fieldId] ?? errorMessageOf(res) ?? 'The file could not be uploaded.',
    };
  } catch {
    return { ok: false, message: 'The file could not be uploaded. Check your connection and try again.' };
  }
}
