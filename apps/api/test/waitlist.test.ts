import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { waitlistLeads } from "@studio/db";
import type { JobQueue } from "@studio/jobs";
import { startTestApp, type TestApp } from "./support/harness";
import {
  collectingLogger,
  eventually,
  startReceiver,
  startTestWorker,
  type Receiver,
} from "./support/webhook-fixtures";

/**
 * Document 3 "POST /v1/public/waitlist-leads": no credential, the lead answered bare with 201,
 * VALIDATION as 400, and the best-effort forward to WAITLIST_FORWARD_URL after the response
 * (a job enqueued in the lead's transaction, run by a worker).
 */
const PATH = "/v1/public/waitlist-leads";
let t: TestApp;
let receiver: Receiver;
let worker: JobQueue;
const workerLog = collectingLogger();

const post = (app: TestApp, body: unknown) =>
  app.request("POST", PATH, {
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const leadRow = async (id: string) =>
  (await t.deps.database.db.select().from(waitlistLeads).where(eq(waitlistLeads.id, id)))[0];

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({
    database: "postgres",
    // The per-address throttle has a test of its own below; this file sends more than 20 sign-ups.
    env: { WAITLIST_FORWARD_URL: receiver.url, WEBHOOK_ALLOW_LOOPBACK: "1", WAITLIST_RATE_LIMIT: "1000" },
  });
  worker = await startTestWorker(t, { waitlistForwardUrl: receiver.url, logger: workerLog.logger });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await receiver?.close();
});

describe("POST /v1/public/waitlist-leads", () => {
  it("answers 201 with the lead bare (no envelope, no requestId), trimmed, source landing by default", async () => {
    const res = await post(t, { name: "  Dana Levi ", phone: " 050-123-4567 ", businessName: " Dana Fit " });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      "businessName",
      "createdAt",
      "id",
      "name",
      "phone",
      "source",
    ]);
    expect(res.body).toMatchObject({
      name: "Dana Levi",
      phone: "050-123-4567",
      businessName: "Dana Fit",
      source: "landing",
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    const row = await leadRow(res.body.id);
    expect(row).toMatchObject({
      name: "Dana Levi",
      phone: "050-123-4567",
      businessName: "Dana Fit",
      source: "landing",
    });
  });

  it("keeps a given source; a missing business name is null; blank source and business name fall back", async () => {
    const a = await post(t, { name: "A", phone: "+1 (212) 555-0100", source: " instagram " });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ source: "instagram", businessName: null });
    const b = await post(t, { name: "B", phone: "0501234567", source: "   ", businessName: "  " });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ source: "landing", businessName: null });
  });

  it("accepts the upper bounds (name 120, phone 30, business name 160, source 60)", async () => {
    const res = await post(t, {
      name: "n".repeat(120),
      phone: `+${"1".repeat(29)}`,
      businessName: "b".repeat(160),
      source: "s".repeat(60),
    });
    expect(res.status).toBe(201);
  });

  const invalid: [string, unknown][] = [
    ["no name", { phone: "0501234567" }],
    ["blank name", { name: "   ", phone: "0501234567" }],
    ["name of 121", { name: "n".repeat(121), phone: "0501234567" }],
    ["no phone", { name: "Dana" }],
    ["phone of 6", { name: "Dana", phone: "123456" }],
    ["phone of 31", { name: "Dana", phone: `+${"1".repeat(30)}` }],
    ["phone with 6 digits", { name: "Dana", phone: "12-34-56 ext" }],
    ["business name of 161", { name: "Dana", phone: "0501234567", businessName: "b".repeat(161) }],
    ["source of 61", { name: "Dana", phone: "0501234567", source: "s".repeat(61) }],
    ["NUL in the name", { name: "Da\u0000na", phone: "0501234567" }],
    ["NUL in the source", { name: "Dana", phone: "0501234567", source: "a\u0000" }],
    ["a number as phone", { name: "Dana", phone: 501234567 }],
  ];
  it.each(invalid)("refuses %s with 400 VALIDATION in the standard error envelope", async (_label, body) => {
    const res = await post(t, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(typeof res.body.requestId).toBe("string");
  });

  it("a refused body stores nothing and enqueues nothing", async () => {
    const before = (await t.jobsNamed("forward-waitlist-lead")).length;
    const count = async () => (await t.deps.database.db.select().from(waitlistLeads)).length;
    const leads = await count();
    expect((await post(t, { name: "x".repeat(121), phone: "0501234567" })).status).toBe(400);
    expect(await count()).toBe(leads);
    expect((await t.jobsNamed("forward-waitlist-lead")).length).toBe(before);
  });
});

