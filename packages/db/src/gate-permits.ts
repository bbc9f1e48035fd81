import { DatabaseUnavailableError } from "./database-unavailable";

/** Places of one kind (statements or transactions); waiting for one is bounded. */
export class Permits {
  private free: number;
  private readonly waiters: {
    resolve(): void;
    reject(error: unknown): void;
    timer: NodeJS.Timeout;
  }[] = [];

  constructor(
    size: number,
    private readonly timeoutMs: number,
  ) {
    this.free = size;
  }

  acquire(): Promise<void> {
    if (this.free > 0 && this.waiters.length === 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new DatabaseUnavailableError(`no database connection free within ${this.timeoutMs} ms`));
        }, this.timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
    } else {
      this.free += 1;
    }
  }

  /** Fails everything waiting (an outage, or the handle closing). */
  rejectAll(error: () => unknown): void {
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(error());
    }
  }
}
