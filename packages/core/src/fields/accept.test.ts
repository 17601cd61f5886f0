import { describe, expect, it } from 'vitest';
import { isAcceptedFile } from './accept.ts';

describe('isAcceptedFile', () => {
  const pdf = { name: 'CV.PDF', type: 'application/pdf' };
  const png = { name: 'photo.png', type: 'image/png' };

  it('accepts everything when no list is given', () => {
    expect(isAcceptedFile(undefined, pdf)).toBe(true);
    expect(isAcceptedFile([], png)).toBe(true);
  });

  it('matches extensions case-insensitively', () => {
    expect(isAcceptedFile(['.pdf'], pdf)).toBe(true);
    expect(isAcceptedFile(['.pdf'], png)).toBe(false);
  });

  it('matches MIME wildcards and exact types', () => {
    expect(isAcceptedFile(['image/*'], png)).toBe(true);
    expect(isAcceptedFile(['image/*'], pdf)).toBe(false);
    expect(isAcceptedFile(['application/pdf'], pdf)).toBe(true);
  });
});
