import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signStandardWebhook } from "@studio/auth";
import { paymentWebhookEvents, payments, subscriptions } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { studioIdOf } from "./support/team-fixtures";

/**
 * Issue 29 item 7: the payments provider's webhook POST /api/webhooks/payments (Standard Webhooks
 * signature with PAYMENTS_WEBHOOK_SECRET, 5-minute tolerance, idempotent by webhook-id, the work
 * queued for the process-payment-webhook job) and GET /v1/web/clients/{id}/payments, over real
 * HTTP with the job worker running.
 */

const PATH = "/api/webhooks/payments";
const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
let t: TestApp;
const owner = newOwner();
const other = newOwner();
let studioId = "";
let otherStudioId = "";
let planId = "";
let seq = 0;
const db = () => t.deps.database.db;
const nowSec = () => Math.floor(Date.now() / 1000);
const newId = () => `msg_${Date.now().toString(36)}_${(seq += 1)}`;

function deliver(
  event: unknown,
  options: {
    id?: string;
    timestampSec?: number;
    secret?: string;
    headers?: Record<string, string | undefined>;
  } = {},
) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  const signed = signStandardWebhook({
    secret: options.secret ?? SECRET,
    id: options.id ?? newId(),
    timestampSec: options.timestampSec ?? nowSec(),
    body,
  });
  const headers = Object.fromEntries(
    Object.entries({ ...signed, "content-type": "application/json", ...options.headers }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  );
  return t.request("POST", PATH, { headers, body });
}

/** The event's outcome once the worker has processed it. */
async function outcomeOf(webhookId: string) {
  for (let i = 0; i < 60; i++) {
    const [row] = await db()
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.webhookId, webhookId));
    if (row?.outcome) return { outcome: row.outcome, reason: row.outcomeReason };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`event ${webhookId} was not processed`);
}

const succeeded = (data: Record<string, unknown>) => ({
  type: "payment.succeeded",
  data: {
    paymentId: `pay_${newId()}`,
    studioId,
    planId,
    amountAgorot: 25_000,
    currency: "ILS",
    paidAt: "2026-03-01T10:00:00Z",
    ...data,
  },
});

async function processed(event: ReturnType<typeof succeeded> | Record<string, unknown>) {
  const id = newId();
  const res = await deliver(event, { id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ ok: true, data: { received: true, duplicate: false } });
  return { id, ...(await outcomeOf(id)) };
}

const paymentsOf = (clientId: string) => db().select().from(payments).where(eq(payments.clientId, clientId));

