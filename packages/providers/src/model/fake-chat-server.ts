// A small OpenAI-compatible chat completions server on loopback, for tests (not part of the
// package API): it records each request and answers what the test scripts.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequestRecord {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    [key: string]: unknown;
  };
}

/** One scripted answer: a structured answer (sent as the message content), raw content, or any status and body. */
export type ChatReply =
  | { answer: unknown; delayMs?: number }
  | { content: string | null; refusal?: string; delayMs?: number }
  | { status: number; body: unknown; delayMs?: number };

export interface FakeChatServer {
  /** The LLM_BASE_URL to configure (`…/v1`). */
  baseUrl: string;
  requests: ChatRequestRecord[];
  /** Replies used in order; when they run out, `fallback` answers. */
  replies: ChatReply[];
  fallback: ChatReply;
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

export const completion = (content: string | null, refusal?: string) => ({
  id: "chatcmpl-test",
  object: "chat.completion",
  created: Math.floor(Date.now() / 1000),
  model: "test-model",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content, ...(refusal ? { refusal } : {}) },
      finish_reason: "stop",
    },
  ],
});

export async function startFakeChatServer(
  fallback: ChatReply = { status: 500, body: {} },
): Promise<FakeChatServer> {
  const state = { requests: [] as ChatRequestRecord[], replies: [] as ChatReply[], fallback };
  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      let body: ChatRequestRecord["body"];
      try {
        body = JSON.parse(text) as ChatRequestRecord["body"];
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end('{"error":{"message":"bad json"}}');
        return;
      }
      state.requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      const reply = state.replies.shift() ?? state.fallback;
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      const [status, payload] =
        "status" in reply
          ? [reply.status, reply.body]
          : "answer" in reply
            ? [200, completion(JSON.stringify(reply.answer))]
            : [200, completion(reply.content, reply.refusal)];
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get replies() {
      return state.replies;
    },
    set replies(value) {
      state.replies = value;
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(value) {
      state.fallback = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
