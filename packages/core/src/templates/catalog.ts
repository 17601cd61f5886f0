import { communityTemplates } from './community.ts';
import { contactTemplates } from './contact-and-leads.ts';
import { educationTemplates } from './education.ts';
import { eventTemplates } from './events.ts';
import { feedbackTemplates } from './feedback.ts';
import { orderTemplates } from './orders-and-bookings.ts';
import { supportTemplates } from './support.ts';
import type { FormTemplate } from './template.ts';
import { workTemplates } from './work.ts';

/** Every template of the gallery, by category in the gallery's order. */
export const FORM_TEMPLATES: readonly FormTemplate[] = [
  ...contactTemplates,
  ...eventTemplates,
  ...feedbackTemplates,
  ...orderTemplates,
  ...workTemplates,
  ...educationTemplates,
  ...communityTemplates,
  ...supportTemplates,
];

/** The template with this id, if any. */
export function findTemplate(id: string): FormTemplate | undefined {
  return FORM_TEMPLATES.find((template) => template.id === id);
}
