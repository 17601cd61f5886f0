import { noContentSchema } from '@formsmith/core/api';
import type { CreateWebhookBody, UpdateWebhookBody } from '@formsmith/core/webhooks/schemas';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@formsmith/core/webhooks/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';

const webhooksKey = (formId: number) => ['forms', formId, 'webhooks'] as const;
const deliveriesKey = (formId: number, webhookId: string) =>
  [...webhooksKey(formId), webhookId, 'deliveries'] as const;
const base = (formId: number) => `/forms/${formId}/webhooks`;

export const webhooksQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: webhooksKey(formId),
    queryFn: async () => (await apiRequest(base(formId), webhookListSchema)).items,
  });

export function useWebhooks(formId: number) {
  return useQuery(webhooksQueryOptions(formId));
}

export function useWebhookDeliveries(formId: number, webhookId: string) {
  return useQuery({
    queryKey: deliveriesKey(formId, webhookId),
    queryFn: async () =>
      (await apiRequest(`${base(formId)}/${webhookId}/deliveries`, webhookDeliveryListSchema)).items,
  });
}

/** POST …/webhooks: answers the webhook with its secret (shown once). */
export function useCreateWebhook(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) =>
      await apiRequest(base(formId), webhookWithSecretSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(formId) }),
  });
}

export function useUpdateWebhook(formId: number, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateWebhookBody) =>
      await apiRequest(`${base(formId)}/${webhookId}`, webhookSchema, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(formId) }),
  });
}

export function useDeleteWebhook(formId: number, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${base(formId)}/${webhookId}`, noContentSchema, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(formId) }),
  });
}

export function useRotateWebhookSecret(formId: number, webhookId: string) {
  return useMutation({
    mutationFn: async () =>
      apiRequest(`${base(formId)}/${webhookId}/rotate-secret`, webhookWithSecretSchema, { method: 'POST' }),
  });
}

/** 'Send test event' and 'Resend' both answer the delivery with its new attempt; the log refreshes. */
export function useSendDelivery(formId: number, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { resend?: string }) => {
      const path = input.resend
        ? `${base(formId)}/${webhookId}/deliveries/${input.resend}/resend`
        : `${base(formId)}/${webhookId}/test`;
      return await apiRequest(path, webhookDeliverySchema, { method: 'POST' });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesKey(formId, webhookId) }),
  });
}
