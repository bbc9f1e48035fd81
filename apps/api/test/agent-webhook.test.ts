import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { agentMessages } from "@studio/db";
import { whatsAppConfigFromEnv } from "@studio/config";
import type { JobQueue } from "@studio/jobs";
import { createWhatsAppCloudChat } from "@studio/providers/chat";
import { createLanguageModel } from "@studio/providers/model";
import { startFakeChatServer, type FakeChatServer } from "@studio/providers/model/fake-chat-server";
import {
  startFakeWhatsAppServer,
  type FakeWhatsAppServer,
} from "@studio/providers/chat/fake-whatsapp-server";
import { startTestApp, type TestApp } from "./support/harness";
import { collectingLogger, eventually, startTestWorker } from "./support/webhook-fixtures";

/**
 * Document 3 "POST /v1/agent/webhook" (webhook lane, document 1): the token, the body, the
 * standard envelope, and the agent service behind it: recorded messages, debounced reply jobs
 * per conversation, the reply drafted by the language model (fake OpenAI-compatible server) and
 * sent over the WhatsApp Cloud API (fake provider), recorded only once the provider accepted it.
 */
const SECRET = "webhook-secret-for-tests";
const WA = { phoneNumberId: "1098765", accessToken: "wa-test-token" };
const REPLY = "שלום! תודה שפנית, נשמח לעזור.";
const DEBOUNCE = 2;

let t: TestApp;
let llm: FakeChatServer;
let wa: FakeWhatsAppServer;
let worker: JobQueue;
const workerLog = collectingLogger();
const appLog = collectingLogger();
let env: Record<string, string>;

const send = (app: TestApp, body: unknown, token: string | null = SECRET) =>
  app.request("POST", `/v1/agent/webhook${token === null ? "" : `?token=${encodeURIComponent(token)}`}`, {
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const messagesOf = (conversationId: string) =>
  t.deps.database.db
    .select()
    .from(agentMessages)
    .where(eq(agentMessages.conversationId, conversationId))
    .orderBy(asc(agentMessages.createdAt));

const sentTo = (digits: string) => wa.messages.filter((m) => m.to === digits);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The last "Person:" lines of the prompt of an LLM request. */
const promptOf = (i: number) => llm.requests[i]!.body.messages.find((m) => m.role === "user")!.content;

beforeAll(async () => {
  llm = await startFakeChatServer({ answer: { reply: REPLY } });
  wa = await startFakeWhatsAppServer(WA);
  env = {
    WEBHOOK_SECRET: SECRET,
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: "llm-key",
    WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: WA.accessToken,
    WHATSAPP_API_URL: wa.apiUrl,
    AGENT_DEBOUNCE_SECONDS: String(DEBOUNCE),
  };
  t = await startTestApp({ database: "postgres", env, logger: appLog.logger });
  worker = await startTestWorker(t, {
    model: createLanguageModel({ baseUrl: llm.baseUrl, apiKey: "llm-key", model: "test-model" }),
    chat: createWhatsAppCloudChat(whatsAppConfigFromEnv(env)!),
    logger: workerLog.logger,
  });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await llm?.close();
  await wa?.close();
});

describe("webhook lane token", () => {
  it.each([
    ["no token", null],
    ["a wrong token", "nope"],
    ["an empty token", ""],
    ["the secret with a suffix", `${SECRET}x`],
  ])("%s answers 401 UNAUTHORIZED invalid webhook token", async (_label, token) => {
    const res = await send(t, { phone: "0501234567", conversationId: "c-auth" }, token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED", message: "invalid webhook token" });
    expect(await messagesOf("c-auth")).toEqual([]);
  });

  it("with WEBHOOK_SECRET unset every token is refused", async () => {
    const { WEBHOOK_SECRET: _unset, ...rest } = env;
    const app = await startTestApp({ database: "postgres", env: rest });
    try {
      for (const token of [null, "", SECRET, "undefined"]) {
        const res = await send(app, { phone: "0501234567", conversationId: "c" }, token);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe("invalid webhook token");
      }
    } finally {
      await app.close();
    }
  });
});

describe("POST /v1/agent/webhook body", () => {
  const invalid: [string, unknown][] = [
    ["no phone", { conversationId: "c1" }],
    ["no conversationId", { phone: "0501234567" }],
    ["a blank conversationId", { phone: "0501234567", conversationId: "  " }],
    ["a phone that is not a number", { phone: "call me", conversationId: "c1" }],
    ["a phone of 33 characters", { phone: "1".repeat(33), conversationId: "c1" }],
    ["a conversationId of 201", { phone: "0501234567", conversationId: "c".repeat(201) }],
    ["a message of 4097", { phone: "0501234567", conversationId: "c1", message: "m".repeat(4097) }],
    ["a contactName of 201", { phone: "0501234567", conversationId: "c1", contactName: "n".repeat(201) }],
    ["NUL in the message", { phone: "0501234567", conversationId: "c1", message: "a\u0000b" }],
    ["a number as message", { phone: "0501234567", conversationId: "c1", message: 5 }],
  ];
  it.each(invalid)("refuses %s with 422 VALIDATION", async (_label, body) => {
    const res = await send(t, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(await messagesOf("c1")).toEqual([]);
  });

  it("answers 200 in the standard envelope and records the message (IN, normalized phone, contact name)", async () => {
    const res = await send(t, {
      phone: "050-111-0001",
      conversationId: "conv-record",
      message: "היי, כמה עולה המערכת?",
      contactName: "Dana",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, data: { accepted: true, queued: true } });
    expect(typeof res.body.requestId).toBe("string");
    const rows = await messagesOf("conv-record");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: "IN",
      phone: "+972501110001",
      body: "היי, כמה עולה המערכת?",
      contactName: "Dana",
    });
    // The provider's international digits (WhatsApp wa_id) are the same number.
    const digits = await send(t, { phone: "972501110001", conversationId: "conv-record", message: "?" });
    expect(digits.body.data.queued).toBe(true);
    expect((await messagesOf("conv-record"))[1]?.phone).toBe("+972501110001");
  });

  it("a blank or missing message is accepted, not recorded, not queued", async () => {
    for (const body of [
      { phone: "0501110002", conversationId: "conv-blank" },
      { phone: "0501110002", conversationId: "conv-blank", message: "   " },
    ]) {
      const res = await send(t, body);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ accepted: true, queued: false });
    }
    expect(await messagesOf("conv-blank")).toEqual([]);
  });
});

