import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clients, coaches, studios, type DatabaseHandle } from "@studio/db";
import type { ChatMessage, MailMessage } from "@studio/domain";
import {
  createJobQueue,
  createSendCoachInvitationJob,
  createSendTraineeInviteJob,
  type InvitationPolicy,
  type JobQueue,
  type WorkerServices,
} from "../src/index";
import {
  backends,
  captureLogger,
  jobRow,
  openBackend,
  uniqueSchema,
  waitFor,
  type TestBackend,
} from "./harness";

// Short policy for tests: 3 attempts, 1 s then 2 s (plus jitter) apart.
const TEST_POLICY: InvitationPolicy = { retryLimit: 2, retryDelaySec: 1, retryBackoff: true };

describe.each(backends)("invitation jobs on %s", (backendName) => {
  let backend: TestBackend;
  const open: JobQueue<any>[] = [];

  beforeAll(async () => {
    backend = await openBackend(backendName);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.stop()));
  });
  afterAll(() => backend?.cleanup());

  /** A working queue with both invitation jobs and the given ports, as the API and worker wire them. */
  async function worker(services: WorkerServices, policy: InvitationPolicy = TEST_POLICY) {
    const { database } = backend;
    const logger = captureLogger();
    const schema = uniqueSchema();
    const queue = createJobQueue(
      database,
      { database, logger, now: () => new Date(), services },
      {
        schema,
        pollingIntervalSeconds: 0.5,
        shutdownTimeoutMs: 5_000,
        jobs: [createSendCoachInvitationJob(policy), createSendTraineeInviteJob(policy)],
      },
    );
    open.push(queue);
    await queue.start();
    await queue.work();
    return { queue, logger, schema };
  }

  async function studioWithMembers(database: DatabaseHandle) {
    const [studio] = await database.db
      .insert(studios)
      .values({ name: "Iron Temple", slug: `s-${randomUUID()}` })
      .returning();
    const [coach] = await database.db
      .insert(coaches)
      .values({
        studioId: studio!.id,
        firstName: "Ido",
        lastName: "Katz",
        name: "Ido Katz",
        email: `ido-${randomUUID().slice(0, 8)}@example.com`,
        phone: "050-555-0000",
      })
      .returning();
    const [client] = await database.db
      .insert(clients)
      .values({ studioId: studio!.id, firstName: "Maya", phone: `+9725${Math.floor(Math.random() * 1e8)}` })
      .returning();
    return { studioId: studio!.id, coach: coach!, client: client! };
  }

  it("a failing mailer is retried with backoff until it passes; the invitation is composed when the job runs; logs carry the requestId, never the address or name", async () => {
    const sent: MailMessage[] = [];
    let calls = 0;
    const { queue, logger, schema } = await worker({
      mailer: {
        async send(mail) {
          calls += 1;
          if (calls === 1) throw new Error("smtp down");
          sent.push(mail);
        },
      },
    });
    const { studioId, coach } = await studioWithMembers(backend.database);
    const jobId = await backend.database.db.transaction((tx) =>
      queue.enqueue("send-coach-invitation", { studioId, coachId: coach.id, requestId: "req-1" }, { tx }),
    );
    await waitFor(() => sent.length === 1, { what: "the invitation on the second attempt" });
    expect(sent[0]).toEqual({
      to: coach.email,
      subject: "You're invited to join Iron Temple",
      text: expect.stringContaining("Hi Ido,"),
    });
    expect(sent[0]!.text).toContain(coach.email);
    await waitFor(async () => (await jobRow(backend.database, schema, jobId!))?.state === "completed");
    expect(await jobRow(backend.database, schema, jobId!)).toMatchObject({ retry_count: 1 });
    expect(logger.entries.filter((e) => e.msg.startsWith("job failed"))).toEqual([
      {
        level: "warn",
        msg: "job failed, will retry",
        fields: {
          job: "send-coach-invitation",
          jobId,
          requestId: "req-1",
          attempt: 1,
          maxAttempts: 3,
          error: "smtp down",
        },
      },
    ]);
    const logged = JSON.stringify(logger.entries);
    for (const personal of [coach.email, "Ido", "Katz"]) expect(logged).not.toContain(personal);
  });

  it("a member dismissed before the job runs gets no invitation; the job completes", async () => {
    const sent: MailMessage[] = [];
    const { queue, schema } = await worker({ mailer: { send: async (m) => void sent.push(m) } });
    const { studioId, coach } = await studioWithMembers(backend.database);
    await backend.database.executor.executeSql("update coaches set active = false where id = $1", [coach.id]);
    const jobId = await queue.enqueue("send-coach-invitation", { studioId, coachId: coach.id });
    await waitFor(async () => (await jobRow(backend.database, schema, jobId!))?.state === "completed");
    expect(sent).toEqual([]);
  });

  it("an invitation of another studio's member is not sent (the job's scope is the payload's studio)", async () => {
    const sent: MailMessage[] = [];
    const { queue, schema } = await worker({ mailer: { send: async (m) => void sent.push(m) } });
    const { coach } = await studioWithMembers(backend.database);
    const other = await studioWithMembers(backend.database);
    const jobId = await queue.enqueue("send-coach-invitation", {
      studioId: other.studioId,
      coachId: coach.id,
    });
    await waitFor(async () => (await jobRow(backend.database, schema, jobId!))?.state === "completed");
    expect(sent).toEqual([]);
  });

  it("the trainee invite goes over the chat channel to the stored phone; a trainee deleted meanwhile gets nothing", async () => {
    const sent: ChatMessage[] = [];
    const { queue, schema } = await worker({ chat: { sendMessage: async (m) => void sent.push(m) } });
    const { studioId, client } = await studioWithMembers(backend.database);
    await queue.enqueue("send-trainee-invite", { studioId, clientId: client.id });
    await waitFor(() => sent.length === 1, { what: "the chat invite" });
    expect(sent[0]).toEqual({
      studioId,
      phone: client.phone,
      text: "Hi Maya! Iron Temple invited you to its coaching app. Download the app and sign in with this phone number.",
    });

    const gone = await studioWithMembers(backend.database);
    await backend.database.executor.executeSql("update clients set deleted_at = now() where id = $1", [
      gone.client.id,
    ]);
    const jobId = await queue.enqueue("send-trainee-invite", {
      studioId: gone.studioId,
      clientId: gone.client.id,
    });
    await waitFor(async () => (await jobRow(backend.database, schema, jobId!))?.state === "completed");
    expect(sent).toHaveLength(1);
  });

  it("without a chat port in the services the invite job fails (retried per its policy) rather than completing unsent", async () => {
    const { queue, logger, schema } = await worker(
      {},
      { retryLimit: 0, retryDelaySec: 0, retryBackoff: false },
    );
    const { studioId, client } = await studioWithMembers(backend.database);
    const jobId = await queue.enqueue("send-trainee-invite", { studioId, clientId: client.id });
    await waitFor(async () => (await jobRow(backend.database, schema, jobId!))?.state === "failed");
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: "error",
        msg: "job failed, no retries left",
        fields: expect.objectContaining({
          error: "no chat messenger in the worker's services (services.chat)",
        }),
      }),
    );
  });
});
