import {
  type Confirmation,
  confirmationSchema,
  type Limits,
  limitsBodySchema,
  PARTIALS_MESSAGES,
  type PartialsSettings,
} from '@formsmith/core/form-settings/api';
import { isTimeZone } from '@formsmith/core/form-settings/zoned-time';
import type { AccessRestriction } from '@formsmith/core/forms/form';
import { RETENTION_DAYS, type SubmissionSettings } from '@formsmith/core/submissions/api';
import { fieldMessages } from '../../../lib/field-messages.ts';
import { useConfirmation, useUpdateConfirmation } from '../../../lib/forms-api/confirmation.ts';
import { useFormAccess } from '../../../lib/forms-api/form-access.ts';
import { useFormLimits, useUpdateFormLimits } from '../../../lib/forms-api/form-limits.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { useUpdateSharing } from '../../../lib/forms-api/update-sharing.ts';
import { usePartialsSettings, useUpdatePartialsSettings } from './api/partials-settings.ts';
import { useSubmissionSettings, useUpdateSubmissionSettings } from './api/submission-settings.ts';
import { useUpdateViewerAccess } from './api/viewer-access.ts';
import { type DraftErrors, useSettingsDraft } from './settings-save.tsx';

/** Everything the settings page shows, loaded before its inputs start from it. */
export function useSettingsData(formId: number) {
  const queries = {
    limits: useFormLimits(formId),
    notifications: useSubmissionSettings(formId),
    partials: usePartialsSettings(formId),
    confirmation: useConfirmation(formId),
    access: useFormAccess(formId),
  };
  const all = Object.values(queries);
  return {
    pending: all.some((q) => q.isPending),
    failed: all.some((q) => q.isError),
    data:
      queries.limits.data &&
      queries.notifications.data &&
      queries.partials.data &&
      queries.confirmation.data &&
      queries.access.data
        ? {
            limits: queries.limits.data,
            notifications: queries.notifications.data,
            partials: queries.partials.data,
            confirmation: queries.confirmation.data,
            access: queries.access.data,
          }
        : null,
  };
}
export type SettingsData = NonNullable<ReturnType<typeof useSettingsData>['data']>;

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type SharingValue = {
  slug: string;
  slugOnly: boolean;
  accessRestriction: AccessRestriction;
  /** Typed here only to set or change it; the stored one is never shown. */
  accessCode: string;
  /** A date set before closing times existed; shown in the schedule, where it can be folded in. */
  expirationDate: string;
};

/** The form's address and who may respond (PUT /api/forms/:id/sharing). */
export function useSharingDraft(form: StoredForm) {
  const update = useUpdateSharing();
  const { sharing } = form;
  // A form that already has a code keeps it when the box is left blank.
  const keepsCode = form.hasAccessCode && sharing.accessRestriction === 'password';
  return useSettingsDraft<SharingValue>({
    key: 'sharing',
    label: 'General and access',
    initial: {
      slug: sharing.slug ?? '',
      slugOnly: sharing.slugOnly ?? false,
      accessRestriction: sharing.accessRestriction,
      accessCode: '',
      expirationDate: sharing.expirationDate?.slice(0, 10) ?? '',
    },
    validate: (v) => {
      const errors: DraftErrors = {};
      if (v.accessRestriction === 'password' && !v.accessCode && !keepsCode)
        errors.access_code = 'Type the access code respondents will need';
      if (v.slugOnly && !v.slug.trim())
        errors.slug_only = 'Give the form a custom address first: without one it could not be opened at all';
      if (
        v.expirationDate &&
        v.expirationDate < today() &&
        v.expirationDate !== sharing.expirationDate?.slice(0, 10)
      )
        errors.expiration_date = 'The closing date cannot be in the past';
      return errors;
    },
    save: async (v) => {
      await update.mutateAsync({ id: form.id, input: v });
      return { ...v, accessCode: '' };
    },
  });
}
export type SharingDraft = ReturnType<typeof useSharingDraft>;

/** The owner's own time zone, offered first for a schedule. */
export const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export type LimitsValue = {
  limit: string;
  opensAt: string;
  closesAt: string;
  zone: string;
  message: string;
  onePerBrowser: boolean;
  spamChallenge: boolean;
};

function limitsValue(limits: Limits): LimitsValue {
  return {
    limit: limits.response_limit === null ? '' : String(limits.response_limit),
    opensAt: limits.opens_at ?? '',
    closesAt: limits.closes_at ?? '',
    // A form never scheduled shows the owner's own zone; a saved schedule keeps the zone it was set in.
    zone:
      limits.opens_at || limits.closes_at ? limits.time_zone : isTimeZone(browserZone) ? browserZone : 'UTC',
    message: limits.closed_message ?? '',
    onePerBrowser: limits.one_response_per_browser,
    spamChallenge: limits.spam_challenge,
  };
}

