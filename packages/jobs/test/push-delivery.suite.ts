import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, forms, pushTokens, studios, type DatabaseHandle } from "@studio/db";
import { notify, type JobScope, type NotifyInput, type PushMessage } from "@studio/domain";
import { silentLogger } from "@studio/observability";
import { createExpoPushClient } from "@studio/providers/push";
import { createJobQueue, type JobQueue, type WorkerServices } from "../src/index";
import {
  createDeliverPushJob,
  DELIVER_PUSH_POLICY,
  deliverPush,
  type DeliverPushPolicy,
} from "../src/jobs/deliver-push";
import { schedulerTick } from "../src/jobs/scheduler-tick";
import {
  captureLogger,
  jobRow,
  openBackend,
  uniqueSchema,
  waitFor,
  type TestBackend,
  type BackendName,
} from "./harness";

/** A push provider on loopback speaking the Expo push protocol; records every request. */
async function startPushStub() {
  const requests: PushMessage[][] = [];
  const arrivals: number[] = [];
  let respond: (messages: PushMessage[], n: number) => { status: number; body?: unknown } = (messages) => ({
    status: 200,
    body: {
      data: messages.map((m) =>
        m.to.includes("gone")
          ? { status: "error", message: "not registered", details: { error: "DeviceNotRegistered" } }
          : { status: "ok", id: randomUUID() },
      ),
    },
  });
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const messages = JSON.parse(text) as PushMessage[];
      requests.push(messages);
      arrivals.push(Date.now());
      const answer = respond(messages, requests.length);
      res
        .writeHead(answer.status, { "content-type": "application/json" })
        .end(JSON.stringify(answer.body ?? { errors: [{ code: "INTERNAL" }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/--/api/v2/push/send`,
    requests,
    arrivals,
    answer(fn: typeof respond) {
      respond = fn;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A loopback port nobody listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}/push`;
}

// Short policy for tests: 3 attempts, 1 s then 2 s (plus jitter) apart.
const TEST_POLICY: DeliverPushPolicy = { retryLimit: 2, retryDelaySec: 1, retryBackoff: true };

/** The suite for one backend; one file per backend so the two run side by side. */
export function pushDeliverySuite(backendName: BackendName): void {
  describe(`push delivery on ${backendName}`, () => {
    let backend: TestBackend;
    let stub: Awaited<ReturnType<typeof startPushStub>>;
    const open: JobQueue<any>[] = [];

    beforeAll(async () => {
      backend = await openBackend(backendName);
      stub = await startPushStub();
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((q) => q.stop()));
      stub.requests.length = 0;
      stub.arrivals.length = 0;
      stub.answer((messages) => ({ status: 200, body: { data: messages.map(() => ({ status: "ok" })) } }));
    });
    afterAll(async () => {
      await stub?.close();
      await backend?.cleanup();
    });

    /** A started, working queue with the notification jobs; services as the API and worker main wire them. */
    async function worker(
      options: { pushUrl?: string | null; policy?: DeliverPushPolicy; work?: boolean } = {},
    ) {
      const { database } = backend;
      const services: WorkerServices = {};
      if (options.pushUrl !== null)
        services.push = createExpoPushClient({ url: options.pushUrl ?? stub.url, timeoutMs: 2_000 });
      const logger = captureLogger();
      const schema = uniqueSchema();
      const queue = createJobQueue(
        database,
        { database, logger, now: () => new Date(), services },
        {
          schema,
          pollingIntervalSeconds: 0.5,
          shutdownTimeoutMs: 5_000,
          jobs: [createDeliverPushJob(options.policy ?? TEST_POLICY), schedulerTick],
        },
      );
      services.jobs = queue;
      open.push(queue);
      await queue.start();
      if (options.work !== false) await queue.work();
      return { queue, logger, services, schema };
    }

    async function trainee(
      database: DatabaseHandle,
      devices: string[],
      fields: Partial<typeof clients.$inferInsert> = {},
    ) {
      const [studio] = await database.db
        .insert(studios)
        .values({ name: "Studio", slug: `s-${randomUUID()}` })
        .returning();
      const [client] = await database.db
        .insert(clients)
        .values({
          studioId: studio!.id,
          firstName: "מאיה",
          phone: `+9725${Math.floor(Math.random() * 1e8)}`,
          ...fields,
        })
        .returning();
      // Tokens are unique across trainees: each test's devices get a suffix of their own.
      const tokens = devices.map((d) => `${d}#${randomUUID().slice(0, 8)}`);
      for (const token of tokens)
        await database.db
          .insert(pushTokens)
          .values({ studioId: studio!.id, clientId: client!.id, token, platform: "ios" });
      return { studioId: studio!.id, clientId: client!.id, tokens };
    }

    const recordOf = async (id: string) =>
      (await backend.database.db.query.notifications.findFirst({ where: (n, { eq }) => eq(n.id, id) }))!;
    const settled = (id: string, timeoutMs = 20_000) =>
      waitFor(
        async () => {
          const r = await recordOf(id);
          return r.status !== "queued" && r;
        },
        { timeoutMs, what: `record ${id} to leave queued` },
      );
    /** What a feature calling notify() in a request or job would pass. */
    const scopeOf = (studioId: string, queue: JobQueue<any>): JobScope => ({
      studioId,
      actor: { kind: "job", job: "test" },
      requestId: "test",
      now: new Date(),
      logger: silentLogger,
      jobs: queue,
    });
    const send = (
      queue: JobQueue<any>,
      { tokens: _tokens, studioId, ...input }: NotifyInput & { studioId: string; tokens?: string[] },
    ) => notify(backend.database.db, scopeOf(studioId, queue), input);

    it("the worker delivers exactly what notify recorded, to every device of the trainee, in the Expo push shape", async () => {
      const { queue } = await worker();
      const t = await trainee(backend.database, ["ExponentPushToken[phone]", "ExponentPushToken[tablet]"]);
      const record = await send(queue, {
        ...t,
        type: "TRAINER_MESSAGE",
        variables: { coach: "דנה", message: "כל הכבוד!" },
      });
      expect(record.status).toBe("queued");
      const done = await settled(record.id);
      expect(done).toMatchObject({ status: "sent", attempts: 1, error: null });
      expect(done.sentAt).toBeInstanceOf(Date);
      expect(stub.requests).toHaveLength(1);
      const [pushes] = stub.requests;
      expect(pushes!.map((p) => p.to).sort()).toEqual([...t.tokens].sort());
      for (const push of pushes!) {
        expect(push).toEqual({
          to: push.to,
          title: record.title,
          body: record.body,
          sound: "default",
          data: { notificationId: record.id, type: "TRAINER_MESSAGE" },
        });
      }
      expect(record.title).toBe("הודעה חדשה מדנה");
    });

    it("retries a 5xx with backoff and delivers once the provider recovers", async () => {
      const { queue } = await worker();
      stub.answer((messages, n) =>
        n <= 2 ? { status: 503 } : { status: 200, body: { data: messages.map(() => ({ status: "ok" })) } },
      );
      const t = await trainee(backend.database, ["ExponentPushToken[a]"]);
      const record = await send(queue, { ...t, type: "MEETING_REMINDER" });
      const done = await settled(record.id);
      // A successful attempt clears the error the earlier ones noted.
      expect(done).toMatchObject({ status: "sent", attempts: 3, error: null });
      expect(stub.requests).toHaveLength(3);
      // Backoff: retry n waits retryDelay * 2^(n-1) or more.
      const [first, second, third] = stub.arrivals;
      expect(second! - first!).toBeGreaterThanOrEqual(900);
      expect(third! - second!).toBeGreaterThanOrEqual(1_900);
    });

    it("gives up after the retry policy: the record is failed, the worker keeps running and delivers the next push", async () => {
      const { queue, logger } = await worker();
      stub.answer(() => ({ status: 500 }));
      const t = await trainee(backend.database, ["ExponentPushToken[a]"]);
      const record = await send(queue, { ...t, type: "WORKOUT_REMINDER" });
      const done = await settled(record.id);
      expect(done).toMatchObject({
        status: "failed",
        attempts: TEST_POLICY.retryLimit + 1,
        error: "push provider answered HTTP 500",
        sentAt: null,
      });
      expect(stub.requests).toHaveLength(TEST_POLICY.retryLimit + 1);
      expect(logger.entries).toContainEqual(
        expect.objectContaining({ level: "error", msg: "push delivery failed" }),
      );

      stub.answer((messages) => ({ status: 200, body: { data: messages.map(() => ({ status: "ok" })) } }));
      const next = await send(queue, { ...t, type: "WORKOUT_MISSED" });
      expect(await settled(next.id)).toMatchObject({ status: "sent", attempts: 1 });
    });

    it("an unreachable provider marks the record failed after the policy", async () => {
      const { queue } = await worker({ pushUrl: await closedPortUrl() });
      const t = await trainee(backend.database, ["ExponentPushToken[a]"]);
      const record = await send(queue, { ...t, type: "PLAN_UPDATED" });
      expect(await settled(record.id)).toMatchObject({
        status: "failed",
        attempts: 3,
        error: "push provider unreachable",
      });
    });

    it("an unset provider marks the record failed after the policy", async () => {
      const { queue } = await worker({ pushUrl: null });
      const t = await trainee(backend.database, ["ExponentPushToken[a]"]);
      const record = await send(queue, { ...t, type: "SUBSCRIPTION_ENDED" });
      expect(await settled(record.id)).toMatchObject({
        status: "failed",
        attempts: 3,
        error: "push provider not configured",
      });
    });

    it("a refusal that cannot pass later (HTTP 400) is failed at once, not retried", async () => {
      const { queue } = await worker();
      stub.answer(() => ({ status: 400 }));
      const t = await trainee(backend.database, ["ExponentPushToken[a]"]);
      const record = await send(queue, { ...t, type: "SUBSCRIPTION_FROZEN" });
      expect(await settled(record.id)).toMatchObject({
        status: "failed",
        attempts: 1,
        error: "push provider answered HTTP 400",
      });
      expect(stub.requests).toHaveLength(1);
    });

    it("a device the provider reports as not registered is forgotten; the push counts as sent on the others", async () => {
      const { queue } = await worker();
      const t = await trainee(backend.database, ["ExponentPushToken[ok]", "ExponentPushToken[gone]"]);
      stub.answer((messages) => ({
        status: 200,
        body: {
          data: messages.map((m) =>
            m.to.includes("gone")
              ? { status: "error", message: "not registered", details: { error: "DeviceNotRegistered" } }
              : { status: "ok" },
          ),
        },
      }));
      const record = await send(queue, { ...t, type: "TRAINING_PLAN_ASSIGNED", variables: { plan: "A" } });
      expect(await settled(record.id)).toMatchObject({
        status: "sent",
        error: "1 of 2 devices refused: DeviceNotRegistered",
      });
      const left = await backend.database.db.query.pushTokens.findMany({
        where: (p, { eq }) => eq(p.clientId, t.clientId),
      });
      expect(left.map((r) => r.token)).toEqual([t.tokens[0]]);
    });

    it("a push whose devices all disappeared before delivery is skipped NO_PUSH_TOKEN, nothing is sent", async () => {
      const { queue } = await worker({ work: false });
      const t = await trainee(backend.database, ["ExponentPushToken[a]"]);
      const record = await send(queue, { ...t, type: "MEETING_REMINDER" });
      expect(record.status).toBe("queued");
      await backend.database.executor.executeSql("delete from push_tokens where client_id = $1", [
        t.clientId,
      ]);
      await queue.work();
      expect(await settled(record.id)).toMatchObject({ status: "skipped", skipReason: "NO_PUSH_TOKEN" });
      expect(stub.requests).toHaveLength(0);
    });

    it("the default policy: 6 attempts with exponential backoff from 10 s, carried by every delivery job", async () => {
      expect(DELIVER_PUSH_POLICY).toEqual({ retryLimit: 5, retryDelaySec: 10, retryBackoff: true });
      expect(deliverPush).toMatchObject({ name: "deliver-push", ...DELIVER_PUSH_POLICY });
      const { queue, schema } = await worker({ policy: DELIVER_PUSH_POLICY, work: false });
      const t = await trainee(backend.database, ["ExponentPushToken[p]"]);
      const record = await send(queue, { ...t, type: "WORKOUT_MISSED" });
      const { rows } = await backend.database.executor.executeSql(
        `select id from ${schema}.job where name = 'deliver-push' and data->>'notificationId' = $1`,
        [record.id],
      );
      expect(rows).toHaveLength(1);
      expect(await jobRow(backend.database, schema, rows[0]!.id as string)).toMatchObject({
        retry_limit: 5,
        retry_delay: 10,
        retry_backoff: true,
      });
    });

    it("reminders fire once when the scheduling job runs twice (and the worker delivers that one push)", async () => {
      const { services } = await worker();
      const t = await trainee(backend.database, ["ExponentPushToken[r]"], {
        updateCadence: "WEEKLY",
        checkInStartDate: "2026-03-04",
        timezone: "Asia/Jerusalem",
      });
      const [form] = await backend.database.db
        .insert(forms)
        .values({ studioId: t.studioId, name: "Weekly", type: "CHECK_IN" })
        .returning();
      await backend.database.db
        .update(clients)
        .set({ updateFormId: form!.id })
        .where(eq(clients.id, t.clientId));
      // The default reminder: the day before the form day at 19:00 local (17:00Z in March).
      const deps = {
        database: backend.database,
        logger: captureLogger(),
        now: () => new Date("2026-03-03T17:04:00Z"),
        services,
      };
      await schedulerTick.handler({}, deps, {
        id: "run-1",
        name: "scheduler-tick",
        retryCount: 0,
      });
      await schedulerTick.handler({}, deps, {
        id: "run-2",
        name: "scheduler-tick",
        retryCount: 0,
      });
      const records = await backend.database.db.query.notifications.findMany({
        where: (n, { eq }) => eq(n.clientId, t.clientId),
      });
      expect(records).toHaveLength(1);
      expect(await settled(records[0]!.id)).toMatchObject({ status: "sent", type: "FORM_REMINDERS" });
      expect(stub.requests).toHaveLength(1);
      expect(stub.requests[0]![0]).toMatchObject({
        to: t.tokens[0],
        data: { opens: "home", formDay: "2026-03-04", formId: form!.id },
      });
    });
  });
}
