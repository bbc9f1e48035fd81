// A loopback server speaking Postmark's send-email call, for tests: checks the path (/email), the
// X-Postmark-Server-Token header and the message like the provider, records every accepted mail,
// and answers the provider's shapes (200 {To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK"},
// 401 {ErrorCode: 10}, 422 {ErrorCode: 300}).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePostmarkMail {
  From: string;
  To: string;
  Subject: string;
  TextBody?: string;
  HtmlBody?: string;
  MessageStream?: string;
  [key: string]: unknown;
}

export interface FakePostmarkServer {
  /** The API base to configure as MAIL_API_URL. */
  apiUrl: string;
  mails: FakePostmarkMail[];
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

const ADDRESS = /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

const parsedOrText = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
};

export async function startFakePostmarkServer(options: { serverToken: string }): Promise<FakePostmarkServer> {
  const mails: FakePostmarkMail[] = [];
  const refused: unknown[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let serial = 0;
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const body = await readBody(req);
    if (req.method !== "POST" || req.url !== "/email")
      return answer(404, { ErrorCode: 404, Message: "Not found" });
    if (req.headers["x-postmark-server-token"] !== options.serverToken)
      return answer(401, { ErrorCode: 10, Message: "Bad or missing Server API token." });
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      refused.push(parsedOrText(body));
      return answer(failures.status, { ErrorCode: 100, Message: "Maintenance" });
    }
    let mail: FakePostmarkMail;
    try {
      mail = JSON.parse(body) as FakePostmarkMail;
    } catch {
      return answer(422, { ErrorCode: 402, Message: "Received invalid JSON input." });
    }
    if (
      typeof mail.From !== "string" ||
      !ADDRESS.test(mail.From) ||
      typeof mail.To !== "string" ||
      !ADDRESS.test(mail.To) ||
      typeof mail.Subject !== "string" ||
      (typeof mail.TextBody !== "string" && typeof mail.HtmlBody !== "string")
    )
      return answer(422, { ErrorCode: 300, Message: "Invalid email request" });
    mails.push(mail);
    serial += 1;
    answer(200, {
      To: mail.To,
      SubmittedAt: new Date().toISOString(),
      MessageID: `00000000-0000-0000-0000-${String(serial).padStart(12, "0")}`,
      ErrorCode: 0,
      Message: "OK",
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    mails,
    refused,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
