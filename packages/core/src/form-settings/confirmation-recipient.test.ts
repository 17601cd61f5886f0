import { describe, expect, it } from 'vitest';
import type { FieldOf } from '../forms/field.ts';
import { isTypedEmailField, typedRecipient } from './confirmation-recipient.ts';

const email = (extra: Partial<FieldOf<'email'>> = {}): FieldOf<'email'> => ({
  id: 'email',
  label: 'Email',
  type: 'email',
  position: 0,
  validation: { required: false },
  ...extra,
});

describe('typedRecipient', () => {
  it('finding 2: mails the address a respondent typed in a visible email field', () => {
    expect(typedRecipient(email(), ' Ada@Example.com ')).toBe('Ada@example.com');
    expect(isTypedEmailField(email())).toBe(true);
  });

  it('finding 2: never a hidden or read-only field, nor a default left as it was', () => {
    const attacker = 'attacker@evil.example';
    expect(typedRecipient(email({ isHidden: true, defaultValue: attacker }), attacker)).toBeNull();
    expect(typedRecipient(email({ isReadOnly: true, defaultValue: attacker }), attacker)).toBeNull();
    expect(typedRecipient(email({ defaultValue: attacker }), attacker)).toBeNull();
    expect(typedRecipient(email({ defaultValue: attacker }), 'ada@example.com')).toBe('ada@example.com');
    expect(isTypedEmailField(email({ isHidden: true }))).toBe(false);
  });

  it('finding 2: nothing for a list, a non-answer or a field of another type', () => {
    expect(typedRecipient(email(), 'a@x.com,b@y.com')).toBeNull();
    expect(typedRecipient(email(), 42)).toBeNull();
    expect(typedRecipient(undefined, 'a@x.com')).toBeNull();
    expect(
      typedRecipient(
        { id: 't', label: 'T', type: 'text', position: 0, validation: { required: false } },
        'a@x.com',
      ),
    ).toBeNull();
  });
});
