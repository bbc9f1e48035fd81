import postgres from "postgres";
import { errorCode, isUnavailableSqlState, SQLSTATE } from "./sqlstate";

/**
 * Fail-fast access to PostgreSQL (issue 9, item 4). postgres.js alone waits: a query queues
 * while every connection is busy or connecting, a connection attempt into a black hole waits
 * connect_timeout and is then retried for the next queued query with a growing backoff, and a
 * query sent on a connection that went silent waits for TCP to give up (minutes). Here:
 *
 * - two postgres.js pools (issue 16): single statements run on a few connections, pipelined
 *   (postgres.js sends a statement on a busy connection once none is idle), transactions on
 *   their own pool, one connection each. Under load a pipelined connection carries several
 *   statements per socket write and read, which costs the process and the server far less
 *   than one connection per statement; a transaction keeps its connection to itself;
 * - a gate admits `queryConnections × pipelineDepth` statements and `transactionConnections`
 *   transactions at once; waiting for a place is bounded (acquireTimeoutMs), so nothing
 *   queues inside postgres.js, and a statement waits behind at most pipelineDepth - 1 others
 *   (each bounded by the server's statement_timeout);
 * - when an admitted operation fails with a connection error, or runs longer than
 *   probeAfterMs, a probe opens a fresh connection and runs `select 1` within
 *   connectTimeoutMs. If the database does not answer, it is marked unavailable: waiting and
 *   new operations fail at once with DatabaseUnavailableError, both pools are dropped (their
 *   queries fail with CONNECTION_DESTROYED) and replaced by fresh ones, and the probe repeats
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

function isUnavailableCode(code: string | undefined): boolean {
  if (!code) return false;
  return CONNECTION_CODES.has(code) || isUnavailableSqlState(code);
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
    if (isUnavailableCode(errorCode(e))) return true;
  }
  return false;
}

/** A probe failure that means an outage; a server that answers with an error is up (53300, auth). */
function isOutage(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = errorCode(error);
  if (error instanceof postgres.PostgresError)
    return code !== SQLSTATE.tooManyConnections && isUnavailableCode(code);
  return true; // socket errors, timeouts, anything but an answer from the server
}

export interface AvailabilityOptions {
  /** Connections that run single statements, pipelined. */
  queryConnections: number;
  /** Statements admitted per query connection (1: one at a time, no pipelining). */
  pipelineDepth: number;
  /** Connections that run transactions, one transaction each. */
  transactionConnections: number;
  connectTimeoutMs: number;
  acquireTimeoutMs: number;
  /** An operation running this long makes the gate check that the database still answers. */
  probeAfterMs: number;
  /** While unavailable, how often the database is probed again. */
  recheckMs: number;
  onChange?: (available: boolean, detail: string) => void;
}

/** Places of one kind (statements or transactions); waiting for one is bounded. */
class Permits {
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

type AnyQuery = { handle(): Promise<void>; reject(error: unknown): void };

const isQuery = (value: unknown): value is AnyQuery & PromiseLike<unknown> =>
  value instanceof Promise && typeof (value as Partial<AnyQuery>).handle === "function";

/** The two pools an outage replaces together. */
interface Pools {
  query: postgres.Sql;
  transaction: postgres.Sql;
  /** Drizzle's type handlers are copied to the transaction pool before its first transaction. */
  handlersCopied: boolean;
}

/**
 * postgres.js pools behind the gate: `view` is what Drizzle and the job queue use (statements
 * go to the query pool, `begin` to the transaction pool). The pools are replaced after an
 * outage; `view` always forwards to the current ones.
 */
export function guardedPostgres(
  url: string,
  clientOptions: postgres.Options<Record<string, postgres.PostgresType>>,
  options: AvailabilityOptions,
) {
  const openPools = (): Pools => ({
    query: postgres(url, { ...clientOptions, max: options.queryConnections }),
    transaction: postgres(url, { ...clientOptions, max: options.transactionConnections }),
    handlersCopied: false,
  });
  let current = openPools();
  const retiring = new Set<Promise<void>>();
  let available = true;
  let closed = false;
  let probing: Promise<void> | undefined;
  let lastProbeAt = 0;
  const statements = new Permits(
    options.queryConnections * Math.max(1, options.pipelineDepth),
    options.acquireTimeoutMs,
  );
  const transactions = new Permits(options.transactionConnections, options.acquireTimeoutMs);
  const active = new Map<object, number>();

  const unavailable = () => new DatabaseUnavailableError("database unavailable");

  function acquire(permits: Permits): Promise<void> {
    if (closed) return Promise.reject(new DatabaseUnavailableError("database handle closed"));
    if (!available) return Promise.reject(unavailable());
    return permits.acquire();
  }

  /** Admits one operation; the returned function ends it (with its error, if any). */
  async function admit(permits: Permits): Promise<(error?: unknown) => void> {
    await acquire(permits);
    const token = {};
    active.set(token, Date.now());
    let done = false;
    return (error?: unknown) => {
      if (done) return;
      done = true;
      active.delete(token);
      permits.release();
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
    const detail =
      failure instanceof Error ? `${errorCode(failure) ?? failure.name}: ${failure.message}` : "";
    options.onChange?.(false, detail);
    statements.rejectAll(unavailable);
    transactions.rejectAll(unavailable);
    // Drop every connection (their queries fail now instead of waiting on a dead socket) and
    // start over with fresh pools, which connect lazily once the database answers again.
    const old = current;
    current = openPools();
    copyTypeHandlers(old.query, current.query);
    retire(old.query, 0);
    retire(old.transaction, 0);
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
        end = await admit(statements);
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
    const end = await admit(transactions);
    const pools = current;
    if (!pools.handlersCopied) {
      // Drizzle registered its date and JSON handlers on the query pool (the one `view` shows).
      copyTypeHandlers(pools.query, pools.transaction);
      pools.handlersCopied = true;
    }
    try {
      const result = await (pools.transaction.begin as (...a: unknown[]) => Promise<unknown>)(...args);
      end();
      return result;
    } catch (error) {
      end(error);
      throw error;
    }
  }

  const view = new Proxy((() => {}) as unknown as postgres.Sql, {
    apply(_target, _this, args: unknown[]) {
      return guardQuery((current.query as unknown as (...a: unknown[]) => unknown)(...args));
    },
    get(_target, prop) {
      if (prop === "unsafe")
        return (...args: Parameters<postgres.Sql["unsafe"]>) => guardQuery(current.query.unsafe(...args));
      if (prop === "begin") return guardedBegin;
      if (prop === "end")
        return async (endOptions?: { timeout?: number }) => {
          closed = true;
          clearInterval(watchdog);
          const handleClosed = () => new DatabaseUnavailableError("database handle closed");
          statements.rejectAll(handleClosed);
          transactions.rejectAll(handleClosed);
          retire(current.query, endOptions?.timeout ?? 5);
          retire(current.transaction, endOptions?.timeout ?? 5);
          await probing;
          await Promise.all([...retiring]);
        };
      const value = Reflect.get(current.query, prop) as unknown;
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(current.query)
        : value;
    },
  });

  return {
    view,
    /** False while the database is known to be unreachable. */
    isAvailable: () => available,
  };
}

/** Drizzle registers its date and JSON handlers on the client it wraps; the other pools need them too. */
function copyTypeHandlers(from: postgres.Sql, to: postgres.Sql) {
  Object.assign(to.options.parsers, from.options.parsers);
  Object.assign(to.options.serializers, from.options.serializers);
}
