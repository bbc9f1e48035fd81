import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formAssignments } from "@studio/db";
import { createKvStore } from "@studio/kv";
import { LocalObjectStorage } from "@studio/providers/storage";
import { startTestApp, type TestApp } from "./support/harness";
import {
  createSigningLink,
  pngDataUrl,
  randomIp,
  submitBody,
  visit,
  type Visit,
} from "./support/signing-fixtures";

/**
 * Throttles of the signing page (document 3 "Limits"): per link and per visitor IP in 600 s
 * windows — view 60/600, document 40/400 (shared with /signed), submit 8/60 — over the limit 429
 * RATE_LIMITED; the visitor address is x-client-ip only on a service-signed request; skipped when
 * the counter store is unreachable. Counters on a real Redis.
 */
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "signing-throttles-"));
  const storage = new LocalObjectStorage({ dir, publicBaseUrl: "http://127.0.0.1/media" });
  t = await startTestApp({ database: "postgres", storage, redis: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const page = (token: string) => `/v1/public/sign/${token}`;
const unknownToken = () => randomBytes(16).toString("base64url");

function expectLimited(res: Visit) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: expect.any(String), code: "RATE_LIMITED" });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("x-robots-tag")).toBe("noindex");
}

/** Runs `n` requests a few at a time and answers their statuses. */
async function statuses(n: number, run: (i: number) => Promise<Visit>): Promise<number[]> {
  const out: number[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = (await run(i)).status;
      }
    }),
  );
  return out;
}

describe("per link", () => {
  it("view: 60 per link (from 60 addresses), the 61st is 429; another link is served", async () => {
    const link = await createSigningLink(t);
    const first = await statuses(60, () => visit(t, "GET", page(link.token)));
    expect(new Set(first)).toEqual(new Set([200]));
    expectLimited(await visit(t, "GET", page(link.token)));
    const other = await createSigningLink(t);
    expect((await visit(t, "GET", page(other.token))).status).toBe(200);
  });

  it("document and signed share one bucket: 20 + 20, then both are 429", async () => {
    const link = await createSigningLink(t);
    const docs = await statuses(20, () => visit(t, "GET", `${page(link.token)}/document`));
    const signed = await statuses(20, () => visit(t, "GET", `${page(link.token)}/signed`));
    expect(new Set(docs)).toEqual(new Set([200]));
    expect(new Set(signed)).toEqual(new Set([404]));
    expectLimited(await visit(t, "GET", `${page(link.token)}/document`));
    expectLimited(await visit(t, "GET", `${page(link.token)}/signed`));
    // the view bucket is separate
    expect((await visit(t, "GET", page(link.token))).status).toBe(200);
  });

  it("submit: 8 per link, the 9th is 429 and signs nothing", async () => {
    const link = await createSigningLink(t);
    const refused = await statuses(8, () =>
      visit(t, "POST", page(link.token), { body: submitBody({ nope: "x" }) }),
    );
    expect(new Set(refused)).toEqual(new Set([422]));
    const ninth = await visit(t, "POST", page(link.token), {
      body: submitBody({ city: "x" }, { sig: pngDataUrl() }),
    });
    expectLimited(ninth);
    const [row] = await t.deps.database.db
      .select()
      .from(formAssignments)
      .where(eq(formAssignments.id, link.assignmentId));
    expect(row!.status).toBe("PENDING");
  });

  it("a miss is counted too: 8 submits of one unknown token, the 9th is 429", async () => {
    const token = unknownToken();
    const misses = await statuses(8, () => visit(t, "POST", page(token), { body: submitBody() }));
    expect(new Set(misses)).toEqual(new Set([404]));
    expectLimited(await visit(t, "POST", page(token), { body: submitBody() }));
  });
});

