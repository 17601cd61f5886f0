import { RE2JS } from 're2js';

/** Longest pattern an owner may save. */
export const PATTERN_MAX_LENGTH = 500;

const cache = new Map<string, RE2JS | null>();

/** Compiles an owner's pattern with re2js (linear time); null when it is invalid or unsupported. */
export function compilePattern(pattern: string): RE2JS | null {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  let compiled: RE2JS | null = null;
  try {
    compiled = pattern.length <= PATTERN_MAX_LENGTH ? RE2JS.compile(pattern) : null;
  } catch {
    compiled = null;
  }
  if (cache.size > 500) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/**
 * Checks a pattern before it is saved: null when usable, else a message for the owner.
 * re2js has no lookaround or backreferences, so those are rejected here rather than failing later.
 */
export function checkPattern(pattern: string): string | null {
  if (pattern === '') return null;
  if (pattern.length > PATTERN_MAX_LENGTH) {
    return `The pattern is too long (at most ${PATTERN_MAX_LENGTH} characters)`;
  }
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp:\s*/, '') : '';
    if (/unsupported Perl syntax|invalid escape sequence: `\\[1-9]/.test(detail)) {
      return 'This pattern is not supported: lookahead, lookbehind and backreferences are not allowed';
    }
    return detail
      ? `This pattern is not a valid regular expression (${detail})`
      : 'This pattern is not a valid regular expression';
  }
}

/** True when the whole value matches the pattern, as an HTML pattern attribute does. */
export function matchesPattern(pattern: string, value: string): boolean {
  const compiled = compilePattern(pattern);
  return compiled ? compiled.matches(value) : true;
}
