import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import { listQuerySchema, settingsBodySchema } from './api.ts';

describe('listQuerySchema', () => {
  it('pages by LIMITS.submissionsPageSize, newest first, when nothing is asked', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, limit: LIMITS.submissionsPageSize, sort: 'newest' });
  });

  it('reads numbers from the query string and refuses pages larger than the maximum', () => {
    expect(listQuerySchema.parse({ page: '3', limit: '25' })).toMatchObject({ page: 3, limit: 25 });
    expect(listQuerySchema.safeParse({ limit: String(LIMITS.submissionsMaxPageSize + 1) }).success).toBe(
      false,
    );
  });

  it('accepts a date or a date-time with offset for the range, nothing else', () => {
    expect(listQuerySchema.safeParse({ from: '2025-05-05', to: '2025-05-06T10:00:00+02:00' }).success).toBe(
      true,
    );
    expect(listQuerySchema.safeParse({ from: 'yesterday' }).success).toBe(false);
  });
});

describe('settingsBodySchema', () => {
  it('takes only the retention periods a form offers', () => {
    expect(settingsBodySchema.safeParse({ retention_days: 30 }).success).toBe(true);
    expect(settingsBodySchema.safeParse({ retentionDays: 45 }).success).toBe(false);
  });
});