describe("per visitor IP (x-client-ip of service-signed requests)", () => {
  it("view: 600 per IP, the 601st is 429 — also on a real link; another IP is served", async () => {
    const ip = randomIp();
    const first = await statuses(600, () => visit(t, "GET", page(unknownToken()), { ip }));
    expect(new Set(first)).toEqual(new Set([404]));
    const link = await createSigningLink(t);
    expectLimited(await visit(t, "GET", page(link.token), { ip }));
    expect((await visit(t, "GET", page(link.token), { ip: randomIp() })).status).toBe(200);
  });

  it("document: 400 per IP over document and signed, the 401st is 429", async () => {
    const ip = randomIp();
    const first = await statuses(400, (i) =>
      visit(t, "GET", `${page(unknownToken())}/${i % 2 ? "document" : "signed"}`, { ip }),
    );
    expect(new Set(first)).toEqual(new Set([404]));
    expectLimited(await visit(t, "GET", `${page(unknownToken())}/document`, { ip }));
  });

  it("submit: 60 per IP, the 61st is 429", async () => {
    const ip = randomIp();
    const first = await statuses(60, () =>
      visit(t, "POST", page(unknownToken()), { ip, body: submitBody() }),
    );
    expect(new Set(first)).toEqual(new Set([404]));
    expectLimited(await visit(t, "POST", page(unknownToken()), { ip, body: submitBody() }));
    expect((await visit(t, "POST", page(unknownToken()), { body: submitBody() })).status).toBe(404);
  });

  // Last: it spends the socket address's submit budget.
  it("an unsigned request's x-client-ip is not believed: 60 submits with 60 claimed addresses exhaust the socket's budget", async () => {
    const first = await statuses(60, () =>
      visit(t, "POST", page(unknownToken()), {
        ip: null,
        body: submitBody(),
        headers: { "x-client-ip": randomIp() },
      }),
    );
    expect(new Set(first)).toEqual(new Set([404]));
    expectLimited(
      await visit(t, "POST", page(unknownToken()), {
        ip: null,
        body: submitBody(),
        headers: { "x-client-ip": randomIp() },
      }),
    );
  });
});

describe("counter store unreachable", () => {
  it("the throttles are skipped (an unreachable Redis): 12 submits and 70 views of one link are all served", async () => {
    const dir2 = await mkdtemp(join(tmpdir(), "signing-kv-down-"));
    const storage = new LocalObjectStorage({ dir: dir2, publicBaseUrl: "http://127.0.0.1/media" });
    const app = await startTestApp({ database: "postgres", storage });
    const unreachable = createKvStore({ redisUrl: "redis://127.0.0.1:1", keyPrefix: "down:" });
    try {
      const link = await createSigningLink(app);
      // The signing throttles read deps.kv per request; the global limiter keeps the store it
      // was built with (requests here are unsigned, so they pass it).
      app.deps.kv = unreachable;
      const submits = await statuses(12, () =>
        visit(app, "POST", page(link.token), { ip: null, body: submitBody({ nope: "x" }) }),
      );
      expect(new Set(submits)).toEqual(new Set([422]));
      const views = await statuses(70, () => visit(app, "GET", page(link.token), { ip: null }));
      expect(new Set(views)).toEqual(new Set([200]));
      expect(
        (
          await visit(app, "POST", page(link.token), {
            ip: null,
            body: submitBody({ city: "x" }, { sig: pngDataUrl() }),
          })
        ).status,
      ).toBe(200);
    } finally {
      await app.close();
      await unreachable.close();
      await rm(dir2, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the global limiter", () => {
  it("service-signed requests skip it; unsigned ones meet it (429 in the signing body, with the headers)", async () => {
    const dir3 = await mkdtemp(join(tmpdir(), "signing-global-"));
    const storage = new LocalObjectStorage({ dir: dir3, publicBaseUrl: "http://127.0.0.1/media" });
    const app = await startTestApp({ database: "postgres", storage, env: { RATE_LIMIT_PER_MINUTE: "30" } });
    try {
      const link = await createSigningLink(app);
      const signed = await statuses(40, () => visit(app, "GET", page(link.token)));
      expect(new Set(signed)).toEqual(new Set([200]));
      const unsigned = await statuses(40, () => visit(app, "GET", page(unknownToken()), { ip: null }));
      expect(unsigned.filter((s) => s === 429).length).toBeGreaterThan(0);
      const limited = await visit(app, "GET", page(link.token), { ip: null });
      expectLimited(limited);
    } finally {
      await app.close();
      await rm(dir3, { recursive: true, force: true });
    }
  }, 60_000);
});
