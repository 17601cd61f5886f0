import { PRESENCE_INTERVAL_MS, type Presence, presenceSchema } from '@formsmith/core/forms/presence';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, sendOnUnload } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';

const NOBODY: Presence['others'] = [];

/**
 * Marks the caller present on the form while the editor is open (PUT every 15 s, DELETE on
 * leaving) and answers who else has it open. A closed tab drops out once its last mark is 45 s old.
 */
export function usePresence(formId: number | undefined): Presence['others'] {
  const query = useQuery({
    queryKey: formsKeys.presence(formId ?? 0),
    queryFn: () => apiRequest(`/forms/${formId}/presence`, presenceSchema, { method: 'PUT' }),
    enabled: formId !== undefined,
    refetchInterval: PRESENCE_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    if (formId === undefined) return;
    // Leaving the editor in the app unmounts it; closing the tab or a full navigation hides the page.
    const leave = () => sendOnUnload(`/forms/${formId}/presence`, 'DELETE');
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [formId]);
  return query.data?.others ?? NOBODY;
}
