import { describe, expect, it } from 'vitest';
import { aliasKeys } from './http.ts';

describe('aliasKeys', () => {
  const read = aliasKeys({ retentionDays: 'retention_days', gdprEnabled: 'gdpr_enabled' });

  it('renames each alias to its canonical key', () => {
    expect(read({ retentionDays: 30, gdprEnabled: true })).toEqual({
      retention_days: 30,
      gdpr_enabled: true,
    });
  });

  it('keeps the canonical key when both spellings are sent, and drops the alias', () => {
    expect(read({ retention_days: 90, retentionDays: 30 })).toEqual({ retention_days: 90 });
  });

  it('leaves other keys and non-objects alone', () => {
    expect(read({ other: 'x' })).toEqual({ other: 'x' });
    expect(read(null)).toBeNull();
    expect(read([1, 2])).toEqual([1, 2]);
  });
});
