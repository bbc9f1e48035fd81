import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubPushMessage {
  to: string;
  title: string;
  body: string;
  data?: Record<string, unknown>;
}

/**
 * A push provider on loopback speaking the Expo push protocol (POST a JSON array of messages,
 * answer `{data: [ticket per message]}`), for apps started with `PUSH_API_URL` set to `url` and
 * `worker: true`. By default a device token containing "refuse" gets an error ticket
 * (DeviceNotRegistered) and every other one is accepted; `answer` replaces the rule.
 */
export async function startPushStub() {
  const requests: StubPushMessage[][] = [];
  type Answer = { status: number; body?: unknown };
  const acceptAll = (messages: StubPushMessage[]): Answer => ({
    status: 200,
    body: {
      data: messages.map((m) =>
        m.to.includes("refuse")
          ? { status: "error", message: "not registered", details: { error: "DeviceNotRegistered" } }
          : { status: "ok", id: randomUUID() },
      ),
    },
  });
  let respond: (messages: StubPushMessage[]) => Answer = acceptAll;
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const messages = JSON.parse(text) as StubPushMessage[];
      requests.push(messages);
      const answer = respond(messages);
      res
        .writeHead(answer.status, { "content-type": "application/json" })
        .end(JSON.stringify(answer.body ?? { errors: [{ code: "REFUSED" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/--/api/v2/push/send`,
    /** Every request body received, in order. */
    requests,
    /** Messages received for one device token. */
    messagesTo: (token: string) => requests.flat().filter((m) => m.to === token),
    answer(fn: typeof respond) {
      respond = fn;
    },
    reset() {
      respond = acceptAll;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushStub = Awaited<ReturnType<typeof startPushStub>>;

/** Polls `read` until `done` holds for its value (the worker polls every 0.5 s); fails after `ms`. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}
