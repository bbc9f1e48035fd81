/**
 * Gathers the calls made while a batch runs (or within the same turn of the event loop) and
 * answers them with one call of `run` (issue 30 item 6: one statement for many deliveries instead
 * of one each). At most `parallel` batches run at a time (default 1: batches never race each
 * other); a batch holds at most `max` items (the rest wait for the next). `run` answers one result
 * per item, in order; when it throws, every item of the batch rejects with that error.
 */
export interface Batcher<I, O> {
  add(item: I): Promise<O>;
}

export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { max?: number; parallel?: number } = {},
): Batcher<I, O> {
  const max = options.max ?? 100;
  const parallel = options.parallel ?? 1;
  let queued: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;

  const next = () => {
    scheduled = false;
    if (running >= parallel || !queued.length) return;
    const batch = queued.slice(0, max);
    queued = queued.slice(batch.length);
    running += 1;
    void (async () => {
      try {
        const results = await run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i] as O));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    })().finally(() => {
      running -= 1;
      schedule();
    });
  };
  const schedule = () => {
    if (scheduled || !queued.length) return;
    scheduled = true;
    // After the current turn: the calls made in it join the batch.
    setImmediate(next);
  };
  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queued.push({ item, resolve, reject });
        if (running < parallel) schedule();
      });
    },
  };
}
