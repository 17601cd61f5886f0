import { describe, expect, it } from 'vitest';
import { isUuid, newSubmissionId } from './ids.ts';

describe('newSubmissionId', () => {
  it('is a version 7 UUID of the RFC 9562 variant', () => {
    const id = newSubmissionId();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
  });

  it('starts with the millisecond it was made in', () => {
    const at = Date.UTC(2026, 10, 24, 20, 8, 14, 123);
    const id = newSubmissionId(at);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts ids of later milliseconds after earlier ones, as text and as PostgreSQL compares uuids', () => {
    const ids = [0, 1, 2, 1000, 60_000].map((ms) => newSubmissionId(Date.UTC(2026, 0, 1) + ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps 74 random bits: ten thousand ids of one millisecond are all different', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newSubmissionId(at)));
    expect(ids.size).toBe(10_000);
  });
});
