// A loopback server speaking the WhatsApp Cloud API's send-message call, for tests: checks the
// path (/{version}/{phoneNumberId}/messages) and the bearer token like the provider, records every
// accepted message, and answers the provider's shapes (200 {messages: [{id}]}, 401 OAuthException).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeWhatsAppMessage {
  to: string;
  type: string;
  text?: { body: string };
  template?: { name: string; language: { code: string }; components: unknown[] };
  [key: string]: unknown;
}

export interface FakeWhatsAppServer {
  /** The API base to configure as WHATSAPP_API_URL. */
  apiUrl: string;
  messages: FakeWhatsAppMessage[];
  /** The bodies of the sends answered by failNext (parsed when they are JSON), oldest first. */
  refused: unknown[];
  /** Answer the next `count` sends with this status (e.g. 500, 429) instead of accepting them. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

const parsedOrText = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
};

export async function startFakeWhatsAppServer(options: {
  phoneNumberId: string;
  accessToken: string;
}): Promise<FakeWhatsAppServer> {
  const messages: FakeWhatsAppMessage[] = [];
  const refused: unknown[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let serial = 0;
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const body = await readBody(req);
    if (req.method !== "POST" || req.url !== `/v21.0/${options.phoneNumberId}/messages`)
      return answer(404, {
        error: { message: "Unknown path components", type: "OAuthException", code: 2500 },
      });
    if (req.headers.authorization !== `Bearer ${options.accessToken}`)
      return answer(401, {
        error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
      });
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      refused.push(parsedOrText(body));
      return answer(failures.status, { error: { message: "Service temporarily unavailable", code: 2 } });
    }
    let message: FakeWhatsAppMessage;
    try {
      message = JSON.parse(body) as FakeWhatsAppMessage;
    } catch {
      return answer(400, { error: { message: "Invalid JSON", code: 100 } });
    }
    if (
      (message as { messaging_product?: unknown }).messaging_product !== "whatsapp" ||
      !/^\d{7,15}$/.test(message.to)
    )
      return answer(400, { error: { message: "Invalid parameter", code: 100 } });
    messages.push(message);
    serial += 1;
    answer(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: message.to, wa_id: message.to }],
      messages: [{ id: `wamid.fake${serial}` }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/v21.0`,
    messages,
    refused,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
