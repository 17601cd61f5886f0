export type MicroBatcherOptions<I, O> = {
  /** Runs a batch; answers one result per item, in order. */
  runBatch: (items: I[]) => Promise<O[]>;
  /** A lone item runs through this; so does each item of a failed batch, to get its own result or error. */
  runOne: (item: I) => Promise<O>;
  /** A batch flushes as soon as it holds this many items. */
  maxSize: number;
  /**
   * …or this long after its first item arrived, whatever is in flight. Without it, items wait for
   * a batch to finish (for a database that runs one statement at a time anyway).
   */
  maxDelayMs?: number;
  /** …or at once (next turn of the event loop) while fewer batches than this are in flight. */
  maxInFlight: number;
  /** Told why a batch failed (its items then run alone). */
  onBatchError?: (error: unknown) => void;
  /** Told the size of each batch as it starts (1 for a lone item). */
  onBatch?: (size: number) => void;
};

type Waiter<I, O> = { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void };

/**
 * Group commit: items added while a batch is in flight wait (a little) to go together in the next
 * one. A lone item on an idle batcher goes on the next turn of the event loop, so it is not delayed.
 */
export class MicroBatcher<I, O> {
  private pending: Waiter<I, O>[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private scheduled = false;

  constructor(private readonly opts: MicroBatcherOptions<I, O>) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.opts.maxSize) this.flush();
      else this.schedule();
    });
  }

  private schedule(): void {
    if (this.pending.length === 0) return;
    if (this.inFlight < this.opts.maxInFlight) {
      // Items added in this same turn (concurrent requests) join the batch.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          if (this.inFlight < this.opts.maxInFlight) this.flush();
          else this.schedule();
        });
      }
    } else if (!this.timer && this.opts.maxDelayMs !== undefined) {
      this.timer = setTimeout(() => this.flush(), this.opts.maxDelayMs);
      this.timer.unref();
    }
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0, this.opts.maxSize);
    if (batch.length > 0) void this.run(batch);
    this.schedule();
  }

  private async run(batch: Waiter<I, O>[]): Promise<void> {
    this.inFlight++;
    this.opts.onBatch?.(batch.length);
    try {
      let results: O[] | null = null;
      if (batch.length > 1) {
        try {
          results = await this.opts.runBatch(batch.map((w) => w.item));
        } catch (error) {
          this.opts.onBatchError?.(error);
          // Fall through: each item runs alone, so one bad item fails only its own request.
        }
      }
      if (results) {
        for (const [i, waiter] of batch.entries()) waiter.resolve(results[i] as O);
      } else {
        await Promise.all(batch.map((w) => this.opts.runOne(w.item).then(w.resolve, w.reject)));
      }
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
