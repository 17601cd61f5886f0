import { describe, expect, it } from 'vitest';
import { parseHomePage } from './api.ts';

describe('parseHomePage', () => {
  it('reads the landing page, the sign-in page and a redirect to an address or a path', () => {
    expect(parseHomePage('landing')).toEqual({ kind: 'landing' });
    expect(parseHomePage('signin')).toEqual({ kind: 'signin' });
    expect(parseHomePage('redirect:https://example.com/about')).toEqual({
      kind: 'redirect',
      url: 'https://example.com/about',
    });
    expect(parseHomePage('redirect:/form/contact')).toEqual({ kind: 'redirect', url: '/form/contact' });
  });

  it('refuses other words, other schemes and addresses that only look like paths', () => {
    for (const value of ['', 'home', 'redirect:', 'redirect:javascript:alert(1)', 'redirect://evil.example'])
      expect(parseHomePage(value)).toBeNull();
    expect(parseHomePage('redirect:/\\evil.example')).toBeNull();
    expect(parseHomePage('redirect:ftp://example.com')).toBeNull();
  });
});