describe("the forward to WAITLIST_FORWARD_URL", () => {
  it("posts {id, name, businessName, phone, source, createdAt} as JSON after the response and sets forwarded_at", async () => {
    receiver.respond = { status: 200 };
    const seen = receiver.requests.length;
    const res = await post(t, {
      name: "Noa",
      phone: "052-7654321",
      businessName: "Noa Studio",
      source: "ads",
    });
    const answeredAt = Date.now();
    expect(res.status).toBe(201);
    // The job exists with the lead (same transaction); the receiver has not been called by the request.
    const jobs = await t.jobsNamed("forward-waitlist-lead");
    expect(jobs.some((j) => j.data.leadId === res.body.id)).toBe(true);
    const request = await eventually(async () =>
      receiver.requests.slice(seen).find((r) => JSON.parse(r.body).id === res.body.id),
    );
    expect(request.at).toBeGreaterThanOrEqual(answeredAt);
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      id: res.body.id,
      name: "Noa",
      businessName: "Noa Studio",
      phone: "052-7654321",
      source: "ads",
      createdAt: res.body.createdAt,
    });
    const row = await eventually(async () => {
      const r = await leadRow(res.body.id);
      return r?.forwardedAt ? r : undefined;
    });
    expect(row.forwardedAt).toBeInstanceOf(Date);
  });

  it("the response does not wait for a slow receiver", async () => {
    receiver.respond = { status: 200, delayMs: 3_000 };
    const started = Date.now();
    const res = await post(t, { name: "Slow", phone: "0531112222" });
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1_500);
    await eventually(async () => receiver.requests.some((r) => JSON.parse(r.body).id === res.body.id));
    receiver.respond = { status: 200 };
  });

  it("a failing receiver changes nothing in the response; the lead stays unforwarded, the job is retried, logs carry no personal data", async () => {
    receiver.respond = { status: 500 };
    const res = await post(t, { name: "Failing Person", phone: "054-9998887", businessName: "Secret Biz" });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("Failing Person");
    await eventually(async () => receiver.requests.some((r) => JSON.parse(r.body).id === res.body.id));
    const job = await eventually(async () =>
      (await t.jobsNamed("forward-waitlist-lead")).find(
        (j) => j.data.leadId === res.body.id && j.state === "retry",
      ),
    );
    expect(job.state).toBe("retry");
    expect((await leadRow(res.body.id))?.forwardedAt).toBeNull();
    const log = workerLog.lines.join("\n");
    expect(log).toContain(res.body.id);
    for (const personal of ["Failing Person", "054-9998887", "9998887", "Secret Biz"])
      expect(log).not.toContain(personal);
    receiver.respond = { status: 200 };
  });

  it("a 4xx from the receiver is final (not retried)", async () => {
    receiver.respond = { status: 400 };
    const res = await post(t, { name: "Refused", phone: "0541234567" });
    const job = await eventually(async () =>
      (await t.jobsNamed("forward-waitlist-lead")).find(
        (j) => j.data.leadId === res.body.id && j.state === "completed",
      ),
    );
    expect(job.retryCount).toBe(0);
    expect((await leadRow(res.body.id))?.forwardedAt).toBeNull();
    receiver.respond = { status: 200 };
  });
});

describe("without WAITLIST_FORWARD_URL", () => {
  it("stores the lead and enqueues nothing", async () => {
    const plain = await startTestApp({ database: "postgres" });
    try {
      const res = await post(plain, { name: "Quiet", phone: "0501231234" });
      expect(res.status).toBe(201);
      const [row] = await plain.deps.database.db
        .select()
        .from(waitlistLeads)
        .where(eq(waitlistLeads.id, res.body.id));
      expect(row?.name).toBe("Quiet");
      expect(await plain.jobsNamed("forward-waitlist-lead")).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it("throttles sign-ups per visitor address (WAITLIST_RATE_LIMIT per 600 s): 429 RATE_LIMITED, nothing stored", async () => {
    const app = await startTestApp({ database: "postgres", env: { WAITLIST_RATE_LIMIT: "3" } });
    try {
      // A body failing the schema is refused before it counts.
      expect((await post(app, { name: "" })).status).toBe(400);
      for (let i = 0; i < 3; i += 1)
        expect((await post(app, { name: `V${i}`, phone: "0501231234" })).status).toBe(201);
      const over = await post(app, { name: "Over", phone: "0501231234" });
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ ok: false, code: "RATE_LIMITED" });
      expect(typeof over.body.requestId).toBe("string");
      const names = (await app.deps.database.db.select().from(waitlistLeads)).map((r) => r.name).sort();
      expect(names).toEqual(["V0", "V1", "V2"]);
    } finally {
      await app.close();
    }
    const { loadConfig } = await import("../src/config");
    expect(loadConfig({}).waitlistRateLimit).toBe(20);
  });

  it("refuses a WAITLIST_FORWARD_URL that is not an http(s) URL at start", async () => {
    const { loadConfig } = await import("../src/config");
    expect(() => loadConfig({ WAITLIST_FORWARD_URL: "ftp://example.com/x" })).toThrow(/WAITLIST_FORWARD_URL/);
    expect(loadConfig({ WAITLIST_FORWARD_URL: " https://example.com/x " }).waitlistForwardUrl).toBe(
      "https://example.com/x",
    );
  });
});
