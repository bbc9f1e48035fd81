import postgres from "postgres";

/**
 * Fail-fast access to PostgreSQL (issue 9, item 4). postgres.js alone waits: a query queues
 * while every connection is busy or connecting, a connection attempt into a black hole waits
 * connect_timeout and is then retried for the next queued query with a growing backoff, and a
 * query sent on a connection that went silent waits for TCP to give up (minutes). Here:
 *
 * - a gate with one permit per connection admits each query or transaction; waiting for a
 *   permit is bounded (acquireTimeoutMs), so nothing queues inside postgres.js;
 * - when an admitted operation fails with a connection error, or runs longer than
 *   probeAfterMs, a probe opens a fresh connection and runs `select 1` within
 *   connectTimeoutMs. If the database does not answer, it is marked unavailable: waiting and
 *   new operations fail at once with DatabaseUnavailableError, the pool is dropped (its
 *   queries fail with CONNECTION_DESTROYED) and replaced by a fresh one, and the probe repeats
 *   every recheckMs until the database answers again (recovery needs no restart).
 */
export class DatabaseUnavailableError extends Error {
  constructor(message = "database unavailable", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** Driver and socket codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/** SQLSTATEs of a server that is going away or not taking connections. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

function isUnavailableCode(code: string | undefined): boolean {
  if (!code) return false;
  return CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/**
 * True when `error` (or one of its causes) means the database cannot be reached right now:
 * connection refused, reset, closed or timed out, an admin or crash shutdown (57P01, 57P02),
 * a server starting or stopping (57P03), too many connections (53300), any connection
 * exception (class 08), or this module's DatabaseUnavailableError (pool exhausted, outage).
 * The API answers these with 503 SERVICE_UNAVAILABLE.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (e instanceof DatabaseUnavailableError) return true;
    if (isUnavailableCode(codeOf(e))) return true;
  }
  return false;
}

/** A probe failure that means an outage; a server that answers with an error is up (53300, auth). */
function isOutage(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = codeOf(error);
  if (error instanceof postgres.PostgresError) return code !== "53300" && isUnavailableCode(code);
  return true; // socket errors, timeouts, anything but an answer from the server
}

export interface AvailabilityOptions {
  /** Connections in the pool; also the number of operations admitted at once. */
  max: number;
  connectTimeoutMs: number;
  acquireTimeoutMs: number;
  /** An operation running this long makes the gate check that the database still answers. */
  probeAfterMs: number;
  /** While unavailable, how often the database is probed again. */
  recheckMs: number;
  onChange?: (available: boolean, detail: string) => void;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

type AnyQuery = { handle(): Promise<void>; reject(error: unknown): void };

const isQuery = (value: unknown): value is AnyQuery & PromiseLike<unknown> =>
  value instanceof Promise && typeof (value as Partial<AnyQuery>).handle === "function";

/**
 * A postgres.js client behind the gate: `view` is what Drizzle and the job queue use. The
 * underlying client is replaced after an outage; `view` always forwards to the current one.
 */
export function guardedPostgres(
  url: string,
  clientOptions: postgres.Options<Record<string, postgres.PostgresType>>,
  options: AvailabilityOptions,
) {
  let current = postgres(url, clientOptions);
  const retiring = new Set<Promise<void>>();
  let available = true;
  let closed = false;
  let probing: Promise<void> | undefined;
  let lastProbeAt = 0;
  let free = options.max;
  const waiters: Waiter[] = [];
  const active = new Map<object, number>();

  const unavailable = () => new DatabaseUnavailableError("database unavailable");

  function acquire(): Promise<void> {
    if (closed) return Promise.reject(new DatabaseUnavailableError("database handle closed"));
    if (!available) return Promise.reject(unavailable());
    if (free > 0 && waiters.length === 0) {
      free -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(
            new DatabaseUnavailableError(`no database connection free within ${options.acquireTimeoutMs} ms`),
          );
        }, options.acquireTimeoutMs),
      };
      waiters.push(waiter);
    });
  }

  function release() {
    const next = waiters.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
    } else {
      free += 1;
    }
  }

  /** Admits one operation; the returned function ends it (with its error, if any). */
  async function admit(): Promise<(error?: unknown) => void> {
    await acquire();
    const token = {};
    active.set(token, Date.now());
    let done = false;
    return (error?: unknown) => {
      if (done) return;
      done = true;
      active.delete(token);
      release();
      if (error !== undefined && available && isDatabaseUnavailable(error)) probe();
    };
  }

  function probe(): void {
    if (probing || closed) return;
    lastProbeAt = Date.now();
    probing = (async () => {
      const failure = await reach();
      probing = undefined;
      lastProbeAt = Date.now();
      if (closed) return;
      if (failure === undefined) {
        if (!available) {
          available = true;
          options.onChange?.(true, "database answers again");
        }
      } else if (available) {
        markUnavailable(failure);
      }
    })();
  }

  /** Opens a fresh connection and runs `select 1`; resolves to the failure, if it is an outage. */
  async function reach(): Promise<unknown> {
    const probeClient = postgres(url, {
      ...clientOptions,
      max: 1,
      fetch_types: false,
      idle_timeout: undefined,
      backoff: false,
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        probeClient`select 1`,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new DatabaseUnavailableError(`no answer within ${options.connectTimeoutMs} ms`)),
            options.connectTimeoutMs,
          );
        }),
      ]);
      return undefined;
    } catch (error) {
      return isOutage(error) ? error : undefined;
    } finally {
      clearTimeout(timer);
      void probeClient.end({ timeout: 0 }).catch(() => {});
    }
  }

  function markUnavailable(failure: unknown) {
    available = false;
    const detail = failure instanceof Error ? `${codeOf(failure) ?? failure.name}: ${failure.message}` : "";
    options.onChange?.(false, detail);
    for (const waiter of waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(unavailable());
    }
    // Drop every connection (their queries fail now instead of waiting on a dead socket) and
    // start over with a fresh pool, which connects lazily once the database answers again.
    const old = current;
    current = postgres(url, clientOptions);
    copyTypeHandlers(old, current);
    retire(old, 0);
  }

  function retire(client: postgres.Sql, timeoutSeconds: number) {
    const ending: Promise<void> = client
      .end({ timeout: timeoutSeconds })
      .catch(() => {})
      .finally(() => retiring.delete(ending));
    retiring.add(ending);
  }

  const watchdog = setInterval(
    () => {
      if (closed || probing) return;
      const now = Date.now();
      if (!available) {
        if (now - lastProbeAt >= options.recheckMs) probe();
        return;
      }
      if (now - lastProbeAt < options.probeAfterMs) return;
      for (const startedAt of active.values()) {
        if (now - startedAt >= options.probeAfterMs) return probe();
      }
    },
    Math.max(25, Math.min(100, options.recheckMs)),
  );
  watchdog.unref();

  /** Runs a lazily executed postgres.js query through the gate. */
  function guardQuery<T>(query: T): T {
    if (!isQuery(query)) return query;
    const original = query.handle.bind(query);
    let started = false;
    query.handle = async () => {
      if (started) return;
      started = true;
      let end: (error?: unknown) => void;
      try {
        end = await admit();
      } catch (error) {
        query.reject(error);
        return;
      }
      // Observe the outcome without running the query again (Query#then would call handle()).
      void Promise.prototype.then.call(
        query,
        () => end(),
        (error: unknown) => end(error),
      );
      return original();
    };
    return query;
  }

  async function guardedBegin(...args: unknown[]): Promise<unknown> {
    const end = await admit();
    try {
      const result = await (current.begin as (...a: unknown[]) => Promise<unknown>)(...args);
      end();
      return result;
    } catch (error) {
      end(error);
      throw error;
    }
  }

  const view = new Proxy((() => {}) as unknown as postgres.Sql, {
    apply(_target, _this, args: unknown[]) {
      return guardQuery((current as unknown as (...a: unknown[]) => unknown)(...args));
    },
    get(_target, prop) {
      if (prop === "unsafe")
        return (...args: Parameters<postgres.Sql["unsafe"]>) => guardQuery(current.unsafe(...args));
      if (prop === "begin") return guardedBegin;
      if (prop === "end")
        return async (endOptions?: { timeout?: number }) => {
          closed = true;
          clearInterval(watchdog);
          for (const waiter of waiters.splice(0)) {
            clearTimeout(waiter.timer);
            waiter.reject(new DatabaseUnavailableError("database handle closed"));
          }
          retire(current, endOptions?.timeout ?? 5);
          await probing;
          await Promise.all([...retiring]);
        };
      const value = Reflect.get(current, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });

  return {
    view,
    /** False while the database is known to be unreachable. */
    isAvailable: () => available,
  };
}

/** Drizzle registers its date and JSON handlers on the client it wraps; the next pool needs them too. */
function copyTypeHandlers(from: postgres.Sql, to: postgres.Sql) {
  Object.assign(to.options.parsers, from.options.parsers);
  Object.assign(to.options.serializers, from.options.serializers);
}
