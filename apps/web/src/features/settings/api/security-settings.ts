import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type SecuritySettings = {
  security_notifications: boolean;
  data_retention_period: number;
  gdpr_enabled: boolean;
  encryption_level: 'standard' | 'enhanced';
};

export const SECURITY_SETTINGS_KEY = ['account', 'security-settings'] as const;

export const securitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: SECURITY_SETTINGS_KEY,
    queryFn: () => apiRequest<SecuritySettings>('/security/settings'),
  });

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}

/** PUT /api/security/settings. */
export function useUpdateSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      apiRequest<SecuritySettings>('/security/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(SECURITY_SETTINGS_KEY, saved);
      // Security alerts follow this setting until the notification settings are saved.
      return client.invalidateQueries({ queryKey: ['account', 'notification-settings'] });
    },
  });
}
