import { describe, expect, it } from 'vitest';
import { forgetPublicForm, PublicFormCache } from '../src/modules/forms/public-cache.ts';

/** A load the test finishes when it wants, counting how often it was started. */
function controlledLoad() {
  const calls: ((value: string) => void)[] = [];
  const load = () => new Promise<string>((resolve) => calls.push(resolve));
  return { load, calls };
}

describe('public form cache', () => {
  it('reads a form once for the submits that arrive while it is being read', async () => {
    const cache = new PublicFormCache<string>();
    const { load, calls } = controlledLoad();
    const waiting = Promise.all([cache.get(101, load), cache.get(101, load), cache.get(101, load)]);
    expect(calls).toHaveLength(1);
    calls[0]?.('v1');
    expect(await waiting).toEqual(['v1', 'v1', 'v1']);
    expect(await cache.get(101, load)).toBe('v1');
    expect(calls).toHaveLength(1);
  });

  it('does not hand out a read that started before the form was changed', async () => {
    const cache = new PublicFormCache<string>();
    const { load, calls } = controlledLoad();
    const before = cache.get(102, load);
    forgetPublicForm(102);
    const after = cache.get(102, load);
    expect(calls).toHaveLength(2);
    calls[0]?.('old');
    calls[1]?.('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.get(102, load)).toBe('new');
  });

  it('reads again after a failed read', async () => {
    const cache = new PublicFormCache<string>();
    let n = 0;
    const load = async () => {
      n += 1;
      if (n === 1) throw new Error('database down');
      return 'back';
    };
    await expect(cache.get(103, load)).rejects.toThrow('database down');
    expect(await cache.get(103, load)).toBe('back');
  });
});
