import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { createTestUser, type TestUser } from './users.ts';

/**
 * What an owner reads of a form's answers, as the field journeys check it: the CSV export's rows
 * (header first), the JSON export's body, each field's analytics by id; and a stranger's export.
 */
export function ownerReads(app: () => FastifyInstance, owner: () => TestUser, formId: () => number) {
  const exported = (format: 'csv' | 'json', auth = owner().auth) =>
    app().inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId()}/export?format=${format}`,
      headers: auth,
    });
  return {
    csvRows: async (): Promise<string[][]> => {
      const res = await exported('csv');
      if (res.statusCode !== 200) throw new Error(`CSV export answered ${res.statusCode}`);
      return parse(res.body.replace(/^\uFEFF/, ''));
    },
    json: async (): Promise<string> => {
      const res = await exported('json');
      if (res.statusCode !== 200) throw new Error(`JSON export answered ${res.statusCode}`);
      return res.body;
    },
    analytics: async () => {
      const res = await app().inject({
        method: 'GET',
        url: `/api/analytics/forms/${formId()}`,
        headers: owner().auth,
      });
      if (res.statusCode !== 200) throw new Error(`analytics answered ${res.statusCode}`);
      return new Map((res.json() as FormAnalytics).field_analytics.map((f) => [f.field_id, f]));
    },
    strangerExport: async () => exported('csv', (await createTestUser(app())).auth),
  };
}
