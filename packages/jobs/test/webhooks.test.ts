import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { studios, webhooks } from "@studio/db";
import { deleteWebhook, emitFormFilled, registerWebhook } from "@studio/domain";
import {
  createDeliverWebhookJob,
  createJobQueue,
  deliverWebhook,
  DELIVER_WEBHOOK_POLICY,
  verdictOf,
  type DeliverWebhookOptions,
  type DeliverWebhookPolicy,
  type JobQueue,
} from "../src/index";
import { apiKeyScope, seedStudio, startReceiver, submitResponse } from "./fixtures/webhook-world";
import { captureLogger, openBackend, uniqueSchema, waitFor, type TestBackend } from "./harness";

// Five attempts 1 s apart: the production schedule (10 s doubling) is asserted separately.
const FAST: DeliverWebhookPolicy = { retryLimit: 4, retryDelaySec: 1, retryBackoff: false };

describe("FORM_FILLED delivery policy", () => {
  it("is 5 attempts in total with exponential backoff from 10 s (document 3 Limits)", () => {
    expect(DELIVER_WEBHOOK_POLICY).toEqual({ retryLimit: 4, retryDelaySec: 10, retryBackoff: true });
    expect(deliverWebhook).toMatchObject({ retryLimit: 4, retryDelaySec: 10, retryBackoff: true });
  });
  it("treats 2xx as success, 4xx except 429 as final, everything else as retryable", () => {
    expect([200, 201, 204, 299].map(verdictOf)).toEqual(["delivered", "delivered", "delivered", "delivered"]);
    expect([400, 401, 404, 410, 499].map(verdictOf)).toEqual(["final", "final", "final", "final", "final"]);
    expect([429, 500, 502, 503, 302, null].map(verdictOf)).toEqual([
      "retry",
      "retry",
      "retry",
      "retry",
      "retry",
      "retry",
    ]);
  });
});

