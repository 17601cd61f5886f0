import { z } from 'zod';
import { ACCESS_RESTRICTIONS, CONDITION_OPERATORS, FIELD_TYPES } from './constants.ts';

// The plain constants live in constants.ts (no zod) and are re-exported here for existing imports.
export {
  ACCESS_RESTRICTIONS,
  CHOICE_TYPES,
  CONDITION_OPERATORS,
  FIELD_TYPES,
  FORM_DEFAULTS,
} from './constants.ts';

export const fieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const optionSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
});
export type FieldOption = z.infer<typeof optionSchema>;

export const validationSchema = z.object({
  required: z.boolean().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().optional(),
  customError: z.string().optional(),
  step: z.number().optional(),
  /** File fields: accepted MIME types or extensions, and the size limit in bytes. */
  accept: z.array(z.string()).optional(),
  maxFileSize: z.number().optional(),
});
export type FieldValidation = z.infer<typeof validationSchema>;

export const conditionSchema = z.object({
  fieldId: z.string(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.string().optional(),
});

/** Show or hide this field when all (or any) of the conditions hold. */
export const conditionalLogicSchema = z.object({
  action: z.enum(['show', 'hide']),
  match: z.enum(['all', 'any']),
  conditions: z.array(conditionSchema),
});
export type ConditionalLogic = z.infer<typeof conditionalLogicSchema>;
export type Condition = z.infer<typeof conditionSchema>;

/** A form field as the client (editor, renderer) and core functions see it. */
export const formFieldSchema = z.object({
  id: z.string(),
  type: fieldTypeSchema,
  label: z.string(),
  placeholder: z.string().optional(),
  helpText: z.string().optional(),
  defaultValue: z.string().optional(),
  validation: validationSchema,
  isHidden: z.boolean().optional(),
  isReadOnly: z.boolean().optional(),
  parentId: z.string().nullable().optional(),
  conditionalLogic: conditionalLogicSchema.nullable().optional(),
  position: z.number(),
  options: z.array(optionSchema).optional(),
  /** Image fields: the picture to show. */
  imageUrl: z.string().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export type AccessRestriction = (typeof ACCESS_RESTRICTIONS)[number];

export const sharingSchema = z.object({
  slug: z.string().optional(),
  accessCode: z.string().optional(),
  expirationDate: z.string().nullable().optional(),
  accessRestriction: z.enum(ACCESS_RESTRICTIONS),
  shareCount: z.number().optional(),
  publishedAt: z.string().nullable().optional(),
  shareUrl: z.string().optional(),
});
export type Sharing = z.infer<typeof sharingSchema>;

/** A form as the client sees it. */
export const formSchema = z.object({
  id: z.number().optional(),
  title: z.string(),
  description: z.string(),
  fields: z.array(formFieldSchema),
  lastSaved: z.string().optional(),
  logoUrl: z.string().optional(),
  themeConfig: z.record(z.string(), z.unknown()),
  isPublished: z.boolean(),
  submissions: z.number(),
  submitButtonText: z.string(),
  successMessage: z.string(),
  sharing: sharingSchema,
});
export type Form = z.infer<typeof formSchema>;
