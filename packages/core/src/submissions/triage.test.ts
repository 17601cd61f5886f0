import { describe, expect, it } from 'vitest';
import { mentionedIn, triageBody } from './triage.ts';

const ann = { user_id: 'a', name: 'Ann' };
const annLee = { user_id: 'b', name: 'Ann Lee' };
const bob = { user_id: 'c', name: 'Bob' };
const members = [ann, annLee, bob];

describe('mentionedIn', () => {
  it('finds each member named after an @, in member order, once', () => {
    expect(mentionedIn('@Bob and @ann, see this. @Bob again', members)).toEqual([ann, bob]);
  });

  it('prefers the longer name and never mentions a name inside another word', () => {
    expect(mentionedIn('ping @Ann Lee', members)).toEqual([annLee]);
    expect(mentionedIn('@Anna and @Bobby', members)).toEqual([]);
    expect(mentionedIn('@Ann Lee and @Ann.', members)).toEqual([ann, annLee]);
  });

  it('needs the @: a name alone mentions nobody', () => {
    expect(mentionedIn('Bob will look', members)).toEqual([]);
    expect(mentionedIn('', members)).toEqual([]);
  });
});

describe('triageBody', () => {
  it('takes a stage, an assignee or both, and refuses an empty change or an unknown stage', () => {
    expect(triageBody.safeParse({ status: 'done' }).success).toBe(true);
    expect(triageBody.safeParse({ assignee_id: null }).success).toBe(true);
    expect(triageBody.safeParse({}).success).toBe(false);
    expect(triageBody.safeParse({ status: 'archived' }).success).toBe(false);
  });
});