describe("FORM_FILLED delivery on postgres", () => {
  let backend: TestBackend;
  const open: JobQueue<any>[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    backend = await openBackend("postgres");
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.stop()));
    await Promise.all(closers.splice(0).map((c) => c()));
  });
  afterAll(() => backend?.cleanup());

  async function queueWith(options: DeliverWebhookOptions = { allowLoopback: true }, policy = FAST) {
    const { database } = backend;
    const schema = uniqueSchema();
    const queue = createJobQueue(
      database,
      { database, logger: captureLogger(), now: () => new Date() },
      {
        schema,
        pollingIntervalSeconds: 0.5,
        shutdownTimeoutMs: 5_000,
        jobs: [createDeliverWebhookJob(policy, options)],
      },
    );
    open.push(queue);
    await queue.start();
    return { queue, schema };
  }

  async function receiver(script: (number | "hang")[]) {
    const r = await startReceiver(script);
    closers.push(r.close);
    return r;
  }

  /** A studio with one loopback hook and one submitted response whose FORM_FILLED is enqueued. */
  async function submitted(queue: JobQueue<any>, targetUrl: string, opts: { formId?: string } = {}) {
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId, queue);
    const hook = await registerWebhook(backend.database.db, scope, {
      targetUrl,
      formId: opts.formId,
      allowLoopback: true,
    });
    const response = await backend.database.db.transaction(async (tx) => {
      const row = await submitResponse(tx, seed, seed.form.id, {
        weight: 81.5,
        notes: "tired",
      });
      const emitted = await emitFormFilled(tx, scope, { responseId: row.id });
      expect(emitted).toEqual({ enqueued: 1 });
      return row;
    });
    return { seed, scope, hook, response };
  }

  async function jobStates(schema: string) {
    const { rows } = await backend.database.executor.executeSql(
      `select state::text as state, retry_count from ${schema}.job where name = 'deliver-webhook'`,
    );
    return rows as { state: string; retry_count: number }[];
  }

  const hookRow = async (id: string) =>
    (await backend.database.db.select().from(webhooks).where(eq(webhooks.id, id)))[0]!;

  it("POSTs the signed body with the decisions.md headers", async () => {
    const { queue, schema } = await queueWith();
    const target = await receiver([200]);
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId, queue);
    // An earlier response of another form: this submission is the trainee's second.
    await submitResponse(backend.database.db, seed, seed.otherForm.id, {}, new Date(Date.now() - 60_000));
    const hook = await registerWebhook(backend.database.db, scope, {
      targetUrl: target.url,
      allowLoopback: true,
    });
    const narrowedToOther = await registerWebhook(backend.database.db, scope, {
      targetUrl: target.url,
      formId: seed.otherForm.id,
      allowLoopback: true,
    });
    const response = await backend.database.db.transaction(async (tx) => {
      const row = await submitResponse(tx, seed, seed.form.id, {
        weight: 81.5,
        notes: "tired",
      });
      // Only the hook for every form matches; the one narrowed to another form does not.
      expect(await emitFormFilled(tx, scope, { responseId: row.id })).toEqual({ enqueued: 1 });
      return row;
    });
    await queue.work();
    await waitFor(() => target.received.length === 1, { what: "the delivery" });
    const [got] = target.received;
    expect(got!.headers["x-webhook-event"]).toBe("FORM_FILLED");
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["x-webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(got!.headers["x-webhook-timestamp"])).toBeGreaterThan(Date.now() - 60_000);
    const expected = createHmac("sha256", hook.secret).update(got!.raw).digest("hex");
    expect(got!.headers["x-webhook-signature"]).toBe(`sha256=${expected}`);
    expect(JSON.parse(got!.raw.toString("utf8"))).toEqual({
      event: "form_filled",
      hookId: hook.id,
      studioId: seed.studioId,
      clientId: seed.client.id,
      externalId: seed.client.externalId,
      formId: seed.form.id,
      formName: "Weekly check-in",
      formType: "CHECK_IN",
      responseId: response.id,
      submissionNumber: 2,
      submittedAt: response.submittedAt.toISOString(),
      documentUrl: null,
      fields: [
        { key: "weight", label: "Weight (kg)", kind: "NUMBER", value: 81.5 },
        { key: "notes", label: "Notes", kind: "TEXT", value: "tired" },
        { key: "mood", label: "Mood", kind: "SCALE", value: null },
      ],
    });
    await waitFor(async () => (await jobStates(schema))[0]?.state === "completed", { what: "completion" });
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: 200, failureCount: 0 });
    expect((await hookRow(hook.id)).lastDeliveryAt).toBeInstanceOf(Date);
    expect((await hookRow(narrowedToOther.id)).lastDeliveryAt).toBeNull();
  });

  it("enqueues nothing when the submission's transaction rolls back", async () => {
    const { queue, schema } = await queueWith();
    const target = await receiver([200]);
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId, queue);
    await registerWebhook(backend.database.db, scope, { targetUrl: target.url, allowLoopback: true });
    await expect(
      backend.database.db.transaction(async (tx) => {
        const row = await submitResponse(tx, seed, seed.form.id, {});
        await emitFormFilled(tx, scope, { responseId: row.id });
        throw new Error("submission failed later");
      }),
    ).rejects.toThrow("submission failed later");
    expect(await jobStates(schema)).toEqual([]);
  });

  it("retries a 5xx and a 429, then succeeds; every attempt is recorded", async () => {
    const { queue, schema } = await queueWith();
    const target = await receiver([503, 429, 200]);
    const { hook } = await submitted(queue, target.url);
    await queue.work();
    await waitFor(() => target.received.length === 3, { what: "three attempts", timeoutMs: 20_000 });
    await waitFor(async () => (await jobStates(schema))[0]?.state === "completed", { what: "completion" });
    // The delivery id is the same on every attempt.
    expect(new Set(target.received.map((r) => r.headers["x-webhook-id"])).size).toBe(1);
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: 200, failureCount: 2 });
  });

  it("drops the delivery after a 4xx other than 429 (one attempt)", async () => {
    const { queue, schema } = await queueWith();
    const target = await receiver([410, 200]);
    const { hook } = await submitted(queue, target.url);
    await queue.work();
    await waitFor(async () => (await jobStates(schema))[0]?.state === "completed", { what: "completion" });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(target.received).toHaveLength(1);
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: 410, failureCount: 1 });
  });

  it("stops after 5 attempts in total and never deactivates the hook", async () => {
    const { queue, schema } = await queueWith();
    const target = await receiver([500]);
    const { hook, scope, seed } = await submitted(queue, target.url);
    await queue.work();
    await waitFor(async () => (await jobStates(schema))[0]?.state === "failed", {
      what: "the job to fail",
      timeoutMs: 30_000,
    });
    expect(target.received).toHaveLength(5);
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: 500, failureCount: 5 });
    // Still active: the next submission is delivered to it.
    await backend.database.db.transaction(async (tx) => {
      const row = await submitResponse(tx, seed, seed.form.id, {});
      expect(await emitFormFilled(tx, scope, { responseId: row.id })).toEqual({ enqueued: 1 });
    });
    await waitFor(() => target.received.length === 6, { what: "the next delivery" });
  }, 45_000);

  it("times out a receiver that does not answer (no status) and retries", async () => {
    const { queue, schema } = await queueWith({ allowLoopback: true, timeoutMs: 300 });
    const target = await receiver(["hang", 200]);
    const { hook } = await submitted(queue, target.url);
    await queue.work();
    await waitFor(async () => (await jobStates(schema))[0]?.state === "completed", {
      what: "completion",
      timeoutMs: 20_000,
    });
    expect(target.received).toHaveLength(2);
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: 200, failureCount: 1 });
  });

  it("records a timeout attempt with lastStatus null", async () => {
    const { queue } = await queueWith({ allowLoopback: true, timeoutMs: 300 }, { ...FAST, retryLimit: 0 });
    const target = await receiver(["hang"]);
    const { hook } = await submitted(queue, target.url);
    await queue.work();
    await waitFor(async () => (await hookRow(hook.id)).lastDeliveryAt !== null, { what: "the attempt" });
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: null, failureCount: 1 });
  });

  it("refuses a private (loopback) address at delivery when the allowance is off", async () => {
    const { queue, schema } = await queueWith({ allowLoopback: false }, { ...FAST, retryLimit: 1 });
    const target = await receiver([200]);
    const { hook } = await submitted(queue, target.url);
    await queue.work();
    await waitFor(async () => (await jobStates(schema))[0]?.state === "failed", {
      what: "the job to fail",
      timeoutMs: 20_000,
    });
    expect(target.received).toHaveLength(0);
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: null, failureCount: 2 });
  });

  it("follows no redirect (a 3xx is a failed attempt)", async () => {
    const { queue, schema } = await queueWith({ allowLoopback: true }, { ...FAST, retryLimit: 0 });
    const target = await receiver([302]);
    const { hook } = await submitted(queue, target.url);
    await queue.work();
    await waitFor(async () => (await jobStates(schema))[0]?.state === "failed", { what: "the job to fail" });
    expect(target.received).toHaveLength(1);
    expect(await hookRow(hook.id)).toMatchObject({ lastStatus: 302, failureCount: 1 });
  });

  it("sends nothing to a hook deleted after the submission", async () => {
    const { queue, schema } = await queueWith();
    const target = await receiver([200]);
    const { hook, scope } = await submitted(queue, target.url);
    await deleteWebhook(backend.database.db, scope, { id: hook.id });
    await queue.work();
    await waitFor(async () => (await jobStates(schema))[0]?.state === "completed", { what: "completion" });
    expect(target.received).toHaveLength(0);
  });

  it("sends nothing while the hook's studio is archived", async () => {
    const { queue, schema } = await queueWith();
    const target = await receiver([200]);
    const { hook, seed } = await submitted(queue, target.url);
    await backend.database.db
      .update(studios)
      .set({ archivedAt: new Date() })
      .where(eq(studios.id, seed.studioId));
    await queue.work();
    await waitFor(async () => (await jobStates(schema))[0]?.state === "completed", { what: "completion" });
    expect(target.received).toHaveLength(0);
    expect((await hookRow(hook.id)).lastDeliveryAt).toBeNull();
  });
});
