import type { CreateWebhookBody, UpdateWebhookBody } from '@formsmith/core/webhooks/schemas';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@formsmith/core/webhooks/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const webhooksKey = (formId: number) => ['forms', formId, 'webhooks'] as const;
const deliveriesKey = (formId: number, webhookId: string) =>
  [...webhooksKey(formId), webhookId, 'deliveries'] as const;
const base = (formId: number) => `/forms/${formId}/webhooks`;

export const webhooksQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: webhooksKey(formId),
    queryFn: async () => webhookListSchema.parse(await apiRequest(base(formId))).items,
  });

export function useWebhooks(formId: number) {
  return useQuery(webhooksQueryOptions(formId));
}

export function useWebhookDeliveries(formId: number, webhookId: string) {
  return useQuery({
    queryKey: deliveriesKey(formId, webhookId),
    queryFn: async () =>
      webhookDeliveryListSchema.parse(await apiRequest(`${base(formId)}/${webhookId}/deliveries`)).items,
  });
}

/** POST …/webhooks: answers the webhook with its secret (shown once). */
export function useCreateWebhook(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) =>
      webhookWithSecretSchema.parse(await apiRequest(base(formId), { method: 'POST', body })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(formId) }),
  });
}

export function useUpdateWebhook(formId: number, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateWebhookBody) =>
      webhookSchema.parse(await apiRequest(`${base(formId)}/${webhookId}`, { method: 'PATCH', body })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(formId) }),
  });
}

export function useDeleteWebhook(formId: number, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${base(formId)}/${webhookId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(formId) }),
  });
}

export function useRotateWebhookSecret(formId: number, webhookId: string) {
  return useMutation({
    mutationFn: async () =>
      webhookWithSecretSchema.parse(
        await apiRequest(`${base(formId)}/${webhookId}/rotate-secret`, { method: 'POST' }),
      ),
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
      return webhookDeliverySchema.parse(await apiRequest(path, { method: 'POST' }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesKey(formId, webhookId) }),
  });
}
