import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtApiMain } from "./built-mains";

/**
 * Tools of credentials-fuzz.test.ts: a seeded PRNG, string mutators, a raw HTTP/1.1 client (so
 * mutations fetch would refuse to send — NUL, look-alikes, duplicated headers — reach the server
 * byte for byte) and the real API process (its built bundle, support/built-mains).
 */

// ---- seeded PRNG (mulberry32) ----

export interface Rng {
  /** [0, 1) */
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

// ---- string mutators ----

/** Characters that look like ASCII ones (Cyrillic, Greek, full-width, math digits). */
const LOOK_ALIKES: Record<string, string[]> = {
  a: ["\u0430", "\u03b1", "\uff41"],
  c: ["\u0441", "\u217d"],
  e: ["\u0435", "\uff45"],
  o: ["\u043e", "\u03bf", "\u0ce6"],
  p: ["\u0440"],
  x: ["\u0445", "\u00d7"],
  y: ["\u0443"],
  i: ["\u0456", "\u0131"],
  s: ["\u0455"],
  k: ["\u03ba"],
  A: ["\u0410", "\u0391"],
  B: ["\u0412"],
  E: ["\u0415"],
  O: ["\u041e", "0"],
  l: ["1", "I", "\u04cf"],
  "0": ["O", "\u041e", "\uff10", "\ud835\udfce"],
  "1": ["l", "I", "\uff11"],
  "5": ["S"],
  "-": ["\u2010", "\u2212", "\u2013"],
  _: ["\uff3f", "\u2017"],
  ".": ["\u2024", "\uff0e"],
};
const WHITESPACE = [" ", "\t", "\u0000", "\u000b", "\u00a0", "\u200b", "\ufeff", "\u3000", "%20", "+"];
const ALPHABET_SWAPS: [string, string][] = [
  ["-", "+"],
  ["_", "/"],
  ["+", "-"],
  ["/", "_"],
  ["a", "A"],
  ["f", "F"],
];

/** The result differs from `value` (a mutator that changed nothing tries again). */
export type Mutator = (value: string, rng: Rng) => string;

/** A position, the edges favoured: a comparison that skips the first or last character is a classic slip. */
const at = (value: string, rng: Rng) => {
  const roll = rng.next();
  if (roll < 0.25) return Math.max(0, value.length - 1);
  if (roll < 0.35) return 0;
  return rng.int(Math.max(1, value.length));
};

export const MUTATORS: Record<string, Mutator> = {
  bitFlip(value, rng) {
    const bytes = Buffer.from(value, "utf8");
    if (bytes.length === 0) return "x";
    const i = at(bytes.toString("latin1"), rng);
    bytes[i] = bytes[i]! ^ (1 << rng.int(7));
    return bytes.toString("latin1");
  },
  truncate(value, rng) {
    const roll = rng.next();
    if (roll < 0.3) return value.slice(0, -1);
    if (roll < 0.4) return value.slice(1);
    return roll < 0.7 ? value.slice(0, rng.int(value.length)) : value.slice(1 + rng.int(value.length));
  },
  extend(value, rng) {
    const extra = rng.pick(["0", "a", "=", "==", "A", "f", value.slice(-1), "00", value.slice(0, 4), "%00"]);
    return rng.chance(0.7) ? value + extra : extra + value;
  },
  changeCase(value, rng) {
    const letters = [...value].map((ch, i) => (/[a-z]/i.test(ch) ? i : -1)).filter((i) => i >= 0);
    if (letters.length === 0) return value + "A";
    if (rng.chance(0.3)) return value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase();
    const i = rng.pick(letters);
    const ch = value[i]!;
    const flipped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
    return value.slice(0, i) + flipped + value.slice(i + 1);
  },
  alphabetSwap(value, rng) {
    const candidates = ALPHABET_SWAPS.filter(([from]) => value.includes(from));
    if (candidates.length > 0 && rng.chance(0.6)) {
      const [from, to] = rng.pick(candidates);
      return value.replace(from, to);
    }
    // Re-encode: hex <-> base64 <-> base64url of the same bytes, or padding added.
    const asHex = /^[0-9a-f]+$/i.test(value) && value.length % 2 === 0;
    const bytes = asHex ? Buffer.from(value, "hex") : Buffer.from(value, "base64url");
    const encoded = rng.pick(["base64", "base64url", "hex", "padded"] as const);
    if (encoded === "padded") return `${value}${"=".repeat(1 + rng.int(2))}`;
    const out = bytes.toString(encoded);
    return out === value ? `${value}=` : out;
  },
  lookAlike(value, rng) {
    const spots = [...value].map((ch, i) => (LOOK_ALIKES[ch] ? i : -1)).filter((i) => i >= 0);
    if (spots.length === 0) return value + "\u0430";
    const i = rng.pick(spots);
    return value.slice(0, i) + rng.pick(LOOK_ALIKES[value[i]!]!) + value.slice(i + 1);
  },
  whitespace(value, rng) {
    // Inside the value: HTTP strips surrounding whitespace of a header value by design.
    const i = 1 + rng.int(Math.max(1, value.length - 1));
    return value.slice(0, i) + rng.pick(WHITESPACE) + value.slice(i);
  },
  replaceChar(value, rng) {
    const i = at(value, rng);
    const pool = "0123456789abcdefABCDEF-_+/=.";
    let ch = rng.pick([...pool]);
    if (ch === value[i]) ch = ch === "0" ? "1" : "0";
    return value.slice(0, i) + ch + value.slice(i + 1);
  },
};

export const MUTATOR_NAMES = Object.keys(MUTATORS);

/** Applies a random mutator; the result is guaranteed to differ from `value`. */
export function mutateString(
  value: string,
  rng: Rng,
  only?: readonly string[],
): { name: string; out: string } {
  for (let tries = 0; tries < 20; tries += 1) {
    const name = rng.pick(only ?? MUTATOR_NAMES);
    const out = MUTATORS[name]!(value, rng);
    if (out !== value) return { name, out };
  }
  return { name: "extend", out: `${value}0` };
}

// ---- raw HTTP/1.1 client ----

export interface RawRequest {
  method: string;
  target: string;
  /** In order; duplicates are sent as separate lines. */
  headers: [string, string][];
  body?: string;
}

export interface RawResponse {
  /** 0: the server closed or reset the connection without an answer. */
  status: number;
  text: string;
  body: any;
}

/** One request on its own connection (connection: close), written byte for byte as given. */
export function rawHttp(port: number, req: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
  const body = req.body === undefined ? undefined : Buffer.from(req.body, "utf8");
  const lines = [
    `${req.method} ${req.target} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    "connection: close",
    ...req.headers.map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`content-length: ${body.length}`] : []),
  ];
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "utf8");
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms: ${req.method} ${req.target}`));
    }, timeoutMs);
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", () => undefined);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks)));
    });
    socket.once("connect", () => {
      socket.write(body ? Buffer.concat([head, body]) : head);
    });
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const text = raw.toString("utf8");
  const split = text.indexOf("\r\n\r\n");
  if (!text.startsWith("HTTP/1.1 ") || split < 0) return { status: 0, text, body: undefined };
  const status = Number(text.slice(9, 12));
  const headLines = text.slice(0, split).toLowerCase();
  let payload = text.slice(split + 4);
  if (/\r\ntransfer-encoding: chunked/.test(headLines)) payload = dechunk(payload);
  let body: unknown = payload;
  try {
    body = JSON.parse(payload);
  } catch {
    /* not JSON */
  }
  return { status, text: payload, body };
}

