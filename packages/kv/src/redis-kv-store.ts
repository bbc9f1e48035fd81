import type { Socket } from "node:net";
import { Redis } from "ioredis";
import { type KvStore, KvUnavailableError, normalizeTtlMs } from "./kv-store";
import { parseMemorySettings, type RedisMemorySettings } from "./eviction-policy";

export interface RedisKvStoreOptions {
  /** redis:// or rediss:// URL; may carry credentials, so it is never logged. */
  url: string;
  /** Prepended (by ioredis) to every key this client touches, including rate-limiter keys. */
  keyPrefix?: string;
  /** Where link changes are reported (the app's Logger fits); nothing is written without one. */
  logger?: KvLogger;
  /** ioredis auto-pipelining: the commands of one tick in one write (default false). */
  autoPipelining?: boolean;
}

/** The part of @studio/observability's Logger the store uses. */
export interface KvLogger {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

/** Upper bound for any single wait on Redis: connecting, a command, or the first ready. */
const TIMEOUT_MS = 2_000;

/** INCR and, only when the key is new, PEXPIRE, atomically: the window starts at the first hit. */
const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

/** The marker key holding the store's epoch (under the key prefix, so shared by the replicas of one deployment). */
export const EPOCH_KEY = "kv:epoch";

/** Raises the epoch marker to ARGV[1] unless it already holds a later one; answers the marker (never expires). */
const RAISE_EPOCH_SCRIPT = `
local stored = redis.call('GET', KEYS[1])
local current = tonumber(stored)
if current == nil or current < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1])
  return ARGV[1]
end
return stored
`;

/** SET NX PX, then the epoch marker, atomically: [1 when set else 0, the marker or nil]. */
const CLAIM_WITH_EPOCH_SCRIPT = `
local set = redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX')
return {set and 1 or 0, redis.call('GET', KEYS[2])}
`;

/**
 * A fixed-window rate-limit point (rate-limiter-flexible's own steps on its own key, so both
 * paths count in one window), then, within the budget, the nonce claim and the epoch marker as
 * CLAIM_WITH_EPOCH_SCRIPT: one round trip for everything a signed request asks (issue 30).
 * KEYS: limiter counter, nonce, epoch marker; ARGV: window s, points, nonce value, nonce ttl ms.
 * Answers [consumed, counter pttl, 1/0 set (-1 when over the budget: nothing claimed), marker].
 */
const LIMIT_THEN_CLAIM_SCRIPT = `
redis.call('SET', KEYS[1], 0, 'EX', ARGV[1], 'NX')
local consumed = redis.call('INCRBY', KEYS[1], 1)
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = 1000 * ARGV[1]
end
if consumed > tonumber(ARGV[2]) then return {consumed, ttl, -1, false} end
local set = redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4], 'NX')
return {consumed, ttl, set and 1 or 0, redis.call('GET', KEYS[3])}
`;

/** A limiter's window as LIMIT_THEN_CLAIM_SCRIPT counts it (rate-limiter-flexible's key and steps). */
export interface LimitWindow {
  /** The counter's key (the limiter's prefix, a colon, the limited key). */
  key: string;
  points: number;
  durationSec: number;
}

/** What limitThenClaimWithEpoch answers: the window's count, and the claim when within the budget. */
export interface LimitedClaim {
  consumed: number;
  /** ms until the window resets. */
  msBeforeNext: number;
  /** Absent when over the budget (nothing was claimed). */
  claim?: { claimed: boolean; epoch: number };
}

/**
 * Redis reply errors that mean "the server cannot serve right now" rather than "bad command";
 * these are reported as KvUnavailableError like connection failures.
 */
const TRANSIENT_REPLY_PREFIXES = [
  "LOADING",
  "BUSY",
  "READONLY",
  "MASTERDOWN",
  "CLUSTERDOWN",
  "TRYAGAIN",
  "OOM",
  "NOAUTH",
  "WRONGPASS",
];

type LinkState = "starting" | "ready" | "down";

/**
 * Redis-backed store, shared by all API replicas. Fails fast and closed: when Redis is unreachable
 * every method rejects with KvUnavailableError within about two seconds (no offline queue, bounded
 * connect/command timeouts), while the client keeps reconnecting in the background.
 */
export class RedisKvStore implements KvStore {
  readonly kind = "redis" as const;
  /** The underlying ioredis client (reused by the Redis rate limiter). Do not quit it directly; call close(). */
  readonly client: Redis;

