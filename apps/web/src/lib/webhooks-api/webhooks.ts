import { noContentSchema } from '@formsmith/core/http';
import type { CreateWebhookBody, UpdateWebhookBody } from '@formsmith/core/webhooks/api';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@formsmith/core/webhooks/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/**
 * Whose webhooks: a form's (its events) or a workspace's (member events). The calls are the same
 * for both; only the path and the cache key differ.
 */
export type WebhookOwner = { kind: 'form' | 'workspace'; path: string; key: readonly (string | number)[] };

export const formWebhooks = (formId: number): WebhookOwner => ({
  kind: 'form',
  path: `/forms/${formId}/webhooks`,
  key: ['forms', formId, 'webhooks'],
});

export const workspaceWebhooks = (workspaceId: number): WebhookOwner => ({
  kind: 'workspace',
  path: `/workspaces/${workspaceId}/webhooks`,
  key: ['workspaces', workspaceId, 'webhooks'],
});

const deliveriesKey = (owner: WebhookOwner, webhookId: string) => [...owner.key, webhookId, 'deliveries'];

export const webhooksQueryOptions = (owner: WebhookOwner) =>
  queryOptions({
    queryKey: owner.key,
    queryFn: async () => (await apiRequest(owner.path, webhookListSchema)).items,
  });

export function useWebhooks(owner: WebhookOwner) {
  return useQuery(webhooksQueryOptions(owner));
}

export function useWebhookDeliveries(owner: WebhookOwner, webhookId: string) {
  return useQuery({
    queryKey: deliveriesKey(owner, webhookId),
    queryFn: async () =>
      (await apiRequest(`${owner.path}/${webhookId}/deliveries`, webhookDeliveryListSchema)).items,
  });
}

/** POST …/webhooks: answers the webhook with its secret (shown once). */
export function useCreateWebhook(owner: WebhookOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) =>
      await apiRequest(owner.path, webhookWithSecretSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: owner.key }),
  });
}

export function useUpdateWebhook(owner: WebhookOwner, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateWebhookBody) =>
      await apiRequest(`${owner.path}/${webhookId}`, webhookSchema, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: owner.key }),
  });
}

export function useDeleteWebhook(owner: WebhookOwner, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${owner.path}/${webhookId}`, noContentSchema, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: owner.key }),
  });
}

export function useRotateWebhookSecret(owner: WebhookOwner, webhookId: string) {
  return useMutation({
    mutationFn: async () =>
      apiRequest(`${owner.path}/${webhookId}/rotate-secret`, webhookWithSecretSchema, { method: 'POST' }),
  });
}

/** 'Send test event' and 'Resend' both answer the delivery with its new attempt; the log refreshes. */
export function useSendDelivery(owner: WebhookOwner, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { resend?: string }) => {
      const path = input.resend
        ? `${owner.path}/${webhookId}/deliveries/${input.resend}/resend`
        : `${owner.path}/${webhookId}/test`;
      return await apiRequest(path, webhookDeliverySchema, { method: 'POST' });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesKey(owner, webhookId) }),
  });
}
