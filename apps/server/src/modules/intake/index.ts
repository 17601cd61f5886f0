// The intake module's public entry: anonymous submits and uploads.
export { hasCookie, respondedCookie } from './responded-cookie.ts';
export { type RotateUploadsCounts, rotateUploads } from './rotate-uploads.ts';
export { submitForm } from './submit-service.ts';
export { storeFieldFile } from './upload-service.ts';
