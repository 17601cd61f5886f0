// The forms module's public entry: other modules reach the forms table only through these.

export { type FormEvent, onFormEvent } from './events.ts';
export { loadSharp } from './load-sharp.ts';
export { openPicture, resizePicture } from './pictures.ts';
export {
  assertPublicAccess,
  FORM_NOT_FOUND,
  formClosed,
  loadPublicFormForSubmit,
  type RequestLanguage,
} from './public-access.ts';
export { PublicFormCache, PublicFormCacheByKey } from './public-cache.ts';
export {
  createFormUnlessSlugTaken,
  type FormRow,
  findFormWithOwner,
  findSubmitTarget,
  keyedFormIdQuery,
  listFormFields,
  listForms,
  publishedFormIdQuery,
  type SubmitTarget,
  searchForms,
  submissionCountOf,
  updateForm,
} from './repository.ts';
export {
  findFormBySlugParam,
  livePublicForm,
  requireOwnedForm,
  viewPublicForm,
} from './service.ts';
export { deleteFormsOfOwner } from './trash-repository.ts';
export { removeDeletedFiles, removeFiles, trashPurgeJob } from './trash-service.ts';
export { findAnsweredFields } from './versions-repository.ts';
