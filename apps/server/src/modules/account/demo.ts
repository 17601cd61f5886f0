import type { FormField } from '@formsmith/core/forms/field';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { endingFromMessage } from '@formsmith/core/logic/endings';
import type { DbOrTx } from '../../db/client.ts';
import { ensureSystemUser } from '../auth/index.ts';
import { createFormUnlessSlugTaken } from '../forms/index.ts';

export const DEMO_OWNER_EMAIL = 'demo@formsmith.invalid';
export const DEMO_FORM_SLUG = 'demo';

const DEMO_FIELDS: FormField[] = [
  {
    id: 'demo_name',
    type: 'text',
    label: 'Your name',
    placeholder: 'Ada Lovelace',
    validation: { required: true, maxLength: 100 },
    position: 0,
  },
  {
    id: 'demo_email',
    type: 'email',
    label: 'Email',
    placeholder: 'you@example.com',
    helpText: 'Optional: only if you would like a reply.',
    validation: { required: false },
    position: 1,
  },
  {
    id: 'demo_rating',
    type: 'radio',
    label: 'How would you rate Formsmith?',
    helpText: '1 is poor, 5 is excellent.',
    validation: { required: true },
    position: 2,
    options: [1, 2, 3, 4, 5].map((n) => ({ id: `rating_${n}`, label: String(n), value: String(n) })),
  },
  {
    id: 'demo_comments',
    type: 'textarea',
    label: 'Comments',
    placeholder: 'What did you like? What should we improve?',
    validation: { required: false, maxLength: 2000 },
    position: 3,
  },
];

/**
 * Makes sure the system demo owner (no password: it cannot sign in) and the published demo form
 * exist. Idempotent and safe when several instances start at once: inserts never overwrite.
 */
export async function ensureDemoForm(db: DbOrTx): Promise<void> {
  const ownerId = await ensureSystemUser(db, { email: DEMO_OWNER_EMAIL, name: 'Formsmith Demo' });
  if (!ownerId) return;
  await createFormUnlessSlugTaken(db, {
    ownerId,
    title: 'Product feedback',
    description: 'A sample form: tell us what you think of Formsmith. Answers go to the demo account.',
    fields: DEMO_FIELDS,
    submitButtonText: 'Send feedback',
    successMessage: 'Thank you for your feedback!',
    // The success message is its plain ending's text, as on every form.
    logic: { ...EMPTY_LOGIC, endings: [endingFromMessage('Thank you for your feedback!', [])] },
    isPublished: true,
    publishedAt: new Date(),
    slug: DEMO_FORM_SLUG,
    accessRestriction: 'public',
    // Nobody reads these mails: the owner's address cannot receive any.
    notifyOnSubmission: false,
    retentionDays: 30,
  });
}
