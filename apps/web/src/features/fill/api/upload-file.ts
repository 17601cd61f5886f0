import type { FileValue } from '../../../components/form-renderer/values.ts';
import { errorMessageOf, publicRequest } from './public-request.ts';

export type UploadResult = { ok: true; value: FileValue } | { ok: false; message: string };

/** Uploads one file for a file field; the answer is what the submit then sends for that field. */
export async function uploadFile(input: {
  formId: number;
  fieldId: string;
  file: File;
  accessCode?: string;
  /** The page's language: the server words a refused file in it. */
  lang?: string;
}): Promise<UploadResult> {
  const formData = new FormData();
  formData.append('field_id', input.fieldId);
  if (input.accessCode) formData.append('access_code', input.accessCode);
  if (input.lang) formData.append('lang', input.lang);
  formData.append('file', input.file);
  try {
    const res = await publicRequest(`/form-submissions/forms/${input.formId}/uploads`, { formData });
    const body = res.body;
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