  private linkState: LinkState = "starting";
  private readyWait: Promise<void> | undefined;
  private closed = false;
  private readonly logger: KvLogger | undefined;
  /** Time of the first connection: a missing marker before it was seen means Redis was empty when we came. */
  private epochSeed: number | undefined;
  /** The marker must be raised to this before the next epoch() answer (after an outage). */
  private epochRaise: number | undefined;
  /** A command failed as unavailable and none has succeeded since. */
  private failedSinceSuccess = false;
  /** The socket holding this loop turn's command writes (see coalesceWrites). */
  private corkedStream: Socket | undefined;

  constructor(options: RedisKvStoreOptions) {
    this.logger = options.logger;
    this.client = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: TIMEOUT_MS,
      commandTimeout: TIMEOUT_MS,
      lazyConnect: false,
      // Off by default: measured at 100 connections (issue 30) it did not lower the signed GET's
      // CPU per request (one command per request; the pipeline's own objects cost what the
      // saved writes did).
      enableAutoPipelining: options.autoPipelining ?? false,
      // Never give up: retry with backoff capped at 2 s, so the store recovers when Redis returns.
      retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times - 1, 5), TIMEOUT_MS),
    });
    // EVALSHA with a fallback to EVAL (the script is not sent on every request).
    this.client.defineCommand("claimWithEpoch", { numberOfKeys: 2, lua: CLAIM_WITH_EPOCH_SCRIPT });
    this.client.defineCommand("limitThenClaim", { numberOfKeys: 3, lua: LIMIT_THEN_CLAIM_SCRIPT });
    this.client.on("error", (err: unknown) => this.markDown(err));
    this.client.on("close", () => {
      if (!this.closed) this.markDown(undefined);
    });
    this.client.on("ready", () => {
      const at = Date.now();
      if (this.linkState === "down") {
        this.logger?.warn("kv: redis connection restored");
        // Redis was out of reach (maybe restarted or failed over): it may have lost nonces.
        // This reconnection is the moment it came back, so commands that failed meanwhile
        // need no later raise of their own.
        this.raiseEpochTo(at);
        this.failedSinceSuccess = false;
      } else if (this.linkState === "starting") {
        this.epochSeed = at;
      }
      this.linkState = "ready";
      // Settle the marker now, ahead of any request (commands on one connection run in order).
      this.epoch().catch(() => undefined);
    });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = normalizeTtlMs(ttlMs);
    const reply = await this.run(() => this.client.set(key, value, "PX", ttl, "NX"));
    return reply === "OK";
  }

  async get(key: string): Promise<string | null> {
    return this.run(() => this.client.get(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) {
      await this.run(() => this.client.set(key, value));
    } else {
      const ttl = normalizeTtlMs(ttlMs);
      await this.run(() => this.client.set(key, value, "PX", ttl));
    }
  }

  async delete(key: string): Promise<void> {
    await this.run(() => this.client.del(key));
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const ttl = normalizeTtlMs(ttlMs);
    const reply = await this.run(() => this.client.eval(INCREMENT_SCRIPT, 1, key, ttl));
    if (typeof reply !== "number") throw new Error(`unexpected INCR reply type: ${typeof reply}`);
    return reply;
  }

  /**
   * The epoch lives in the marker key EPOCH_KEY, which never expires (Redis must not evict:
   * maxmemory-policy noeviction, its default). It moves forward when
   * - the marker is missing: Redis was empty when this client first connected (that moment),
   *   else it lost its data while connected (flushed, evicted): now;
   * - this client reconnected after losing the connection (Redis restarted, failed over or was
   *   unreachable): the moment it reconnected;
   * - a command failed as unavailable and a later one succeeded: the moment of that success.
   * A raise is a compare-and-set to the larger value, so racing replicas agree, and the marker
   * is read on every call, so every replica sees what any of them observed.
   */
  async epoch(): Promise<number> {
    const raise = this.epochRaise;
    if (raise !== undefined) {
      const value = await this.raiseMarker(raise);
      if (this.epochRaise === raise) this.epochRaise = undefined;
      this.epochSeed = undefined;
      return value;
    }
    const stored = parseEpoch(await this.run(() => this.client.get(EPOCH_KEY)));
    if (stored !== undefined) {
      this.epochSeed = undefined;
      return stored;
    }
    const value = await this.raiseMarker(this.epochSeed ?? Date.now());
    this.epochSeed = undefined;
    return value;
  }

  async claimWithEpoch(
    key: string,
    value: string,
    ttlMs: number,
  ): Promise<{ claimed: boolean; epoch: number }> {
    const ttl = normalizeTtlMs(ttlMs);
    const client = this.client as Redis & {
      claimWithEpoch(key: string, epochKey: string, value: string, ttl: number): Promise<[number, unknown]>;
    };
    const [set, marker] = await this.run(() => client.claimWithEpoch(key, EPOCH_KEY, value, ttl));
    const stored = parseEpoch(marker);
    // An outage to settle first, or no marker yet (a fresh or emptied Redis): the full epoch()
    // path, which raises the marker; rare, so the common request stays at one round trip.
    if (this.epochRaise !== undefined || stored === undefined)
      return { claimed: set === 1, epoch: await this.epoch() };
    this.epochSeed = undefined;
    return { claimed: set === 1, epoch: stored };
  }

  /**
   * One rate-limit point of `window`, then, within its budget, claimWithEpoch(key, value, ttlMs):
   * one round trip (a script) for the global limiter, the nonce and the store epoch of a signed
   * request. Over the budget nothing is claimed.
   */
  async limitThenClaimWithEpoch(
    window: LimitWindow,
    key: string,
    value: string,
    ttlMs: number,
  ): Promise<LimitedClaim> {
    const ttl = normalizeTtlMs(ttlMs);
    const client = this.client as Redis & {
      limitThenClaim(
        counterKey: string,
        key: string,
        epochKey: string,
        durationSec: number,
        points: number,
        value: string,
        ttl: number,
      ): Promise<[number, number, number, unknown]>;
    };
    const [consumed, msBeforeNext, set, marker] = await this.run(() =>
      client.limitThenClaim(window.key, key, EPOCH_KEY, window.durationSec, window.points, value, ttl),
    );
    if (set === -1) return { consumed, msBeforeNext };
    const stored = parseEpoch(marker);
    // As claimWithEpoch: an outage to settle, or no marker yet, takes the full epoch() path.
    if (this.epochRaise !== undefined || stored === undefined)
      return { consumed, msBeforeNext, claim: { claimed: set === 1, epoch: await this.epoch() } };
    this.epochSeed = undefined;
    return { consumed, msBeforeNext, claim: { claimed: set === 1, epoch: stored } };
  }

  async ping(): Promise<void> {
    await this.run(() => this.client.ping());
  }

  /** maxmemory and maxmemory-policy (from INFO memory), for the start-up eviction check. */
  async memorySettings(): Promise<RedisMemorySettings> {
    const info = await this.run(() => this.client.info("memory"));
    const settings = parseMemorySettings(info);
    if (!settings) throw new Error("INFO memory names no maxmemory / maxmemory_policy");
    return settings;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.client.status === "ready") {
      try {
        await this.client.quit();
        return;
      } catch {
        // fall through to a hard disconnect
      }
    }
    this.client.disconnect();
  }

  /**
   * Resolves once the client can take commands. While the first connection attempt (or a reconnect
   * attempt) is in progress it waits for it, at most ~2 s; when Redis is known to be down (waiting
   * between reconnect attempts) or the store is closed it rejects immediately with KvUnavailableError.
   */
  async assertReady(): Promise<void> {
    if (this.closed) throw new KvUnavailableError("redis kv store is closed");
    const status = this.client.status;
    if (status === "ready") return;
    if (status === "connecting" || status === "connect") {
      this.readyWait ??= this.waitForReady().finally(() => {
        this.readyWait = undefined;
      });
      return this.readyWait;
    }
    throw new KvUnavailableError(`redis is not connected (${status})`);
  }

  private waitForReady(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const client = this.client;
      const finish = (err?: Error): void => {
        clearTimeout(timer);
        client.off("ready", onReady);
        client.off("close", onClose);
        client.off("end", onClose);
        if (err) reject(err);
        else resolve();
      };
      const onReady = (): void => finish();
      const onClose = (): void => finish(new KvUnavailableError("redis connection failed"));
      const timer = setTimeout(
        () => finish(new KvUnavailableError("redis connection timed out")),
        TIMEOUT_MS,
      );
      client.once("ready", onReady);
      client.once("close", onClose);
      client.once("end", onClose);
    });
  }

  /**
   * Holds this turn's command writes in the socket until the event loop's check phase, then
   * sends them as one writev (what postgres.js does with its queries): under many concurrent
   * requests each signed request's script was a write syscall of its own, 12% of the signed web
   * GET's CPU at 100 connections (issue 30 profile). A command waits at most until the end of
   * the current loop turn; replies and their order are unchanged.
   */
  private coalesceWrites(): void {
    if (this.corkedStream) return;
    const stream = (this.client as unknown as { stream?: Socket }).stream;
    if (!stream || stream.destroyed) return;
    stream.cork();
    this.corkedStream = stream;
    setImmediate(() => {
      this.corkedStream = undefined;
      stream.uncork();
    });
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      // Connected (the steady state): no await, so the command is written in this same step.
      if (this.closed || this.client.status !== "ready") await this.assertReady();
      this.coalesceWrites();
      result = await command();
    } catch (err) {
      const error = toKvError(err);
      if (error instanceof KvUnavailableError && !this.closed) this.failedSinceSuccess = true;
      throw error;
    }
    if (this.failedSinceSuccess) {
      // The store answers again after failing: what it held may have been lost meanwhile.
      this.failedSinceSuccess = false;
      this.raiseEpochTo(Date.now());
    }
    return result;
  }

  private raiseEpochTo(at: number): void {
    this.epochRaise = Math.max(this.epochRaise ?? at, at);
  }

  private async raiseMarker(at: number): Promise<number> {
    const reply = await this.run(() => this.client.eval(RAISE_EPOCH_SCRIPT, 1, EPOCH_KEY, String(at)));
    const value = parseEpoch(reply);
    if (value === undefined) throw new Error("unexpected epoch marker reply");
    return value;
  }

  private markDown(err: unknown): void {
    if (this.closed || this.linkState === "down") return;
    this.linkState = "down";
    // Only the error code/name: messages and the URL may carry host details or credentials.
    this.logger?.warn("kv: redis unavailable; failing closed and reconnecting", { code: describe(err) });
  }
}

function parseEpoch(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^[0-9]{1,16}$/.test(value)) return undefined;
  return Number(value);
}

function describe(err: unknown): string {
  if (err && typeof err === "object") {
    const { code, name } = err as { code?: unknown; name?: unknown };
    if (typeof code === "string") return code;
    if (typeof name === "string") return name;
  }
  return "connection closed";
}

/** Connection-level failures become KvUnavailableError; genuine command errors (e.g. WRONGTYPE) pass through. */
function toKvError(err: unknown): Error {
  if (err instanceof KvUnavailableError) return err;
  if (err instanceof Error && err.name === "ReplyError") {
    const transient = TRANSIENT_REPLY_PREFIXES.some((p) => err.message.startsWith(p));
    return transient
      ? new KvUnavailableError(`redis cannot serve requests (${err.message.split(" ")[0]})`, { cause: err })
      : err;
  }
  return new KvUnavailableError("redis unreachable", { cause: err });
}