describe("debounced replies", () => {
  // These four wait on their own conversations (own phone, own id) and the fake model's default
  // answer, mostly on the debounce and on "nothing more is sent" sleeps: they run side by side.
  // The tests after them script the model's and the provider's next answers: one at a time.
  it.concurrent(
    "a burst of messages gets one reply, drafted from all of them, sent and recorded as OUT",
    async ({ expect }) => {
      const requestsBefore = llm.requests.length;
      for (const message of ["שלום", "אני מאמן כושר", "יש לכם אפליקציה למתאמנים?"]) {
        expect(
          (await send(t, { phone: "0501110003", conversationId: "conv-burst", message })).body.data.queued,
        ).toBe(true);
      }
      // One queued job per conversation.
      const queued = (await t.jobsNamed("agent-reply")).filter(
        (j) => j.data.conversationId === "conv-burst" && j.state === "created",
      );
      expect(queued).toHaveLength(1);
      await eventually(async () => sentTo("972501110003").length === 1);
      await eventually(async () => (await messagesOf("conv-burst")).some((m) => m.direction === "OUT"));
      await sleep((DEBOUNCE + 1.5) * 1000);
      expect(sentTo("972501110003")).toHaveLength(1);
      expect(sentTo("972501110003")[0]!.text?.body).toBe(REPLY);
      const rows = await messagesOf("conv-burst");
      expect(rows.map((r) => r.direction)).toEqual(["IN", "IN", "IN", "OUT"]);
      expect(rows[3]).toMatchObject({ body: REPLY, phone: "+972501110003" });
      // Other conversations of earlier tests may be answered meanwhile: this conversation's requests only.
      const requests = llm.requests
        .slice(requestsBefore)
        .filter((r) => JSON.stringify(r.body.messages).includes("אני מאמן כושר"));
      expect(requests).toHaveLength(1);
      const prompt = requests[0]!.body.messages.find((m) => m.role === "user")!.content;
      for (const text of ["שלום", "אני מאמן כושר", "יש לכם אפליקציה למתאמנים?"])
        expect(prompt).toContain(text);
      const system = requests[0]!.body.messages.find((m) => m.role === "system")!.content;
      expect(system).toMatch(/Hebrew/);
      expect(requests[0]!.authorization).toBe("Bearer llm-key");
    },
  );

  it.concurrent(
    "waits until the conversation has been quiet for the debounce time (from its last message)",
    async ({ expect }) => {
      const first = Date.now();
      await send(t, { phone: "0501110004", conversationId: "conv-quiet", message: "one" });
      await sleep(1_500);
      const last = Date.now();
      await send(t, { phone: "0501110004", conversationId: "conv-quiet", message: "two" });
      await eventually(async () => sentTo("972501110004").length === 1);
      const sentAt = Date.now();
      expect(sentAt - last).toBeGreaterThanOrEqual(DEBOUNCE * 1000 - 100);
      expect(sentAt - first).toBeGreaterThan(DEBOUNCE * 1000 + 1_000);
      await sleep((DEBOUNCE + 1) * 1000);
      expect(sentTo("972501110004")).toHaveLength(1);
      expect((await messagesOf("conv-quiet")).map((r) => r.direction)).toEqual(["IN", "IN", "OUT"]);
    },
  );

  it.concurrent("a message after the reply was sent gets its own reply", async ({ expect }) => {
    await send(t, { phone: "0501110006", conversationId: "conv-again", message: "hello" });
    await eventually(async () => sentTo("972501110006").length === 1);
    await eventually(async () => (await messagesOf("conv-again")).length === 2);
    await send(t, { phone: "0501110006", conversationId: "conv-again", message: "and another thing" });
    await eventually(async () => sentTo("972501110006").length === 2);
    await eventually(async () => (await messagesOf("conv-again")).length === 4);
    expect((await messagesOf("conv-again")).map((r) => r.direction)).toEqual(["IN", "OUT", "IN", "OUT"]);
  });

  it.concurrent("the model sees at most the 20 newest messages of the conversation", async ({ expect }) => {
    const before = llm.requests.length;
    for (let i = 1; i <= 25; i += 1)
      await send(t, { phone: "0501110011", conversationId: "conv-long", message: `line number ${i}.` });
    await eventually(async () => sentTo("972501110011").length === 1);
    const request = llm.requests
      .slice(before)
      .find((r) => JSON.stringify(r.body.messages).includes("line number 25."))!;
    const prompt = request.body.messages.find((m) => m.role === "user")!.content;
    expect(prompt.match(/^Person: /gm)).toHaveLength(20);
    expect(prompt).toContain("Person: line number 6.");
    expect(prompt).not.toContain("Person: line number 5.");
  });

  it("a message that arrives while the reply is being written is answered by a second reply", async () => {
    llm.replies = [
      { answer: { reply: "first reply" }, delayMs: 2_500 },
      { answer: { reply: "second reply" } },
    ];
    const before = llm.requests.length;
    await send(t, { phone: "0501110005", conversationId: "conv-late", message: "question A" });
    // The job is now asking the model (slowly); the next message arrives meanwhile.
    await eventually(async () => llm.requests.length > before);
    await send(t, { phone: "0501110005", conversationId: "conv-late", message: "question B" });
    await eventually(async () => sentTo("972501110005").length === 2, 20_000);
    expect(sentTo("972501110005").map((m) => m.text?.body)).toEqual(["first reply", "second reply"]);
    // The reply is recorded once the provider accepted it: just after the fake received it.
    await eventually(async () => (await messagesOf("conv-late")).length === 4);
    const rows = await messagesOf("conv-late");
    expect(rows.map((r) => `${r.direction}:${r.body}`)).toEqual([
      "IN:question A",
      "OUT:first reply",
      "IN:question B",
      "OUT:second reply",
    ]);
    const secondPrompt = promptOf(llm.requests.length - 1);
    expect(secondPrompt.indexOf("first reply")).toBeLessThan(secondPrompt.indexOf("question B"));
    expect(secondPrompt.trimEnd().endsWith("Person: question B")).toBe(true);
  });

  it("a model failure sends nothing and records no reply; the job is retried", async () => {
    llm.replies = [
      { status: 500, body: { error: { message: "down" } } },
      { status: 500, body: { error: { message: "down" } } },
    ];
    await send(t, { phone: "0501110007", conversationId: "conv-model-down", message: "anyone?" });
    const job = await eventually(async () =>
      (await t.jobsNamed("agent-reply")).find(
        (j) => j.data.conversationId === "conv-model-down" && j.state === "retry",
      ),
    );
    expect(job.retryCount).toBeGreaterThanOrEqual(0);
    expect(sentTo("972501110007")).toEqual([]);
    expect((await messagesOf("conv-model-down")).map((r) => r.direction)).toEqual(["IN"]);
  });

  it("a reply the chat provider refuses is not recorded; the job is retried", async () => {
    wa.failNext(1, 500);
    await send(t, { phone: "0501110008", conversationId: "conv-wa-down", message: "hi" });
    await eventually(async () =>
      (await t.jobsNamed("agent-reply")).find(
        (j) => j.data.conversationId === "conv-wa-down" && j.state === "retry",
      ),
    );
    expect(sentTo("972501110008")).toEqual([]);
    expect((await messagesOf("conv-wa-down")).map((r) => r.direction)).toEqual(["IN"]);
  });

  it("logs carry no phone and no message text", async () => {
    const logs = [...workerLog.lines, ...appLog.lines].join("\n");
    expect(logs).toContain("agent reply sent");
    for (const secret of [
      "501110003",
      "0501110003",
      "אני מאמן כושר",
      "question A",
      REPLY,
      "first reply",
      "Dana",
    ])
      expect(logs).not.toContain(secret);
  });
});

