import { type SecuritySettings, securitySettingsSchema } from '@formsmith/core/account/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATION_SETTINGS_KEY } from './notification-settings.ts';

export const SECURITY_SETTINGS_KEY = ['account', 'security-settings'] as const;

export const securitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: SECURITY_SETTINGS_KEY,
    queryFn: () => apiRequest('/security/settings', securitySettingsSchema),
  });

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}

/** PUT /api/security/settings. */
export function useUpdateSecuritySettings() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    // Turning sign-in alerts off needs a recent proof of identity.
    mutationFn: (body: SecuritySettings) =>
      withReauth(() => apiRequest('/security/settings', securitySettingsSchema, { method: 'PUT', body })),
    onSuccess: (saved) => {
      client.setQueryData(SECURITY_SETTINGS_KEY, saved);
      // Security alerts follow this setting until the notification settings are saved.
      return client.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
    },
  });
}
