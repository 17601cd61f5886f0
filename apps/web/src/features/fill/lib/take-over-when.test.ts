import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverAtLoad } from './take-over-when.ts';

const page = { search: '', framed: false };
const formState = (form: Record<string, unknown> = {}, embed = false) => ({
  identifier: 'f',
  embed,
  view: { kind: 'form', form: { id: 7, fields: [{ id: 'a', type: 'text', field_type: 'text' }], ...form } },
});

afterEach(() => vi.unstubAllGlobals());

describe('takeOverAtLoad', () => {
  it('lets a plain form wait for the respondent', () => {
    expect(takeOverAtLoad(formState(), page)).toBeNull();
    // An embed page opened on its own (not in a frame) has no host to tell its height.
    expect(takeOverAtLoad(formState({}, true), page)).toBeNull();
    expect(takeOverAtLoad(formState({ language: 'en', translations: {} }), page)).toBeNull();
  });

  it('takes over at once a page that needs script from the start', () => {
    expect(takeOverAtLoad({ view: { kind: 'gate' } }, page)).toBe('screen: gate');
    expect(takeOverAtLoad({ view: { kind: 'unavailable' } }, page)).toBe('screen: unavailable');
    expect(takeOverAtLoad(formState({ encryption: { public_key: 'k' } }), page)).toBe('encrypted');
    expect(takeOverAtLoad(formState({}, true), { search: '', framed: true })).toBe('framed');
    const ranking = { id: 'r', type: 'ranking', field_type: 'ranking' };
    expect(takeOverAtLoad(formState({ fields: [ranking] }), page)).toBe('scripted fields');
    const signature = { id: 's', field_type: 'signature' };
    expect(takeOverAtLoad(formState({ fields: [signature] }), page)).toBe('scripted fields');
    const french = { language: 'en', translations: { fr: { title: 'Enquête' } } };
    expect(takeOverAtLoad(formState(french), page)).toBe('languages');
  });

  it('takes over at once a form that saves answers: to resume them, or to save them', () => {
    expect(takeOverAtLoad(formState({ save_partials: true }), page)).toBe('saves answers');
    expect(takeOverAtLoad(formState({ save_partials: true }), { search: '?resume=abc', framed: false })).toBe(
      'a resume link',
    );
    const stored = new Map([['formsmith:resume:7', 'token']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    expect(takeOverAtLoad(formState({ save_partials: true }), page)).toBe('saved answers');
  });

  it('takes over at once when the state cannot be read', () => {
    expect(takeOverAtLoad(null, page)).toBe('unreadable state');
    expect(takeOverAtLoad({ view: { kind: 'form' } }, page)).toBe('unreadable state');
  });
});
