import type postgres from "postgres";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./database-unavailable";
import { Permits } from "./gate-permits";
import { PostgresPools, reachDatabase } from "./postgres-pools";
import { errorCode } from "./sqlstate";

export { DatabaseUnavailableError, isDatabaseUnavailable } from "./database-unavailable";

/**
 * The database outage gate: fail-fast access to PostgreSQL (issue 9, item 4). postgres.js alone waits: a query queues
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
 *
 * The parts: database-unavailable.ts (the error and what counts as unreachable), gate-permits.ts
 * (bounded places), postgres-pools.ts (the two pools, their replacement, the probe's connection);
 * here the state (available, closed, probing), admission, the watchdog and the view Drizzle uses.
 */

export interface OutageGateOptions {
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

type AnyQuery = { handle(): Promise<void>; reject(error: unknown): void };

const isQuery = (value: unknown): value is AnyQuery & PromiseLike<unknown> =>
  value instanceof Promise && typeof (value as Partial<AnyQuery>).handle === "function";

/** Admits one operation; the returned function ends it (with its error, if any). */
type Admit = (permits: Permits) => Promise<(error?: unknown) => void>;

/** Runs a lazily executed postgres.js query through the gate (statements' permits). */
function gateQuery<T>(query: T, admit: Admit, statements: Permits): T {
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

/**
 * The postgres.js `sql` Drizzle sees: calls and `unsafe` run on the current query pool through
 * the gate, `begin` and `end` are the gate's, anything else reads the current query pool.
 */
function gatedView(
  pools: PostgresPools,
  gate: {
    admit: Admit;
    statements: Permits;
    begin: (...args: unknown[]) => Promise<unknown>;
    close: (endOptions?: { timeout?: number }) => Promise<void>;
  },
): postgres.Sql {
  return new Proxy((() => {}) as unknown as postgres.Sql, {
    apply(_target, _this, args: unknown[]) {
      return gateQuery(
        (pools.query as unknown as (...a: unknown[]) => unknown)(...args),
        gate.admit,
        gate.statements,
      );
    },
    get(_target, prop) {
      if (prop === "unsafe")
        return (...args: Parameters<postgres.Sql["unsafe"]>) =>
          gateQuery(pools.query.unsafe(...args), gate.admit, gate.statements);
      if (prop === "begin") return gate.begin;
      if (prop === "end") return gate.close;
      const query = pools.query;
      const value = Reflect.get(query, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(query) : value;
    },
  });
}

/**
 * postgres.js pools behind the outage gate: `view` is what Drizzle and the job queue use
 * (statements go to the query pool, `begin` to the transaction pool). The pools are replaced
 * after an outage; `view` always forwards to the current ones.
 */
export function outageGatedPostgres(
  url: string,
  clientOptions: postgres.Options<Record<string, postgres.PostgresType>>,
  options: OutageGateOptions,
) {
  const pools = new PostgresPools(url, clientOptions, options);
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

  const admit: Admit = async (permits) => {
    if (closed) throw new DatabaseUnavailableError("database handle closed");
    if (!available) throw unavailable();
    await permits.acquire();
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
  };

  function probe(): void {
    if (probing || closed) return;
    lastProbeAt = Date.now();
    probing = (async () => {
      const failure = await reachDatabase(url, clientOptions, options.connectTimeoutMs);
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

  function markUnavailable(failure: unknown) {
    available = false;
    const detail =
      failure instanceof Error ? `${errorCode(failure) ?? failure.name}: ${failure.message}` : "";
    options.onChange?.(false, detail);
    statements.rejectAll(unavailable);
    transactions.rejectAll(unavailable);
    pools.replace();
  }

  /** While unavailable: probe every recheckMs. Else probe when an operation runs past probeAfterMs. */
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

  async function begin(...args: unknown[]): Promise<unknown> {
    const end = await admit(transactions);
    // Drizzle registered its date and JSON handlers on the query pool (the one `view` shows).
    const transactionPool = pools.transactionPool();
    try {
      const result = await (transactionPool.begin as (...a: unknown[]) => Promise<unknown>)(...args);
      end();
      return result;
    } catch (error) {
      end(error);
      throw error;
    }
  }

  async function close(endOptions?: { timeout?: number }): Promise<void> {
    closed = true;
    clearInterval(watchdog);
    const handleClosed = () => new DatabaseUnavailableError("database handle closed");
    statements.rejectAll(handleClosed);
    transactions.rejectAll(handleClosed);
    pools.endCurrent(endOptions?.timeout ?? 5);
    await probing;
    await pools.ended();
  }

  const view = gatedView(pools, { admit, statements, begin, close });

  return {
    view,
    /** False while the database is known to be unreachable. */
    isAvailable: () => available,
  };
}
