import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createLanguageModel } from "./chat-client";
import { startFakeChatServer, type FakeChatServer } from "./fake-chat-server";

const Answer = z.object({ title: z.string().min(1), lines: z.array(z.string()) });
const request = { schemaName: "test_answer", schema: Answer, system: "be brief", prompt: "say hi" };

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(async () => server?.close());
beforeEach(() => {
  server.requests.length = 0;
  server.replies = [];
  server.fallback = { status: 500, body: { error: { message: "scripted failure" } } };
});

const model = (overrides: Partial<Parameters<typeof createLanguageModel>[0]> = {}) =>
  createLanguageModel({ baseUrl: server.baseUrl, apiKey: "sk-test-key", model: "test-model", ...overrides });

describe("OpenAI-compatible chat client", () => {
  it("posts model, messages and a strict json_schema derived from the zod schema, with the bearer key", async () => {
    server.replies = [{ answer: { title: "hi", lines: ["a", "b"] } }];
    const result = await model().generate(request);
    expect(result).toEqual({ ok: true, value: { title: "hi", lines: ["a", "b"] } });
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.authorization).toBe("Bearer sk-test-key");
    expect(sent.body.model).toBe("test-model");
    expect(sent.body.messages).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "say hi" },
    ]);
    expect(sent.body.response_format?.type).toBe("json_schema");
    expect(sent.body.response_format?.json_schema?.name).toBe("test_answer");
    expect(sent.body.response_format?.json_schema?.strict).toBe(true);
    const schema = sent.body.response_format?.json_schema?.schema as any;
    expect(schema.$schema).toBeUndefined();
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(["title", "lines"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.lines).toEqual({ type: "array", items: { type: "string" } });
  });

  it("sends no authorization header without a key, and a trailing slash of the base URL is ignored", async () => {
    server.replies = [{ answer: { title: "x", lines: [] } }];
    const result = await model({ apiKey: undefined, baseUrl: `${server.baseUrl}/` }).generate(request);
    expect(result.ok).toBe(true);
    expect(server.requests[0]!.authorization).toBeUndefined();
    expect(server.requests[0]!.path).toBe("/v1/chat/completions");
  });

  it("accepts an answer wrapped in a Markdown code fence", async () => {
    server.replies = [{ content: '```json\n{"title":"fenced","lines":["x"]}\n```' }];
    expect(await model().generate(request)).toEqual({ ok: true, value: { title: "fenced", lines: ["x"] } });
  });

  it("an answer that is not JSON, does not match the schema, or is a refusal is invalid-output", async () => {
    server.replies = [{ content: "sure! here is your recipe" }];
    const notJson = await model().generate(request);
    expect(notJson).toMatchObject({ ok: false, failure: "invalid-output", message: "answer is not JSON" });

    server.replies = [{ answer: { title: "", lines: "nope" } }];
    const mismatch = await model().generate(request);
    expect(mismatch.ok).toBe(false);
    if (!mismatch.ok) {
      expect(mismatch.failure).toBe("invalid-output");
      expect(mismatch.message).toMatch(/^answer does not match test_answer: title: /);
    }

    server.replies = [{ content: null, refusal: "I can't help with that" }];
    expect(await model().generate(request)).toMatchObject({ ok: false, failure: "invalid-output" });

    server.replies = [{ status: 200, body: { choices: [] } }];
    expect(await model().generate(request)).toMatchObject({
      ok: false,
      failure: "invalid-output",
      message: "completion has no message content",
    });
  });

  it("an error status is unavailable, without the provider's error text (it may echo the key)", async () => {
    server.replies = [
      { status: 401, body: { error: { message: "Incorrect API key provided: sk-te***key" } } },
    ];
    const result = await model({ retries: 1 }).generate(request);
    expect(result).toEqual({ ok: false, failure: "unavailable", message: "chat completions answered 401" });
    // 401 is not retried: the same key would be refused again.
    expect(server.requests).toHaveLength(1);
  });

  it("an unreachable endpoint is unavailable", async () => {
    const result = await createLanguageModel({ baseUrl: "http://127.0.0.1:1/v1", model: "m" }).generate(
      request,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.failure).toBe("unavailable");
      expect(result.message).toMatch(/^chat completions unreachable/);
    }
  });

  it("a slow answer times out at the deadline and is not retried", async () => {
    server.replies = [{ answer: { title: "late", lines: [] }, delayMs: 1_500 }];
    const started = Date.now();
    const result = await model({ timeoutMs: 300, retries: 1 }).generate(request);
    const elapsed = Date.now() - started;
    expect(result).toEqual({ ok: false, failure: "timeout", message: "no answer within 300 ms" });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_200);
    expect(server.requests).toHaveLength(1);
  });

  it("one retry: a 500 then a 200 answers the 200", async () => {
    server.replies = [{ status: 500, body: { error: {} } }, { answer: { title: "second", lines: [] } }];
    expect(await model({ retries: 1 }).generate(request)).toEqual({
      ok: true,
      value: { title: "second", lines: [] },
    });
    expect(server.requests).toHaveLength(2);
  });

  it("without the retry option the 500 is the answer; the request's own retries override the config", async () => {
    server.replies = [{ status: 500, body: {} }, { answer: { title: "never", lines: [] } }];
    expect(await model().generate(request)).toMatchObject({ ok: false, failure: "unavailable" });
    expect(server.requests).toHaveLength(1);

    server.requests.length = 0;
    server.replies = [{ status: 503, body: {} }, { answer: { title: "yes", lines: [] } }];
    expect(await model().generate({ ...request, retries: 1 })).toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it("an invalid answer is retried once, and two invalid answers stay invalid-output", async () => {
    server.replies = [{ content: "garbage" }, { answer: { title: "fixed", lines: [] } }];
    expect(await model({ retries: 1 }).generate(request)).toMatchObject({
      ok: true,
      value: { title: "fixed" },
    });

    server.requests.length = 0;
    server.replies = [
      { content: "garbage" },
      { content: "still garbage" },
      { answer: { title: "x", lines: [] } },
    ];
    expect(await model({ retries: 1 }).generate(request)).toMatchObject({
      ok: false,
      failure: "invalid-output",
    });
    expect(server.requests).toHaveLength(2);
  });

  it("a 429 is retried", async () => {
    server.replies = [{ status: 429, body: {} }, { answer: { title: "ok", lines: [] } }];
    expect(await model({ retries: 1 }).generate(request)).toMatchObject({ ok: true });
  });
});
