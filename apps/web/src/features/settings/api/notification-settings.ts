import { type NotificationSettings, notificationSettingsSchema } from '@formsmith/core/account/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
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
  const withReauth = useWithReauth();
  return useMutation({
    // Turning sign-in alerts off needs a recent proof of identity.
    mutationFn: (body: NotificationSettings) =>
      withReauth(() =>
        apiRequest('/account/notifications', notificationSettingsSchema, { method: 'PUT', body }),
      ),
    onSuccess: (saved) => client.setQueryData(NOTIFICATION_SETTINGS_KEY, saved),
  });
}