describe("the agent off or limited", () => {
  const offCases: [string, (e: Record<string, string>) => Record<string, string>][] = [
    ["LLM_BASE_URL unset", ({ LLM_BASE_URL: _a, LLM_API_KEY: _b, ...rest }) => rest],
    ["LLM_API_KEY empty", (e) => ({ ...e, LLM_API_KEY: "" })],
    ["no chat provider", ({ WHATSAPP_PHONE_NUMBER_ID: _a, WHATSAPP_ACCESS_TOKEN: _b, ...rest }) => rest],
  ];
  it.each(offCases)("%s: accepts, records nothing, queues nothing", async (_label, change) => {
    const app = await startTestApp({ database: "postgres", env: change(env) });
    try {
      const res = await send(app, { phone: "0501110009", conversationId: "conv-off", message: "hello" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, data: { accepted: true, queued: false } });
      expect(await app.deps.database.db.select().from(agentMessages)).toEqual([]);
      expect(await app.jobsNamed("agent-reply")).toEqual([]);
      // The body is still checked when the agent is off.
      expect((await send(app, { conversationId: "conv-off" })).status).toBe(422);
    } finally {
      await app.close();
    }
  });

  it("AGENT_PILOT_PHONES: only those senders (any format) are recorded and queued", async () => {
    const app = await startTestApp({
      database: "postgres",
      env: { ...env, AGENT_PILOT_PHONES: "050-111-2222, +972 52 333 4444" },
    });
    try {
      const pilot = await send(app, { phone: "+972501112222", conversationId: "p1", message: "hi" });
      expect(pilot.body.data).toEqual({ accepted: true, queued: true });
      const pilot2 = await send(app, { phone: "0523334444", conversationId: "p2", message: "hi" });
      expect(pilot2.body.data.queued).toBe(true);
      const other = await send(app, { phone: "0541112222", conversationId: "p3", message: "hi" });
      expect(other.status).toBe(200);
      expect(other.body.data).toEqual({ accepted: true, queued: false });
      const rows = await app.deps.database.db.select().from(agentMessages);
      expect(rows.map((r) => r.conversationId).sort()).toEqual(["p1", "p2"]);
      expect((await app.jobsNamed("agent-reply")).map((j) => j.data.conversationId).sort()).toEqual([
        "p1",
        "p2",
      ]);
    } finally {
      await app.close();
    }
  });

  it("AGENT_DEBOUNCE_SECONDS: default 8, 0 to 300, anything else refused at start", async () => {
    const { loadConfig } = await import("../src/config");
    expect(loadConfig({}).agent).toEqual({ pilotPhones: [], debounceSeconds: 8 });
    expect(loadConfig({ AGENT_DEBOUNCE_SECONDS: "0" }).agent.debounceSeconds).toBe(0);
    for (const bad of ["-1", "301", "1.5", "soon"])
      expect(() => loadConfig({ AGENT_DEBOUNCE_SECONDS: bad })).toThrow(/AGENT_DEBOUNCE_SECONDS/);
  });

  it("the reply job is scheduled AGENT_DEBOUNCE_SECONDS ahead with the conversation as singleton key", async () => {
    const app = await startTestApp({ database: "postgres", env: { ...env, AGENT_DEBOUNCE_SECONDS: "30" } });
    try {
      await send(app, { phone: "0501110010", conversationId: "conv-key", message: "a" });
      await send(app, { phone: "0501110010", conversationId: "conv-key", message: "b" });
      await send(app, { phone: "0501110010", conversationId: "conv-other", message: "c" });
      const { rows } = await app.deps.database.executor.executeSql(
        `select singleton_key as key, extract(epoch from start_after - created_on) as ahead
           from pgboss.job where name = 'agent-reply' order by created_on`,
      );
      expect(rows.map((r: any) => r.key)).toEqual(["agent:conv-key", "agent:conv-other"]);
      for (const r of rows as any[]) expect(Number(r.ahead)).toBeGreaterThanOrEqual(29);
    } finally {
      await app.close();
    }
  });
});
