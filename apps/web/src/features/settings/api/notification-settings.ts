import { type NotificationSettings, notificationSettingsSchema } from '@formsmith/core/account/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const NOTIFICATION_SETTINGS_KEY = ['account', 'notification-settings'] as const;

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: () => apiRequest('/account/notifications', notificationSettingsSchema),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** PUT /api/account/notifications. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiRequest('/account/notifications', notificationSettingsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(NOTIFICATION_SETTINGS_KEY, saved),
  });
}
