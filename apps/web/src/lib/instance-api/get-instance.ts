import { type InstanceSettings, instanceSettingsSchema } from '@formsmith/core/instance/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** GET /api/instance: what `/` opens on this instance and where its support tiers lead. */
export function getInstance(): Promise<InstanceSettings> {
  return apiRequest('/instance', instanceSettingsSchema, { skipAuth: true });
}

// The operator's choice changes only with a restart: read once per visit.
export const instanceQueryOptions = () =>
  queryOptions({
    queryKey: ['instance'] as const,
    queryFn: getInstance,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInstance() {
  return useQuery(instanceQueryOptions());
}
