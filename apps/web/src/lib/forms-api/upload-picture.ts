import { type PicturePurpose, storedPictureSchema } from '@formsmith/core/fields/picture-choice';
import { apiRequest } from '../api-client.ts';

/**
 * POST /api/forms/:id/pictures: sends a picture (an option's, or the theme's background, kept
 * larger); the server resizes it and answers the path it serves it at.
 */
export async function uploadPicture(formId: number, file: File, purpose: PicturePurpose = 'option') {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(`/forms/${formId}/pictures`, storedPictureSchema, {
    method: 'POST',
    body,
    query: purpose === 'option' ? undefined : { purpose },
  });
}
