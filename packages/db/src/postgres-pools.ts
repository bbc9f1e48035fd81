import postgres from "postgres";
import { DatabaseUnavailableError, isOutage } from "./database-unavailable";

type ClientOptions = postgres.Options<Record<string, postgres.PostgresType>>;

/** The two pools an outage replaces together. */
interface Pools {
  query: postgres.Sql;
  transaction: postgres.Sql;
  /** Drizzle's type handlers are copied to the transaction pool before its first transaction. */
  handlersCopied: boolean;
}

/** Drizzle registers its date and JSON handlers on the client it wraps; the other pools need them too. */
function copyTypeHandlers(from: postgres.Sql, to: postgres.Sql) {
  Object.assign(to.options.parsers, from.options.parsers);
  Object.assign(to.options.serializers, from.options.serializers);
}

/**
 * The outage gate's postgres.js pools: one for single statements (pipelined), one for
 * transactions (a connection each). `replace` drops both after an outage and opens fresh ones,
 * which connect lazily; pools being ended are tracked until they are gone.
 */
export class PostgresPools {
  private current: Pools;
  private readonly retiring = new Set<Promise<void>>();

  constructor(
    private readonly url: string,
    private readonly clientOptions: ClientOptions,
    private readonly sizes: { queryConnections: number; transactionConnections: number },
  ) {
    this.current = this.open();
  }

  private open(): Pools {
    return {
      query: postgres(this.url, { ...this.clientOptions, max: this.sizes.queryConnections }),
      transaction: postgres(this.url, { ...this.clientOptions, max: this.sizes.transactionConnections }),
      handlersCopied: false,
    };
  }

  /** The pool of single statements (the one Drizzle wraps). */
  get query(): postgres.Sql {
    return this.current.query;
  }

  /** The pool of transactions, with Drizzle's type handlers (registered on the query pool). */
  transactionPool(): postgres.Sql {
    const pools = this.current;
    if (!pools.handlersCopied) {
      copyTypeHandlers(pools.query, pools.transaction);
      pools.handlersCopied = true;
    }
    return pools.transaction;
  }

  /**
   * Drops every connection (their queries fail now instead of waiting on a dead socket) and
   * starts over with fresh pools, which connect lazily once the database answers again.
   */
  replace(): void {
    const old = this.current;
    this.current = this.open();
    copyTypeHandlers(old.query, this.current.query);
    this.retire(old.query, 0);
    this.retire(old.transaction, 0);
  }

  /** Starts ending the current pools (their statements get `timeoutSeconds` to finish). */
  endCurrent(timeoutSeconds: number): void {
    this.retire(this.current.query, timeoutSeconds);
    this.retire(this.current.transaction, timeoutSeconds);
  }

  /** Resolves once every pool being ended is gone. */
  async ended(): Promise<void> {
    await Promise.all([...this.retiring]);
  }

  private retire(client: postgres.Sql, timeoutSeconds: number) {
    const ending: Promise<void> = client
      .end({ timeout: timeoutSeconds })
      .catch(() => {})
      .finally(() => this.retiring.delete(ending));
    this.retiring.add(ending);
  }
}

/**
 * Opens a fresh connection and runs `select 1` within `connectTimeoutMs`; resolves to the
 * failure when it means an outage (a server that answers with an error is up).
 */
export async function reachDatabase(
  url: string,
  clientOptions: ClientOptions,
  connectTimeoutMs: number,
): Promise<unknown> {
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
          () => reject(new DatabaseUnavailableError(`no answer within ${connectTimeoutMs} ms`)),
          connectTimeoutMs,
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
