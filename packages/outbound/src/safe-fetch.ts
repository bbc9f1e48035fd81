import { promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { addressRefusal } from "./addresses";
import { checkTarget, describeRefusal, type TargetPolicy } from "./target-check";

/** decisions.md: delivery times out at 10 s (connection, answer and body together). */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Largest answer body read (after decompression); a larger one is a failure. */
export const OUTBOUND_MAX_BYTES = 5 * 1024 * 1024;

/** Resolves a host name to every address it has (the system resolver unless a test injects one). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Why an outbound call failed:
 * - refused: the target fails the checks (scheme, host name, IP literal, or an address its name resolves to);
 * - redirect: the target answered 3xx (redirects are never followed);
 * - timeout: no complete answer within the timeout;
 * - too-large: the body exceeds the size cap;
 * - network: DNS failure, connection refused or reset, TLS failure, a body that cannot be decoded.
 */
export type OutboundFailure = "refused" | "redirect" | "timeout" | "too-large" | "network";

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** The HTTP status, for a redirect. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

export interface SafeFetchOptions extends TargetPolicy {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Default 10 s. */
  timeoutMs?: number;
  /** Default 5 MiB. */
  maxBytes?: number;
  /** Name resolution (tests inject one to model DNS answers). */
  resolve?: Resolver;
  signal?: AbortSignal;
  /**
   * Reuse connections (issue 30 item 6: webhook deliveries): the socket comes from a keep-alive
   * pool of this policy (scheme, allowLoopback, resolver), so it was connected through the same
   * checked lookup (a pooled socket is never one another policy connected). A request on a reused
   * socket that the receiver closed meanwhile (reset before any answer) is sent once more on a
   * fresh socket. Default false: a socket of its own.
   */
  keepAlive?: boolean;
}

/** The keep-alive pools, by resolver, then scheme and loopback allowance. */
const pools = new WeakMap<Resolver, Map<string, http.Agent>>();

function pooledAgent(protocol: string, resolve: Resolver, allowLoopback: boolean): http.Agent {
  let byPolicy = pools.get(resolve);
  if (!byPolicy) pools.set(resolve, (byPolicy = new Map()));
  const key = `${protocol}${allowLoopback ? "+loopback" : ""}`;
  let agent = byPolicy.get(key);
  if (!agent) {
    const settings: http.AgentOptions = {
      keepAlive: true,
      // An idle socket is closed after 4 s, before the common 5 s of servers (fewer resets on reuse).
      timeout: 4_000,
      maxFreeSockets: 64,
      scheduling: "lifo",
    };
    agent = protocol === "https:" ? new https.Agent(settings) : new http.Agent(settings);
    byPolicy.set(key, agent);
  }
  return agent;
}

export interface SafeResponse {
  /** The URL fetched (normalized by the URL parser). */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, decompressed. */
  body: Buffer;
  /** The media type of content-type, lower case, without parameters; null when absent. */
  mediaType: string | null;
  /** The charset parameter of content-type, lower case; null when absent. */
  charset: string | null;
}

const decoderFor = (
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null => {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
};

/**
 * One HTTP request to a target outside the service, under decisions.md "Outbound target
 * checks": the URL is checked first (`checkTarget`), then the host name is resolved and every
 * address it resolves to is checked again, and the connection goes to the address that was
 * checked (the resolver is the socket's own lookup, so a DNS answer cannot change between check
 * and connect). Redirects are failures, the whole call has a deadline (10 s) and the body a cap
 * (5 MiB after decompression). Any status other than 3xx is returned; the caller judges it.
 * Throws OutboundError.
 */
export async function safeFetch(target: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const check = checkTarget(target, options);
  if (!check.ok) throw new OutboundError("refused", describeRefusal(check.refusal));
  const { url, host } = check;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  const resolve = options.resolve ?? systemResolver;
  const allowLoopback = options.allowLoopback === true;
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? Buffer.from(options.body)
        : Buffer.from(options.body);

  // The error a lookup raised: the socket reports it wrapped, this keeps the original.
  let lookupError: OutboundError | undefined;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const done = callback as (err: Error | null, address: unknown, family?: number) => void;
    resolve(hostname)
      .then((found) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = wanted ? found.filter((a) => a.family === wanted) : found;
        if (!addresses.length) throw new OutboundError("network", `could not resolve ${hostname}`);
        // Every address is checked: a name with one private address among public ones is refused.
        for (const { address } of found) {
          const kind = addressRefusal(address, allowLoopback);
          if (kind)
            throw new OutboundError("refused", `target host ${hostname} resolves to a ${kind} address`);
        }
        if (lookupOptions.all) done(null, addresses);
        else done(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: unknown) => {
        lookupError =
          err instanceof OutboundError
            ? err
            : new OutboundError("network", `could not resolve ${hostname}: ${(err as Error).message}`);
        done(lookupError, undefined);
      });
  };

  const headers: Record<string, string> = {
    "accept-encoding": "gzip, deflate, br",
    ...options.headers,
  };
  if (body) headers["content-length"] = String(body.length);

  const deadline = Date.now() + timeoutMs;
  const send = (agent: http.Agent | false) =>
    new Promise<SafeResponse>((resolvePromise, reject) => {
      let settled = false;
      const request = (url.protocol === "https:" ? https : http).request({
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers,
        lookup,
        // false: a socket of its own, never one a pool connected for another check.
        agent,
      });
      const finish = (error: OutboundError | null, response?: SafeResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        if (error) {
          request.destroy();
          reject(error);
        } else resolvePromise(response!);
      };
      const timer = setTimeout(
        () => finish(new OutboundError("timeout", `no complete answer within ${timeoutMs} ms`)),
        Math.max(0, deadline - Date.now()),
      );
      const onAbort = () => finish(new OutboundError("timeout", "the call was cancelled"));
      if (options.signal?.aborted) onAbort();
      options.signal?.addEventListener("abort", onAbort);

      request.on("error", (err) => {
        if (
          !settled &&
          agent &&
          request.reusedSocket &&
          !answered &&
          (err as NodeJS.ErrnoException).code === "ECONNRESET"
        ) {
          // The receiver closed the idle pooled socket as we sent: once more on a fresh one.
          settled = true;
          clearTimeout(timer);
          options.signal?.removeEventListener("abort", onAbort);
          resolvePromise(send(false));
          return;
        }
        finish(lookupError ?? new OutboundError("network", `request failed: ${err.message}`));
      });
      let answered = false;
      request.on("response", (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          finish(new OutboundError("redirect", `target answered a redirect (${status})`, status));
          return;
        }
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes) {
          finish(new OutboundError("too-large", `answer larger than ${maxBytes} bytes`));
          return;
        }
        const encoding = res.headers["content-encoding"];
        const decoder = decoderFor(encoding);
        if (!decoder && encoding && !/^\s*identity\s*$/i.test(encoding)) {
          finish(new OutboundError("network", `unsupported content encoding ${encoding}`));
          return;
        }
        const stream: Readable = decoder ? res.pipe(decoder) : res;
        const chunks: Buffer[] = [];
        let total = 0;
        res.on("error", (err) => finish(new OutboundError("network", `answer interrupted: ${err.message}`)));
        stream.on("error", (err) =>
          finish(new OutboundError("network", `answer not decodable: ${err.message}`)),
        );
        stream.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) {
            decoder?.destroy();
            finish(new OutboundError("too-large", `answer larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on("end", () => {
          const contentType = res.headers["content-type"] ?? "";
          const [mediaType, ...params] = contentType.split(";").map((s) => s.trim());
          const charset = params
            .map((p) => /^charset\s*=\s*"?([^";]+)"?$/i.exec(p)?.[1])
            .find((c): c is string => Boolean(c));
          finish(null, {
            url: url.href,
            status,
            headers: res.headers,
            body: Buffer.concat(chunks),
            mediaType: mediaType ? mediaType.toLowerCase() : null,
            charset: charset ? charset.toLowerCase() : null,
          });
        });
      });
      request.end(body);
    });
  return send(options.keepAlive ? pooledAgent(url.protocol, resolve, allowLoopback) : false);
}