const limitsBody = (v: LimitsValue) => ({
  response_limit: v.limit.trim() === '' ? null : Number(v.limit),
  opens_at: v.opensAt || null,
  closes_at: v.closesAt || null,
  time_zone: v.zone,
  closed_message: v.message,
  one_response_per_browser: v.onePerBrowser,
  spam_challenge: v.spamChallenge,
});

/** Schedule, response limit, one response per browser and the spam check (PUT /api/forms/:id/limits). */
export function useLimitsDraft(formId: number, initial: Limits) {
  const update = useUpdateFormLimits(formId);
  return useSettingsDraft<LimitsValue>({
    key: 'limits',
    label: 'Schedule, limits and spam check',
    initial: limitsValue(initial),
    validate: (v) => {
      const parsed = limitsBodySchema.safeParse(limitsBody(v));
      return parsed.success ? {} : fieldMessages(parsed.error);
    },
    save: async (v) => {
      await update.mutateAsync(limitsBody(v));
      return undefined;
    },
  });
}
export type LimitsDraft = ReturnType<typeof useLimitsDraft>;

export type NotificationsValue = { notify: boolean; attachPdf: boolean; retention: string };

/** The owner's mail per submission and how long submissions are kept (one endpoint holds both). */
export function useNotificationsDraft(formId: number, initial: SubmissionSettings) {
  const update = useUpdateSubmissionSettings(formId);
  return useSettingsDraft<NotificationsValue>({
    key: 'notifications',
    label: 'Notifications and data retention',
    // An unset per-form switch follows the account's setting, which is on unless turned off.
    initial: {
      notify: initial.email_notifications ?? true,
      attachPdf: initial.attach_pdf,
      retention: initial.retention_days === null ? '' : String(initial.retention_days),
    },
    save: async (v) => {
      await update.mutateAsync({
        email_notifications: v.notify,
        // Sent only when changed: a form made end-to-end encrypted since refuses turning it on.
        ...(v.attachPdf === initial.attach_pdf ? {} : { attach_pdf: v.attachPdf }),
        retention_days: RETENTION_DAYS.find((days) => String(days) === v.retention) ?? null,
      });
      return undefined;
    },
  });
}
export type NotificationsDraft = ReturnType<typeof useNotificationsDraft>;

export type PartialsValue = { on: boolean; days: string };

/** Saving answers as respondents go, and how long unfinished ones are kept. */
export function usePartialsDraft(formId: number, initial: PartialsSettings) {
  const update = useUpdatePartialsSettings(formId);
  return useSettingsDraft<PartialsValue>({
    key: 'partials',
    label: 'Unfinished responses',
    initial: { on: initial.save_partials, days: String(initial.partial_retention_days) },
    validate: (v): DraftErrors => {
      const n = Number(v.days);
      return Number.isInteger(n) && n >= 1 && n <= 365
        ? {}
        : { partial_retention_days: PARTIALS_MESSAGES.retention };
    },
    save: async (v) => {
      await update.mutateAsync({ save_partials: v.on, partial_retention_days: Number(v.days) });
      return undefined;
    },
  });
}
export type PartialsDraft = ReturnType<typeof usePartialsDraft>;

export type ViewerAccessValue = { answers: boolean };

/** What the workspace's viewers read of the responses: answers, or only counts. */
export function useViewerAccessDraft(formId: number, initial: boolean) {
  const update = useUpdateViewerAccess(formId);
  return useSettingsDraft<ViewerAccessValue>({
    key: 'viewer-access',
    label: 'What viewers can see',
    initial: { answers: initial },
    save: async (v) => {
      await update.mutateAsync({ viewer_answers: v.answers });
      return undefined;
    },
  });
}
export type ViewerAccessDraft = ReturnType<typeof useViewerAccessDraft>;

/** The mail a respondent gets after submitting. */
export function useConfirmationDraft(formId: number, initial: Confirmation, firstEmailField: string | null) {
  const update = useUpdateConfirmation(formId);
  return useSettingsDraft<Confirmation>({
    key: 'confirmation',
    label: 'Confirmation mail',
    initial: { ...initial, email_field_id: initial.email_field_id ?? firstEmailField },
    validate: (v) => {
      const parsed = confirmationSchema.safeParse(v);
      return parsed.success ? {} : fieldMessages(parsed.error);
    },
    save: async (v) => {
      await update.mutateAsync(confirmationSchema.parse(v));
      return undefined;
    },
  });
}
export type ConfirmationDraft = ReturnType<typeof useConfirmationDraft>;
