import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type NotificationSettings = {
  form_submissions: boolean;
  security_alerts: boolean;
  marketing_emails: boolean;
  weekly_digest: boolean;
};

export const NOTIFICATION_SETTINGS_KEY = ['account', 'notification-settings'] as const;

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: () => apiRequest<NotificationSettings>('/account/notifications'),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** PUT /api/account/notifications. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiRequest<NotificationSettings>('/account/notifications', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(NOTIFICATION_SETTINGS_KEY, saved),
  });
}
