import { isChoiceType } from './options.ts';
import type { AccessRestriction, Form, FormField } from './types.ts';
import type { WireField } from './wire.ts';

/** The body of POST /api/forms and PUT /api/forms/:id. */
export type SavePayload = {
  title: string;
  description: string;
  fields: WireField[];
  logo_url: string | null;
  theme_config: Record<string, unknown>;
  slug: string | null;
  /** Empty unless the restriction is password. */
  access_code: string;
  expiration_date: string | null;
  access_restriction: AccessRestriction;
  submit_button_text: string;
  success_message: string;
};

/** A FormField as the server stores it; position is the index. */
export function toWireField(field: FormField, index: number): WireField {
  const { validation } = field;
  const options = isChoiceType(field.type) ? field.options : undefined;
  const wire: WireField = {
    id: field.id,
    label: field.label,
    field_type: field.type,
    type: field.type,
    is_required: validation.required === true,
    position: index,
    validation_rules: options ? { ...validation, options } : { ...validation },
  };
  if (options) wire.options = options;
  if (validation.min !== undefined) wire.min = validation.min;
  if (validation.max !== undefined) wire.max = validation.max;
  if (field.placeholder !== undefined) wire.placeholder = field.placeholder;
  if (field.helpText !== undefined) wire.help_text = field.helpText;
  if (field.defaultValue !== undefined) wire.default_value = field.defaultValue;
  if (field.isHidden !== undefined) wire.is_hidden = field.isHidden;
  if (field.isReadOnly !== undefined) wire.is_read_only = field.isReadOnly;
  if (field.parentId !== undefined) wire.parent_id = field.parentId;
  if (field.conditionalLogic !== undefined) wire.conditional_logic = field.conditionalLogic;
  if (field.imageUrl !== undefined) wire.image_url = field.imageUrl;
  return wire;
}

/** The save payload of a form; the access code is sent only for password forms. */
export function toSavePayload(form: Form): SavePayload {
  const { sharing } = form;
  return {
    title: form.title,
    description: form.description,
    fields: form.fields.map(toWireField),
    logo_url: form.logoUrl ?? null,
    theme_config: form.themeConfig,
    slug: sharing.slug ?? null,
    access_code: sharing.accessRestriction === 'password' ? (sharing.accessCode ?? '') : '',
    expiration_date: sharing.expirationDate ?? null,
    access_restriction: sharing.accessRestriction,
    submit_button_text: form.submitButtonText,
    success_message: form.successMessage,
  };
}
