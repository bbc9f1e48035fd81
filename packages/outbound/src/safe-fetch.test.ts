import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboundError, safeFetch, type Resolver, type SafeFetchOptions } from "./safe-fetch";

/** A loopback web server with one behaviour per path; it records what reached it. */
let server: Server;
let origin: string;
let port: number;
const seen: { path: string; host: string | undefined; method: string; body: string }[] = [];

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = req.url ?? "/";
      seen.push({ path, host: req.headers.host, method: req.method ?? "", body });
      switch (path) {
        case "/page":
          res.writeHead(200, { "content-type": "text/html; charset=UTF-8" }).end("<p>hello</p>");
          return;
        case "/echo":
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ method: req.method, body, type: req.headers["content-type"] }));
          return;
        case "/forbidden":
          res.writeHead(403, { "content-type": "text/plain" }).end("blocked");
          return;
        case "/redirect":
          res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
          return;
        case "/moved":
          res.writeHead(301, { location: "/page" }).end();
          return;
        case "/big":
          res
            .writeHead(200, { "content-type": "text/plain", "content-length": "4096" })
            .end("x".repeat(4096));
          return;
        case "/big-chunked":
          res.writeHead(200, { "content-type": "text/plain" });
          for (let i = 0; i < 8; i += 1) res.write("y".repeat(1024));
          res.end();
          return;
        case "/gzip":
          res
            .writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" })
            .end(gzipSync(Buffer.from("compressed hello")));
          return;
        case "/gzip-bomb": {
          const bomb = gzipSync(Buffer.alloc(1024 * 1024, 0x61));
          res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(bomb);
          return;
        }
        case "/slow-headers":
          setTimeout(() => {
            if (!res.destroyed) res.writeHead(200).end("late");
          }, 2_000);
          return;
        case "/slow-body":
          res.writeHead(200, { "content-type": "text/plain" });
          res.write("first part…");
          setTimeout(() => {
            if (!res.destroyed) res.end("rest");
          }, 2_000);
          return;
        default:
          res.writeHead(404).end("no");
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const loopback: SafeFetchOptions = { allowLoopback: true, schemes: ["http", "https"] };

/** A resolver answering from a table, counting its calls. */
const table = (answers: Record<string, string[]>) => {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, calls };
};

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    return err as OutboundError;
  }
  throw new Error("expected the call to fail");
};