beforeAll(async () => {
  t = await startTestApp({ database: "postgres", worker: true, env: { PAYMENTS_WEBHOOK_SECRET: SECRET } });
  studioId = await studioIdOf(t, owner);
  otherStudioId = await studioIdOf(t, other);
  const plan = await t.web("POST", "/v1/web/plans", owner, {
    name: "חודשי",
    priceAgorot: 30_000,
    durationValue: 1,
    durationUnit: "MONTHS",
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  planId = plan.body.data.id;
});
afterAll(async () => t?.close());

describe("POST /api/webhooks/payments: the signature", () => {
  it("a valid signature answers 200 and queues a job whose payload is the event's id only", async () => {
    const trainee = await addTrainee(t, studioId, { externalId: `${studioId}:crm-1` });
    const id = newId();
    const res = await deliver(succeeded({ trainee: { externalId: "crm-1" } }), { id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: { received: true, duplicate: false },
      requestId: expect.any(String),
    });
    const jobs = (await t.jobsNamed("process-payment-webhook")).filter((j) => j.data.webhookId === id);
    expect(jobs).toHaveLength(1);
    expect(Object.keys(jobs[0]!.data).sort()).toEqual(["requestId", "webhookId"]);
    expect(await outcomeOf(id)).toEqual({ outcome: "processed", reason: null });
    expect(await paymentsOf(trainee.id)).toHaveLength(1);
  });

  it("a wrong signature, another secret, a changed body, a stale or future timestamp, a missing header: 401, nothing recorded", async () => {
    const id = newId();
    const event = succeeded({ trainee: { phone: "+972500000001" } });
    const body = JSON.stringify(event);
    const good = signStandardWebhook({ secret: SECRET, id, timestampSec: nowSec(), body });
    const cases: [string, Promise<{ status: number; body: any }>][] = [
      [
        "wrong signature",
        deliver(body, { id, headers: { "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")}` } }),
      ],
      ["another secret", deliver(body, { id, secret: `whsec_${randomBytes(24).toString("base64")}` })],
      [
        "changed body",
        t.request("POST", PATH, {
          headers: { ...good, "content-type": "application/json" },
          body: body.replace("25000", "1"),
        }),
      ],
      ["6 minutes old", deliver(body, { id, timestampSec: nowSec() - 360 })],
      ["6 minutes ahead", deliver(body, { id, timestampSec: nowSec() + 360 })],
      ["no webhook-id", deliver(body, { id, headers: { "webhook-id": undefined } })],
      ["no webhook-timestamp", deliver(body, { id, headers: { "webhook-timestamp": undefined } })],
      ["no webhook-signature", deliver(body, { id, headers: { "webhook-signature": undefined } })],
      [
        "no headers at all",
        t.request("POST", PATH, { headers: { "content-type": "application/json" }, body }),
      ],
    ];
    for (const [label, answer] of cases) {
      const res = await answer;
      expect(res.status, label).toBe(401);
      expect(res.body, label).toMatchObject({
        ok: false,
        code: "UNAUTHORIZED",
        message: "invalid webhook signature",
      });
    }
    const rows = await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.webhookId, id));
    expect(rows).toEqual([]);
    // Within the tolerance (4 minutes old) the same delivery is accepted.
    expect((await deliver(body, { id, timestampSec: nowSec() - 240 })).status).toBe(200);
  });

  it("an unset PAYMENTS_WEBHOOK_SECRET refuses every delivery with 401", async () => {
    const saved = t.config.paymentsWebhookSecret;
    t.config.paymentsWebhookSecret = undefined;
    try {
      const res = await deliver({ type: "payment.succeeded", data: {} });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
    } finally {
      t.config.paymentsWebhookSecret = saved;
    }
  });

  it("a replay of the same webhook-id answers 200 and changes nothing (one event, one job, one payment)", async () => {
    const trainee = await addTrainee(t, studioId);
    const id = newId();
    const event = succeeded({ trainee: { phone: trainee.phone } });
    expect((await deliver(event, { id })).body.data).toEqual({ received: true, duplicate: false });
    expect(await outcomeOf(id)).toMatchObject({ outcome: "processed" });
    const replay = await deliver(event, { id });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ received: true, duplicate: true });
    // Even a different event under the same id: nothing.
    const again = await deliver(succeeded({ trainee: { phone: trainee.phone } }), { id });
    expect(again.body.data).toEqual({ received: true, duplicate: true });
    expect(
      (await t.jobsNamed("process-payment-webhook")).filter((j) => j.data.webhookId === id),
    ).toHaveLength(1);
    expect(await paymentsOf(trainee.id)).toHaveLength(1);
    // The same provider payment under a new webhook-id is recorded once too.
    const resent = await processed(event);
    expect(resent).toMatchObject({ outcome: "ignored", reason: "payment already recorded" });
    expect(await paymentsOf(trainee.id)).toHaveLength(1);
  });

  it("the body must be a JSON object naming its type (400, 422), at most 256 KiB (413); other methods 405", async () => {
    expect((await deliver("not json")).status).toBe(400);
    expect((await deliver("[1,2]")).status).toBe(400);
    const untyped = await deliver({ data: {} });
    expect(untyped.status).toBe(422);
    expect(untyped.body).toMatchObject({ ok: false, code: "VALIDATION" });
    const big = await deliver({ type: "x", pad: "a".repeat(300 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    const get = await t.request("GET", PATH, {
      headers: signStandardWebhook({ secret: SECRET, id: newId(), timestampSec: nowSec(), body: "" }),
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("the process-payment-webhook job", () => {
  it("payment.succeeded by external id starts a subscription; a second payment by phone renews behind it", async () => {
    const trainee = await addTrainee(t, studioId, { externalId: `${studioId}:crm-renew` });
    const first = await processed(succeeded({ trainee: { externalId: "crm-renew" }, amountAgorot: 27_000 }));
    expect(first).toMatchObject({ outcome: "processed", reason: null });
    // The phone as the provider may send it (local format): normalized like the trainee's.
    const local = `0${trainee.phone.slice(4)}`;
    const second = await processed(
      succeeded({ trainee: { phone: local }, paidAt: "2026-03-20T09:30:00+02:00" }),
    );
    expect(second).toMatchObject({ outcome: "processed" });
    const subs = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.clientId, trainee.id))
      .orderBy(subscriptions.createdAt);
    expect(subs).toHaveLength(2);
    expect(subs[0]).toMatchObject({ planId, status: "ACTIVE", priceAgorot: 27_000 });
    expect(subs[1]).toMatchObject({
      planId,
      status: "PENDING",
      startDate: subs[0]!.endDate,
      priceAgorot: 25_000,
    });

    const list = await t.web("GET", `/v1/web/clients/${trainee.id}/payments`, owner);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(2);
    // Newest paid first.
    expect(list.body.data.items[0]).toMatchObject({
      paidAt: "2026-03-20T07:30:00.000Z",
      subscriptionId: subs[1]!.id,
      amountAgorot: 25_000,
    });
    expect(list.body.data.items[1]).toMatchObject({
      clientId: trainee.id,
      status: "PAID",
      amountAgorot: 27_000,
      currency: "ILS",
      planId,
      subscriptionId: subs[0]!.id,
      paidAt: "2026-03-01T10:00:00.000Z",
      refundedAt: null,
    });
  });

  it("payment.refunded marks the payment REFUNDED (whole or the amount named); a second refund is ignored", async () => {
    const trainee = await addTrainee(t, studioId);
    const paid = succeeded({ trainee: { phone: trainee.phone } });
    await processed(paid);
    const refund = {
      type: "payment.refunded",
      data: {
        paymentId: paid.data.paymentId,
        studioId,
        amountAgorot: 10_000,
        refundedAt: "2026-03-05T08:00:00Z",
      },
    };
    expect(await processed(refund)).toEqual(expect.objectContaining({ outcome: "processed", reason: null }));
    const [row] = await paymentsOf(trainee.id);
    expect(row).toMatchObject({ status: "REFUNDED", refundedAmountAgorot: 10_000 });
    expect(row!.refundedAt?.toISOString()).toBe("2026-03-05T08:00:00.000Z");
    const list = await t.web("GET", `/v1/web/clients/${trainee.id}/payments`, owner);
    expect(list.body.data.items[0]).toMatchObject({
      status: "REFUNDED",
      refundedAt: "2026-03-05T08:00:00.000Z",
    });
    expect(await processed(refund)).toMatchObject({ outcome: "ignored", reason: "payment already refunded" });
    expect(await processed({ ...refund, data: { ...refund.data, paymentId: "pay_unknown" } })).toMatchObject({
      outcome: "failed",
      reason: "payment not found",
    });
  });

  it("an unknown event type is accepted and recorded as ignored", async () => {
    const result = await processed({ type: "customer.updated", data: { anything: true } });
    expect(result).toMatchObject({ outcome: "ignored", reason: "unknown event type customer.updated" });
  });

  it("an event it cannot use is recorded as failed with why, and the job completes (no retry)", async () => {
    const trainee = await addTrainee(t, studioId);
    const foreign = await addTrainee(t, otherStudioId, { externalId: `${otherStudioId}:crm-x` });
    const cases: [Record<string, unknown>, string][] = [
      [succeeded({ trainee: { externalId: "nobody" } }), "trainee not found"],
      // Another studio's trainee is not found through this studio.
      [succeeded({ trainee: { externalId: "crm-x" } }), "trainee not found"],
      [succeeded({ trainee: { phone: "12" } }), "trainee phone is not a valid phone number"],
      [succeeded({ trainee: { phone: trainee.phone }, planId: "no-such-plan" }), "plan not found"],
      [succeeded({ trainee: { phone: trainee.phone }, studioId: "no-such-studio" }), "studio not found"],
      [
        succeeded({ trainee: { phone: trainee.phone }, amountAgorot: -5 }),
        "invalid event data: data.amountAgorot",
      ],
    ];
    for (const [event, reason] of cases) {
      const result = await processed(event);
      expect(result.outcome, reason).toBe("failed");
      expect(result.reason, reason).toContain(reason);
      const [job] = (await t.jobsNamed("process-payment-webhook")).filter(
        (j) => j.data.webhookId === result.id,
      );
      expect(job, reason).toMatchObject({ retryCount: 0 });
    }
    expect(await paymentsOf(trainee.id)).toEqual([]);
    expect(await paymentsOf(foreign.id)).toEqual([]);
    const subs = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.clientId, trainee.id)));
    expect(subs).toEqual([]);
  });
});

describe("GET /v1/web/clients/{id}/payments", () => {
  it("another studio's trainee answers 404 like a missing one", async () => {
    const foreign = await addTrainee(t, otherStudioId);
    for (const id of [foreign.id, "no-such-trainee"]) {
      const res = await t.web("GET", `/v1/web/clients/${id}/payments`, owner);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ ok: false, code: "NOT_FOUND", message: "client not found" });
    }
    const own = await t.web("GET", `/v1/web/clients/${foreign.id}/payments`, other);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ items: [], total: 0 });
  });

  it("bad paging input answers 422 VALIDATION", async () => {
    const trainee = await addTrainee(t, studioId);
    for (const query of ["page=0", "pageSize=501", "page=abc"]) {
      const res = await t.web("GET", `/v1/web/clients/${trainee.id}/payments?${query}`, owner);
      expect(res.status, query).toBe(422);
      expect(res.body.code, query).toBe("VALIDATION");
    }
  });
});
