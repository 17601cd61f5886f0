import type { WireForm } from '@formsmith/core/forms/form-wire';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './helpers/users.ts';

/** A save payload with one field of each common kind. */
/** A limits body that sets nothing: no limit, no schedule, several responses per browser. */
export const NO_LIMITS = {
  response_limit: null,
  opens_at: null,
  closes_at: null,
  time_zone: 'UTC',
  closed_message: null,
  one_response_per_browser: false,
};

export function samplePayload(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Customer feedback',
    description: 'Tell us how we did',
    fields: [
      {
        label: 'Your name',
        field_type: 'text',
        type: 'text',
        is_required: true,
        validation_rules: { minLength: 2 },
      },
      {
        label: 'Rating',
        field_type: 'select',
        type: 'select',
        is_required: false,
        validation_rules: {},
        options: [
          { label: 'Good', value: 'good' },
          { label: 'Bad', value: 'bad' },
        ],
      },
    ],
    ...overrides,
  };
}

/** Creates a form through the API and answers its WireForm. */
export async function createForm(
  app: FastifyInstance,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<WireForm> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/forms',
    headers: user.auth,
    payload: samplePayload(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WireForm;
}

export async function publishForm(app: FastifyInstance, user: TestUser, id: number): Promise<WireForm> {
  const res = await app.inject({ method: 'POST', url: `/api/forms/${id}/publish`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WireForm;
}

export async function putSharing(
  app: FastifyInstance,
  user: TestUser,
  id: number,
  payload: Record<string, unknown>,
) {
  return app.inject({ method: 'PUT', url: `/api/forms/${id}/sharing`, headers: user.auth, payload });
}

let counter = 0;
/** A slug no other test uses (tests share one database). */
export function uniqueSlug(prefix = 'form'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}
