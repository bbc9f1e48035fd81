import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/harness";

/**
 * Issue 27 item 6 (docs/DEPLOYMENT.md "Body limits and kept-alive connections"): a request
 * refused before its body was read (a lane guard's 401) or over a body limit (413) gets its
 * answer, and the pooled connection carries the client's next request. Checked with Node's fetch
 * (undici, which pools connections) and with http.Agent({ keepAlive: true }) on one socket.
 */
let t: TestApp;
let port: string;
beforeAll(async () => {
  t = await startTestApp({ replicas: 1 });
  port = new URL(t.baseUrl).port;
});
afterAll(async () => t?.close());

const MiB = 1024 * 1024;

/** One request on the agent's single kept-alive socket; a connection error is answered as "ERR …". */
function overAgent(
  agent: http.Agent,
  method: string,
  path: string,
  body: Buffer,
  chunked = false,
): Promise<{ status: number | string; connection?: string; body: string; socket?: unknown }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        agent,
        headers: {
          "content-type": "application/json",
          ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(body.length) }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            body: text,
            socket: req.socket,
          }),
        );
      },
    );
    req.on("error", (error) => resolve({ status: `ERR ${error.message}`, body: "" }));
    if (chunked) {
      // In pieces, so the server meets the limit while the body is still arriving.
      for (let at = 0; at < body.length; at += 256 * 1024) req.write(body.subarray(at, at + 256 * 1024));
      req.end();
    } else req.end(body);
  });
}

const filler = (size: number) => Buffer.alloc(size, 0x20);

// Every lane, refused before its body is read (no credential), with a body under its limit.
const REFUSED_UNREAD: [string, string][] = [
  ["web", "/v1/web/clients"],
  ["internal", "/v1/internal/jobs/run"],
  ["admin", "/v1/admin/app-releases/ios"],
  ["trainee", "/v1/trainee/weight"],
  ["partner", "/v1/partner/leads"],
  ["automation", "/v1/automation/trainees"],
  ["bearer", "/v1/clients"],
  ["public (waitlist, refused as a bad body)", "/v1/public/waitlist-leads"],
];

// Each body limit of the API, with a body just over it.
const OVER_LIMIT: [string, string, number][] = [
  ["BODY_LIMIT_BYTES (1 MiB, every lane)", "/v1/automation/trainees", 1 * MiB + 4096],
  ["inline media (24 MiB)", "/v1/web/content/media", 24 * MiB + 4096],
  ["media part (12 MiB)", "/v1/web/content/media-upload/part", 12 * MiB + 4096],
  ["signing submit (4 MiB)", "/v1/public/sign/some-token", 4 * MiB + 4096],
];

describe("a refusal before the body is read keeps the connection usable", () => {
  it.each(REFUSED_UNREAD)(
    "%s: 401 with a 900 KB body, then the next request on the same socket",
    async (_, path) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await overAgent(
          agent,
          path === "/v1/admin/app-releases/ios" ? "PUT" : "POST",
          path,
          filler(900_000),
        );
        expect(first.status, first.body).not.toBe(200);
        expect(typeof first.status).toBe("number");
        const second = await overAgent(agent, "POST", "/v1/automation/trainees", filler(10));
        expect(second.status, "the next request on the pooled socket").toBe(401);
        expect(second.socket).toBe(first.socket);
      } finally {
        agent.destroy();
      }
    },
  );

  it("Node's fetch: a 401 with a large body, then five more requests on the pool", async () => {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 6; i += 1) {
      try {
        const res = await fetch(`${t.baseUrl}/v1/automation/trainees`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: filler(i % 2 === 0 ? 900_000 : 10),
        });
        await res.text();
        statuses.push(res.status);
      } catch (error) {
        statuses.push(
          `ERR ${(error as Error).message} ${String((error as { cause?: Error }).cause?.message)}`,
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });
});

describe("over a body limit the 413 reaches the client", () => {
  it.each(OVER_LIMIT)(
    "%s: 413 (declared length and chunked), then the socket carries the next request",
    async (_, path, size) => {
      const body = filler(size);
      for (const chunked of [false, true]) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const first = await overAgent(agent, "POST", path, body, chunked);
          expect(first.status, `${chunked ? "chunked" : "content-length"}: ${first.body.slice(0, 120)}`).toBe(
            413,
          );
          expect(first.connection, chunked ? "chunked" : "content-length").toBe("keep-alive");
          const second = await overAgent(agent, "POST", "/v1/automation/trainees", filler(10));
          expect(second.status, "the next request on the pooled socket").toBe(401);
          expect(second.socket).toBe(first.socket);
        } finally {
          agent.destroy();
        }
      }
    },
  );

  it("Node's fetch gets the 413 of the inline media limit and of the signing submit, and its pool goes on", async () => {
    const statuses: (number | string)[] = [];
    for (const [path, size] of [
      ["/v1/web/content/media", 24 * MiB + 4096],
      ["/v1/automation/trainees", 10],
      ["/v1/public/sign/some-token", 4 * MiB + 4096],
      ["/v1/automation/trainees", 10],
    ] as const) {
      try {
        const res = await fetch(t.baseUrl + path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: filler(size),
        });
        await res.text();
        statuses.push(res.status);
      } catch (error) {
        statuses.push(
          `ERR ${(error as Error).message} ${String((error as { cause?: Error }).cause?.message)}`,
        );
      }
    }
    expect(statuses).toEqual([413, 401, 413, 401]);
  });
});
