import { loadChrome } from '@formsmith/core/i18n/chrome';
import { describe, expect, it } from 'vitest';
import { submitErrorMessage } from './messages.ts';

describe('the message over the form for a refused submit', () => {
  it('says a too-soon post keeps its answers, in the page language, whatever the server wrote', async () => {
    const french = await loadChrome('fr');
    const message = submitErrorMessage(french, { status: 422, code: 'SENT_TOO_SOON', message: 'anything' });
    expect(message).toBe(french.t('submit.tooSoon'));
    expect(message).not.toBe(french.t('submit.status422'));
  });

  it('reads other refusals by their status, not by the server’s English message', async () => {
    const german = await loadChrome('de');
    const refusal = { status: 422, code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used' };
    expect(submitErrorMessage(german, refusal)).toBe(german.t('submit.status422'));
  });

  it('quotes the server’s message for a status it has no words of its own for', async () => {
    const english = await loadChrome('en');
    expect(submitErrorMessage(english, { status: 409, message: 'Closed for edits' })).toBe(
      english.t('submit.error', { message: 'Closed for edits' }),
    );
    expect(submitErrorMessage(english, { status: 409 })).toBe(english.t('submit.failed'));
  });
});
