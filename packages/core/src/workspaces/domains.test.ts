import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, formPublicUrl, hostWithoutPort, normalizeHost } from './domains.ts';

describe('normalizeHost', () => {
  it('stores host names lower-case, without a trailing dot, international ones in punycode', () => {
    expect(normalizeHost(' Forms.Example.ORG. ')).toEqual({ host: 'forms.example.org' });
    expect(normalizeHost('bücher.example')).toEqual({ host: 'xn--bcher-kva.example' });
  });

  it.each([
    ['', DOMAIN_MESSAGES.required],
    ['forms.example.org:8443', DOMAIN_MESSAGES.port],
    ['192.168.1.10', DOMAIN_MESSAGES.ip],
    ['[::1]', DOMAIN_MESSAGES.ip],
    ['https://forms.example.org', DOMAIN_MESSAGES.invalid],
    ['forms.example.org/register', DOMAIN_MESSAGES.invalid],
    ['localhost', DOMAIN_MESSAGES.dot],
    ['-bad.example.org', DOMAIN_MESSAGES.invalid],
    ['under_score.example.org', DOMAIN_MESSAGES.invalid],
    [`${'a'.repeat(64)}.example.org`, DOMAIN_MESSAGES.invalid],
  ])('refuses %j', (typed, message) => {
    expect(normalizeHost(typed)).toEqual({ error: message });
  });
});

describe('hostWithoutPort', () => {
  it('reads the host of a Host header', () => {
    expect(hostWithoutPort('Forms.Example.test:3320')).toBe('forms.example.test');
    expect(hostWithoutPort('[::1]:3000')).toBe('[::1]');
  });
});

describe('formPublicUrl', () => {
  const form = { id: 7, slug: 'register' };
  const publicUrl = 'https://formsmith.example.com/';

  it('is the instance address when the workspace has no host', () => {
    expect(formPublicUrl({ form, hosts: [], publicUrl })).toBe('https://formsmith.example.com/form/register');
    expect(formPublicUrl({ form: { id: 7, slug: null }, hosts: [], publicUrl })).toBe(
      'https://formsmith.example.com/form/7',
    );
  });

  it('prefers the host pointed at the form, then a host pointed at none', () => {
    const hosts = [
      { host: 'other.example.org', formId: 9 },
      { host: 'all.example.org', formId: null },
      { host: 'register.example.org', formId: 7 },
    ];
    expect(formPublicUrl({ form, hosts, publicUrl })).toBe('https://register.example.org/register');
    expect(formPublicUrl({ form, hosts: hosts.slice(0, 2), publicUrl })).toBe(
      'https://all.example.org/register',
    );
    expect(formPublicUrl({ form, hosts: hosts.slice(0, 1), publicUrl })).toBe(
      'https://other.example.org/register',
    );
  });

  it("links a host with the instance's own scheme", () => {
    const hosts = [{ host: 'forms.lan', formId: null }];
    expect(formPublicUrl({ form, hosts, publicUrl: 'http://formsmith.lan:3000' })).toBe(
      'http://forms.lan/register',
    );
    expect(formPublicUrl({ form, hosts, publicUrl })).toBe('https://forms.lan/register');
  });
});
