import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { DomainPorts, LanguageModel } from "@studio/domain";
import { createWiredJobQueue, type JobQueue } from "@studio/jobs";
import { createLogger, type Logger } from "@studio/observability";
import type { TestApp } from "./harness";

/** A loopback HTTP receiver (the waitlist forward target): records every request, answers as told. */
export interface Receiver {
  url: string;
  requests: { at: number; method: string; headers: IncomingMessage["headers"]; body: string }[];
  /** What the next requests answer (default 200); a delay holds the answer back. */
  respond: { status: number; delayMs?: number };
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const state: Receiver = {
    url: "",
    requests: [],
    respond: { status: 200 },
    close: async () => {},
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.requests.push({
        at: Date.now(),
        method: req.method ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const { status, delayMs } = state.respond;
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status, { "content-type": "application/json" }).end("{}");
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** A log that keeps its JSON lines (to prove no personal data reaches it). */
export function collectingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: createLogger({ level: "debug", write: (l) => lines.push(l) }), lines };
}

/**
 * A worker process of its own over the test app's database (as apps/worker runs it): the model,
 * chat provider and waitlist address the test gives, loopback targets allowed, polling every 0.5 s.
 */
export async function startTestWorker(
  t: TestApp,
  options: {
    model?: LanguageModel | null;
    chat?: DomainPorts["chat"];
    waitlistForwardUrl?: string;
    logger?: Logger;
  } = {},
): Promise<JobQueue> {
  const queue = createWiredJobQueue(t.deps.database, {
    logger: options.logger ?? createLogger({ level: "silent" }),
    now: () => new Date(),
    model: options.model ?? null,
    waitlistForwardUrl: options.waitlistForwardUrl,
    webhookAllowLoopback: true,
    ...(options.chat && { ports: { chat: options.chat } }),
    queue: { pollingIntervalSeconds: 0.5, shutdownTimeoutMs: 5_000 },
  });
  await queue.start();
  await queue.work();
  return queue;
}

/** Polls until `check` returns a value other than undefined/false (or fails after timeoutMs). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
