import { describe, expect, it } from 'vitest';
import {
  needsSecondFactor,
  reauthSchema,
  recoveryCodeSchema,
  signInResultSchema,
  TWO_FACTOR_MESSAGES,
  totpCodeSchema,
  twoFactorVerifySchema,
} from './two-factor.ts';

describe('two-factor schemas', () => {
  it('reads a TOTP code as apps show it, and refuses anything but six digits', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', ''])
      expect(totpCodeSchema.safeParse(bad).error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeRequired);
  });

  it('forgives case, spaces and the dash in a recovery code', () => {
    expect(recoveryCodeSchema.parse(' ABCDE-fgh23 ')).toBe('abcdefgh23');
    expect(recoveryCodeSchema.parse('abcde fgh23')).toBe('abcdefgh23');
    expect(recoveryCodeSchema.safeParse('abcde-fgh2').success).toBe(false);
  });

  it('tells a two-factor challenge from a session', () => {
    const session = signInResultSchema.parse({
      pid: 'p',
      name: 'N',
      is_verified: true,
      token: 't',
      expires_in: 60,
    });
    const challenge = signInResultSchema.parse({
      two_factor_required: true,
      challenge_token: 'c',
      methods: ['totp', 'recovery_code'],
      expires_in: 300,
    });
    expect(needsSecondFactor(session)).toBe(false);
    expect(needsSecondFactor(challenge)).toBe(true);
  });

  it('checks each verify method for its own proof', () => {
    expect(
      twoFactorVerifySchema.safeParse({ challenge_token: 'c', method: 'totp', code: '123456' }).success,
    ).toBe(true);
    expect(
      twoFactorVerifySchema.safeParse({ challenge_token: 'c', method: 'passkey', code: '123456' }).success,
    ).toBe(false);
    expect(
      twoFactorVerifySchema.safeParse({ challenge_token: 'c', method: 'sms', code: '123456' }).success,
    ).toBe(false);
  });

  it('needs a password or a code to confirm a sensitive change', () => {
    expect(reauthSchema.safeParse({}).error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.reauthRequired);
    expect(reauthSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(reauthSchema.safeParse({ password: 'secret' }).success).toBe(true);
  });
});