describe("safeFetch", () => {
  it("reads a page (status, media type, charset, body)", async () => {
    const res = await safeFetch(`${origin}/page`, loopback);
    expect(res.status).toBe(200);
    expect(res.mediaType).toBe("text/html");
    expect(res.charset).toBe("utf-8");
    expect(res.body.toString()).toBe("<p>hello</p>");
  });

  it("sends a method, headers and a body (webhook deliveries), and returns any non-3xx status", async () => {
    const res = await safeFetch(`${origin}/echo`, {
      ...loopback,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"event":"form_filled"}',
    });
    expect(JSON.parse(res.body.toString())).toEqual({
      method: "POST",
      body: '{"event":"form_filled"}',
      type: "application/json",
    });
    expect((await safeFetch(`${origin}/forbidden`, loopback)).status).toBe(403);
  });

  it("refuses a loopback target without allowLoopback, before any connection", async () => {
    const before = seen.length;
    const err = await failure(safeFetch(`${origin}/page`, { schemes: ["http", "https"] }));
    expect(err.kind).toBe("refused");
    expect(err.message).toBe("target address 127.0.0.1 is loopback");
    expect(seen.length).toBe(before);
  });

  it("refuses a name that resolves to a private address (DNS), before any connection", async () => {
    const { resolve, calls } = table({ "evil.test": ["10.0.0.5"], "sneaky.test": ["127.0.0.1"] });
    const err = await failure(safeFetch("http://evil.test/", { ...loopback, resolve }));
    expect(err.kind).toBe("refused");
    expect(err.message).toBe("target host evil.test resolves to a private address");
    // A name resolving to loopback is refused unless loopback is allowed; nothing reached the server.
    const before = seen.length;
    const loop = await failure(
      safeFetch(`http://sneaky.test:${port}/page`, { schemes: ["http", "https"], resolve }),
    );
    expect(loop.kind).toBe("refused");
    expect(loop.message).toBe("target host sneaky.test resolves to a loopback address");
    expect(seen.length).toBe(before);
    expect(calls).toEqual(["evil.test", "sneaky.test"]);
  });

  it.each([
    ["link-local (metadata)", ["169.254.169.254"], "link-local"],
    ["IPv6 unique-local", ["fd00::1"], "unique-local"],
    ["IPv4-mapped IPv6 loopback", ["::ffff:127.0.0.1"], "loopback"],
    ["one private address among public ones", ["93.184.216.34", "192.168.0.10"], "private"],
    ["unspecified", ["0.0.0.0"], "unspecified"],
  ])("refuses a name resolving to %s", async (_label, addresses, kind) => {
    const { resolve } = table({ "name.test": addresses });
    const err = await failure(safeFetch("https://name.test/", { resolve }));
    expect(err.kind).toBe("refused");
    expect(err.message).toBe(`target host name.test resolves to a ${kind} address`);
  });

  it("connects to the address it checked: one resolution, and the socket goes where it said", async () => {
    // recipes.test exists only in this resolver; the request reaching the loopback server proves
    // the socket used the checked answer (there is no second lookup an attacker could rebind).
    const { resolve, calls } = table({ "recipes.test": ["127.0.0.1"] });
    const res = await safeFetch(`http://recipes.test:${port}/page`, { ...loopback, resolve });
    expect(res.status).toBe(200);
    expect(calls).toEqual(["recipes.test"]);
    expect(seen.at(-1)).toMatchObject({ path: "/page", host: `recipes.test:${port}` });
  });

  it("a name that does not resolve is a network failure", async () => {
    const { resolve } = table({});
    const err = await failure(safeFetch("https://nowhere.test/", { resolve }));
    expect(err.kind).toBe("network");
    expect(err.message).toMatch(/^could not resolve nowhere\.test/);
  });

  it("follows no redirect: a 3xx is a failure (and the Location is never requested)", async () => {
    const before = seen.length;
    const err = await failure(safeFetch(`${origin}/redirect`, loopback));
    expect(err.kind).toBe("redirect");
    expect(err.status).toBe(302);
    const moved = await failure(safeFetch(`${origin}/moved`, loopback));
    expect(moved.status).toBe(301);
    expect(seen.slice(before).map((s) => s.path)).toEqual(["/redirect", "/moved"]);
  });

  it("caps the body: a declared length over the cap, a streamed body over it, a decompression bomb", async () => {
    expect((await failure(safeFetch(`${origin}/big`, { ...loopback, maxBytes: 1024 }))).kind).toBe(
      "too-large",
    );
    expect((await failure(safeFetch(`${origin}/big-chunked`, { ...loopback, maxBytes: 4096 }))).kind).toBe(
      "too-large",
    );
    const bomb = await failure(safeFetch(`${origin}/gzip-bomb`, { ...loopback, maxBytes: 64 * 1024 }));
    expect(bomb.kind).toBe("too-large");
    expect(bomb.message).toBe("answer larger than 65536 bytes");
  });

  it("decompresses gzip answers", async () => {
    const res = await safeFetch(`${origin}/gzip`, loopback);
    expect(res.body.toString()).toBe("compressed hello");
  });

  it("times out when the headers are late, and when the body stalls", async () => {
    let started = Date.now();
    const late = await failure(safeFetch(`${origin}/slow-headers`, { ...loopback, timeoutMs: 300 }));
    expect(late.kind).toBe("timeout");
    expect(late.message).toBe("no complete answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(1_500);

    started = Date.now();
    const stalled = await failure(safeFetch(`${origin}/slow-body`, { ...loopback, timeoutMs: 300 }));
    expect(stalled.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("the default deadline is 10 s", async () => {
    const { OUTBOUND_TIMEOUT_MS } = await import("./safe-fetch");
    expect(OUTBOUND_TIMEOUT_MS).toBe(10_000);
  });

  it("a refused connection is a network failure", async () => {
    const err = await failure(safeFetch("http://127.0.0.1:1/", loopback));
    expect(err.kind).toBe("network");
  });

  it("refuses by the URL alone: scheme, host name, private literal", async () => {
    expect((await failure(safeFetch("ftp://example.com/x", loopback))).kind).toBe("refused");
    expect((await failure(safeFetch("http://example.com/x"))).message).toBe(
      "target scheme http is not allowed",
    );
    expect((await failure(safeFetch("https://db.internal/x"))).message).toBe(
      "target host db.internal is not allowed",
    );
    expect((await failure(safeFetch("https://[::ffff:10.0.0.1]/"))).message).toBe(
      "target address ::ffff:a00:1 is private",
    );
  });
});

describe("safeFetch with keepAlive (webhook deliveries, issue 30 item 6)", () => {
  let pooled: Server;
  let pooledPort: number;
  /** Per request: the client's port (one per connection) and the request's number on its connection. */
  const requests: { clientPort: number; nth: number }[] = [];
  /** When true, the second request on a connection finds it closed (the socket is destroyed unanswered). */
  let closeSecond = false;
  beforeAll(async () => {
    const perConnection = new Map<number, number>();
    pooled = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const clientPort = req.socket.remotePort!;
        const nth = (perConnection.get(clientPort) ?? 0) + 1;
        perConnection.set(clientPort, nth);
        requests.push({ clientPort, nth });
        if (closeSecond && nth === 2) return req.socket.destroy();
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => pooled.listen(0, "127.0.0.1", resolve));
    pooledPort = (pooled.address() as AddressInfo).port;
  });
  afterAll(async () => {
    pooled.closeAllConnections();
    await new Promise<void>((resolve) => pooled.close(() => resolve()));
  });

  const call = (resolve: Resolver, keepAlive: boolean) =>
    safeFetch(`http://hooks.test:${pooledPort}/`, {
      ...loopback,
      method: "POST",
      body: "{}",
      resolve,
      keepAlive,
    });

  it("reuses one connection, resolved and checked once; without it each call connects (and resolves) anew", async () => {
    requests.length = 0;
    const { resolve, calls } = table({ "hooks.test": ["127.0.0.1"] });
    for (let i = 0; i < 3; i++) expect((await call(resolve, true)).status).toBe(200);
    expect(new Set(requests.map((r) => r.clientPort)).size).toBe(1);
    expect(calls).toEqual(["hooks.test"]);

    requests.length = 0;
    const fresh = table({ "hooks.test": ["127.0.0.1"] });
    for (let i = 0; i < 3; i++) expect((await call(fresh.resolve, false)).status).toBe(200);
    expect(new Set(requests.map((r) => r.clientPort)).size).toBe(3);
    expect(fresh.calls).toHaveLength(3);
  });

  it("never hands a socket of one policy to another: another resolver, or no loopback allowance, connects through its own check", async () => {
    requests.length = 0;
    const first = table({ "hooks.test": ["127.0.0.1"] });
    expect((await call(first.resolve, true)).status).toBe(200);
    const second = table({ "hooks.test": ["127.0.0.1"] });
    expect((await call(second.resolve, true)).status).toBe(200);
    expect(second.calls).toEqual(["hooks.test"]);
    expect(new Set(requests.map((r) => r.clientPort)).size).toBe(2);
    // The first resolver's pool holds a socket to 127.0.0.1; without the allowance the check refuses.
    const err = await failure(
      safeFetch(`http://hooks.test:${pooledPort}/`, {
        schemes: ["http"],
        resolve: first.resolve,
        keepAlive: true,
      }),
    );
    expect(err.kind).toBe("refused");
  });

  it("a request on a pooled socket the receiver closed meanwhile is sent once more on a fresh one", async () => {
    requests.length = 0;
    closeSecond = true;
    try {
      const { resolve } = table({ "hooks.test": ["127.0.0.1"] });
      expect((await call(resolve, true)).status).toBe(200);
      expect((await call(resolve, true)).status).toBe(200);
      // The second call: refused unanswered on the reused socket, then answered on a new connection.
      expect(requests.map((r) => r.nth)).toEqual([1, 2, 1]);
      expect(new Set(requests.map((r) => r.clientPort)).size).toBe(2);
    } finally {
      closeSecond = false;
    }
  });
});