function dechunk(payload: string): string {
  let out = "";
  let rest = payload;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    if (eol < 0) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** Runs `task(i, worker)` for i in [0, count) with at most `concurrency` in flight (worker: 0 .. concurrency-1). */
export async function pool(
  count: number,
  concurrency: number,
  task: (i: number, worker: number) => Promise<void>,
) {
  let nextIndex = 0;
  const worker = async (w: number) => {
    for (;;) {
      const i = nextIndex;
      nextIndex += 1;
      if (i >= count) return;
      await task(i, w);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, (_, w) => worker(w)));
}

// ---- the real API process ----

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ApiProcess {
  port: number;
  logs: string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Spawns the API process (its built bundle, see built-mains) with `env` and waits for /healthz. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [builtApiMain], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATABASE_CONNECT_TIMEOUT_MS: "15000",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout!.on("data", (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => logs.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited early:\n${logs.join("")}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { port, logs, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`API did not start:\n${logs.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- a kept-alive connection (the fuzz loop: a new connection per request costs the server too) ----

/** Requests one after another on one kept-alive connection; reconnects when the server closed it. */
export class KeptAliveConnection {
  private socket: net.Socket | undefined;
  private data = Buffer.alloc(0);
  private closed = true;
  private wake: (() => void) | undefined;

  constructor(private readonly port: number) {}

  private connect(): Promise<void> {
    this.data = Buffer.alloc(0);
    this.closed = false;
    const socket = net.connect(this.port, "127.0.0.1");
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on("data", (d: Buffer) => {
      if (this.socket !== socket) return;
      this.data = Buffer.concat([this.data, d]);
      this.wake?.();
    });
    socket.on("error", () => undefined);
    socket.once("close", () => {
      if (this.socket !== socket) return;
      this.closed = true;
      this.wake?.();
    });
    return new Promise((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = undefined;
    this.closed = true;
  }

  async send(req: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
    const reused = !this.closed;
    if (this.closed) await this.connect();
    const body = req.body === undefined ? undefined : Buffer.from(req.body, "utf8");
    const lines = [
      `${req.method} ${req.target} HTTP/1.1`,
      `host: 127.0.0.1:${this.port}`,
      ...req.headers.map(([name, value]) => `${name}: ${value}`),
      ...(body ? [`content-length: ${body.length}`] : []),
    ];
    const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "utf8");
    this.data = Buffer.alloc(0);
    this.socket!.write(body ? Buffer.concat([head, body]) : head);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = completeResponse(this.data, req.method === "HEAD", this.closed);
      if (parsed) {
        if (parsed.close || this.closed) this.close();
        return parsed.response;
      }
      if (this.closed) {
        // Closed before a byte came back on a reused connection: the server had let it go idle.
        if (reused && this.data.length === 0) return this.send(req, timeoutMs);
        return { status: 0, text: this.data.toString("utf8"), body: undefined };
      }
      if (Date.now() > deadline) {
        this.close();
        throw new Error(`no answer within ${timeoutMs} ms: ${req.method} ${req.target}`);
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 1000);
      });
      this.wake = undefined;
    }
  }
}

/** The response in `data` once it is whole (content-length, chunked, or up to the close). */
function completeResponse(
  data: Buffer,
  head: boolean,
  closed: boolean,
): { response: RawResponse; close: boolean } | undefined {
  const split = data.indexOf("\r\n\r\n");
  if (split < 0) return undefined;
  const headText = data.subarray(0, split).toString("latin1").toLowerCase();
  const status = Number(headText.slice(9, 12));
  const close = /\r\nconnection: close/.test(headText);
  const rest = data.subarray(split + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(headText);
  let payload: Buffer | undefined;
  if (head || status === 204 || status === 304) payload = Buffer.alloc(0);
  else if (length)
    payload = rest.length >= Number(length[1]) ? rest.subarray(0, Number(length[1])) : undefined;
  else if (/\r\ntransfer-encoding: chunked/.test(headText)) {
    const text = rest.toString("latin1");
    payload = text.endsWith("0\r\n\r\n") ? Buffer.from(dechunk(text), "latin1") : undefined;
  } else if (closed) payload = rest;
  if (!payload) return undefined;
  const text = payload.toString("utf8");
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { response: { status, text, body }, close };
}
