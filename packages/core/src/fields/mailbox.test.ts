import { describe, expect, it } from 'vitest';
import { inboxKey, readMailbox } from './mailbox.ts';

describe('readMailbox', () => {
  it('finding 9: reads one mailbox, trimmed, its domain in lower case', () => {
    expect(readMailbox('  Ada.Lovelace@Example.COM ')).toEqual({
      ok: true,
      mailbox: 'Ada.Lovelace@example.com',
    });
    expect(readMailbox('a+news@sub.example.org')).toEqual({ ok: true, mailbox: 'a+news@sub.example.org' });
    expect(readMailbox('zoé@exemple.fr')).toEqual({ ok: true, mailbox: 'zoé@exemple.fr' });
  });

  it('finding 9: refuses lists and extra parts as more than one address', () => {
    for (const typed of [
      'v@x.com,1',
      'v@x.com;w@y.com',
      'v@x.com w@y.com',
      'a@x.com,b@y.com',
      'Ada <ada@x.com>',
      'ada@x.com (Ada)',
      '"ada"@x.com',
      'ada@x.com\nbcc@y.com',
      'ada@x.com:1',
    ]) {
      expect(readMailbox(typed), typed).toEqual({ ok: false, reason: 'list' });
    }
  });

  it('refuses what is no address at all', () => {
    for (const typed of [
      '',
      'nope',
      '@x.com',
      'ada@',
      'ada@x',
      'ada@x..com',
      '.ada@x.com',
      'ada.@x.com',
      'ada@-x.com',
    ]) {
      expect(readMailbox(typed), typed).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('inboxKey', () => {
  it('finding 9: names one inbox for every spelling that reaches it', () => {
    expect(inboxKey('Ada@Example.com')).toBe('ada@example.com');
    expect(inboxKey('ada+1@example.com')).toBe('ada@example.com');
    expect(inboxKey('+x@example.com')).toBe('+x@example.com');
  });
});
