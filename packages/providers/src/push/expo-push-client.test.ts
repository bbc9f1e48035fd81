import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PushMessage } from "@studio/domain";
import { createExpoPushClient, PushProviderError } from "./expo-push-client";

// A loopback server speaking the Expo push protocol: JSON array in, {data: [ticket...]} out.
let server: Server;
let url: string;
const received: { headers: IncomingMessage["headers"]; body: PushMessage[] }[] = [];
let reply: (messages: PushMessage[]) => { status: number; body: string; delayMs?: number } = (messages) => ({
  status: 200,
  body: JSON.stringify({
    data: messages.map((m, i) =>
      m.to.includes("dead")
        ? { status: "error", message: "gone", details: { error: "DeviceNotRegistered" } }
        : { status: "ok", id: `t${i}` },
    ),
  }),
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      const body = JSON.parse(text) as PushMessage[];
      received.push({ headers: req.headers, body });
      const answer = reply(body);
      setTimeout(
        () => res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body),
        answer.delayMs ?? 0,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/--/api/v2/push/send`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const message = (to: string): PushMessage => ({
  to,
  title: "כותרת",
  body: "גוף",
  sound: "default",
  data: { type: "PLAN_UPDATED" },
});

describe("Expo push client", () => {
  it("POSTs a JSON array of {to, title, body, sound, data} and answers one ticket per message", async () => {
    received.length = 0;
    const client = createExpoPushClient({ url, accessToken: "secret-token" });
    const tickets = await client.send([message("ExponentPushToken[a]"), message("ExponentPushToken[dead]")]);
    expect(tickets).toEqual([
      { status: "ok", id: "t0" },
      { status: "error", message: "gone", details: { error: "DeviceNotRegistered" } },
    ]);
    expect(received[0]!.body).toEqual([message("ExponentPushToken[a]"), message("ExponentPushToken[dead]")]);
    expect(received[0]!.headers["content-type"]).toBe("application/json");
    expect(received[0]!.headers.authorization).toBe("Bearer secret-token");
  });

  it("sends at most 100 messages per request", async () => {
    received.length = 0;
    const tickets = await createExpoPushClient({ url }).send(
      Array.from({ length: 150 }, (_, i) => message(`tok-${i}`)),
    );
    expect(tickets).toHaveLength(150);
    expect(received.map((r) => r.body.length)).toEqual([100, 50]);
  });

  it("5xx and 429 are retryable provider errors; other refusals are not", async () => {
    const client = createExpoPushClient({ url });
    for (const [status, retryable] of [
      [503, true],
      [429, true],
      [400, false],
    ] as const) {
      reply = () => ({ status, body: "{}" });
      const error = await client.send([message("a")]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PushProviderError);
      expect(error).toMatchObject({ retryable, status, message: `push provider answered HTTP ${status}` });
    }
  });

  it("an unreachable provider or a timeout is a retryable error, never an unhandled one", async () => {
    const unreachable = createExpoPushClient({ url: "http://127.0.0.1:1/push" });
    await expect(unreachable.send([message("a")])).rejects.toMatchObject({
      name: "PushProviderError",
      retryable: true,
      message: "push provider unreachable",
    });
    reply = () => ({ status: 200, body: JSON.stringify({ data: [{ status: "ok" }] }), delayMs: 500 });
    const slow = createExpoPushClient({ url, timeoutMs: 100 });
    await expect(slow.send([message("a")])).rejects.toMatchObject({
      retryable: true,
      message: "push provider timed out after 100 ms",
    });
  });

  it("a body that is not a ticket per message is a retryable error", async () => {
    reply = () => ({ status: 200, body: JSON.stringify({ data: [] }) });
    await expect(createExpoPushClient({ url }).send([message("a")])).rejects.toMatchObject({
      retryable: true,
    });
  });
});
