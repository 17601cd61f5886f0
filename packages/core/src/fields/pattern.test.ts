import { describe, expect, it } from 'vitest';
import { checkPattern, matchesPattern } from './pattern.ts';

describe('checkPattern', () => {
  it('accepts usable patterns and the empty pattern', () => {
    expect(checkPattern('')).toBeNull();
    expect(checkPattern('^[A-Z]{2}\\d{4}$')).toBeNull();
    expect(checkPattern('(?i)hello')).toBeNull();
  });

  it('rejects invalid syntax with a clear message', () => {
    expect(checkPattern('[a-')).toMatch(/^This pattern is not a valid regular expression/);
    expect(checkPattern('(abc')).toMatch(/^This pattern is not a valid regular expression/);
  });

  it('rejects lookaround and backreferences that re2js cannot run', () => {
    const message = 'This pattern is not supported: lookahead, lookbehind and backreferences are not allowed';
    expect(checkPattern('(?=.*\\d)')).toBe(message);
    expect(checkPattern('(a)\\1')).toBe(message);
  });

  it('rejects very long patterns', () => {
    expect(checkPattern('a'.repeat(501))).toBe('The pattern is too long (at most 500 characters)');
  });
});

describe('matchesPattern', () => {
  it('matches the whole value', () => {
    expect(matchesPattern('ab', 'ab')).toBe(true);
    expect(matchesPattern('ab', 'xaby')).toBe(false);
    expect(matchesPattern('.*ab.*', 'xaby')).toBe(true);
  });
});
