import { describe, expect, it } from 'vitest';
import { memberNotificationsBody, notificationsOf } from './notifications.ts';

describe("a member's mail choices", () => {
  it('read as before there were choices until the member chooses', () => {
    expect(notificationsOf({ submissions: null, mentions: null, assigned: null })).toEqual({
      submissions: 'mine',
      mentions: true,
      assigned: true,
    });
    expect(notificationsOf({ submissions: 'none', mentions: false, assigned: null })).toEqual({
      submissions: 'none',
      mentions: false,
      assigned: true,
    });
  });

  it('are changed a few at a time, never by nothing or by a value outside the choices', () => {
    expect(memberNotificationsBody.parse({ assigned: false })).toEqual({ assigned: false });
    for (const bad of [{}, { submissions: 'some' }, { mentions: 1 }, { assigned: null }]) {
      expect(memberNotificationsBody.safeParse(bad).success).toBe(false);
    }
  });
});
