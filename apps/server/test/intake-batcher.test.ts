import { describe, expect, it } from 'vitest';
import { MicroBatcher } from '../src/modules/intake/batcher.ts';

/** A batcher that doubles numbers and records how it was called. */
function doubler(
  opts: { maxSize?: number; maxDelayMs?: number; maxInFlight?: number; failBatch?: boolean } = {},
) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const batcher = new MicroBatcher<number, number>({
    runBatch: async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      if (opts.failBatch) throw new Error('batch failed');
      return items.map((n) => n * 2);
    },
    runOne: async (n) => {
      alone.push(n);
      if (n < 0) throw new Error(`bad ${n}`);
      return n * 2;
    },
    maxSize: opts.maxSize ?? 64,
    maxDelayMs: opts.maxDelayMs ?? 2,
    maxInFlight: opts.maxInFlight ?? 1,
  });
  return { batcher, batches, alone };
}

describe('micro-batcher (group commit)', () => {
  it('runs a lone item at once, by itself, without waiting for the delay', async () => {
    const { batcher, batches, alone } = doubler({ maxDelayMs: 10_000 });
    const started = Date.now();
    await expect(batcher.add(21)).resolves.toBe(42);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(alone).toEqual([21]);
    expect(batches).toEqual([]);
  });

  it('groups items added together and answers each its own result', async () => {
    const { batcher, batches } = doubler();
    const results = await Promise.all([1, 2, 3, 4].map((n) => batcher.add(n)));
    expect(results).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('lets items that arrive while a batch is in flight go together in the next one', async () => {
    const { batcher, batches } = doubler({ maxDelayMs: 1000 });
    const first = Promise.all([batcher.add(1), batcher.add(2)]);
    await new Promise((r) => setTimeout(r, 1)); // the first batch is now in flight
    const second = Promise.all([3, 4, 5].map((n) => batcher.add(n)));
    expect(await first).toEqual([2, 4]);
    expect(await second).toEqual([6, 8, 10]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('never puts more than maxSize items in one batch', async () => {
    const { batcher, batches, alone } = doubler({ maxSize: 3, maxInFlight: 10 });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => batcher.add(n)));
    expect(results).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(batches.map((b) => b.length).every((n) => n <= 3)).toBe(true);
    expect(batches.map((b) => b.length)).toEqual([3, 3]);
    expect([...batches.flat(), ...alone].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('flushes after the delay even while a batch is in flight', async () => {
    const { batcher, batches } = doubler({ maxDelayMs: 1, maxInFlight: 1 });
    const first = Promise.all([batcher.add(1), batcher.add(2)]);
    await new Promise((r) => setTimeout(r, 1));
    const second = Promise.all([batcher.add(3), batcher.add(4)]);
    await Promise.all([first, second]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('without a delay, gathers items until the batch in flight is done, however long it takes', async () => {
    const batches: number[][] = [];
    let finishFirst = () => {};
    const firstDone = new Promise<void>((r) => {
      finishFirst = r;
    });
    const batcher = new MicroBatcher<number, number>({
      runBatch: async (items) => {
        batches.push(items);
        if (batches.length === 1) await firstDone;
        return items.map((n) => n * 2);
      },
      runOne: async (n) => n * 2,
      maxSize: 64,
      maxInFlight: 1,
    });
    const first = Promise.all([batcher.add(1), batcher.add(2)]);
    await new Promise((r) => setTimeout(r, 1)); // the first batch is now in flight
    const second = [batcher.add(3)];
    await new Promise((r) => setTimeout(r, 20)); // longer than a delay would have waited
    second.push(batcher.add(4), batcher.add(5));
    expect(batches).toEqual([[1, 2]]);
    finishFirst();
    expect(await first).toEqual([2, 4]);
    expect(await Promise.all(second)).toEqual([6, 8, 10]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('when a batch fails, runs its items one by one so only the bad one fails', async () => {
    const { batcher, alone } = doubler({ failBatch: true });
    const results = await Promise.allSettled([1, -2, 3].map((n) => batcher.add(n)));
    expect(results[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: new Error('bad -2') });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 6 });
    expect(alone.sort()).toEqual([-2, 1, 3]);
  });
});
