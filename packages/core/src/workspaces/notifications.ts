// A member's mail choices in one workspace (/api/workspaces/:id/notifications): read by the
// server's routes and by the submit path's recipients, and by the web's notifications card.
import { z } from 'zod';

/** New-submission mail: every form of the workspace, the forms the member created, or none. */
export const SUBMISSION_MAIL_CHOICES = ['all', 'mine', 'none'] as const;
export type SubmissionMailChoice = (typeof SUBMISSION_MAIL_CHOICES)[number];
/** A member who never chose gets new-submission mail for the forms they created, as before. */
export const DEFAULT_SUBMISSION_MAIL: SubmissionMailChoice = 'mine';
export const SUBMISSION_MAIL_LABELS: Record<SubmissionMailChoice, string> = {
  all: 'All forms',
  mine: 'Forms I created',
  none: 'None',
};

export const NOTIFICATION_MESSAGES = {
  submissions: 'New submissions must be all, mine or none',
  mentions: 'Mentions must be true or false',
  assigned: 'Assigned must be true or false',
  empty: 'Say what to change: submissions, mentions or assigned',
} as const;

/** A member's choices as they apply: what GET answers and PUT answers after saving. */
export const memberNotificationsSchema = z.object({
  /** 'mine' still follows each form's own switch and the account's submission setting. */
  submissions: z.enum(SUBMISSION_MAIL_CHOICES),
  /** Mail when someone mentions them in a comment. */
  mentions: z.boolean(),
  /** Mail when a submission is assigned to them by someone else. */
  assigned: z.boolean(),
});
export type MemberNotifications = z.infer<typeof memberNotificationsSchema>;

/** PUT /workspaces/:id/notifications: any subset; what is left out keeps what it was. */
export const memberNotificationsBody = z
  .object({
    submissions: z.enum(SUBMISSION_MAIL_CHOICES, { error: NOTIFICATION_MESSAGES.submissions }).optional(),
    mentions: z.boolean({ error: NOTIFICATION_MESSAGES.mentions }).optional(),
    assigned: z.boolean({ error: NOTIFICATION_MESSAGES.assigned }).optional(),
  })
  .refine((b) => b.submissions !== undefined || b.mentions !== undefined || b.assigned !== undefined, {
    error: NOTIFICATION_MESSAGES.empty,
  });
export type MemberNotificationsInput = z.infer<typeof memberNotificationsBody>;

/** The choices as stored: null where the member never chose. */
export type StoredNotifications = {
  submissions: SubmissionMailChoice | null;
  mentions: boolean | null;
  assigned: boolean | null;
};

/**
 * What a member who never chose gets: what Formsmith did before there were choices. Submission
 * mail for the forms they created (as each form's switch and their account setting say), and
 * mail for mentions and assignments.
 */
export function notificationsOf(stored: StoredNotifications): MemberNotifications {
  return {
    submissions: stored.submissions ?? DEFAULT_SUBMISSION_MAIL,
    mentions: stored.mentions ?? true,
    assigned: stored.assigned ?? true,
  };
}
