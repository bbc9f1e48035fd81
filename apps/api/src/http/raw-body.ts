import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { AppEnv } from "../hono-env";

/** A GET or HEAD: its body is never read (a signed one that declares a body is refused). */
export const isBodiless = (c: Context<AppEnv>): boolean => c.req.method === "GET" || c.req.method === "HEAD";

/** The exact request bytes, read once: the signature is computed over them, and JSON is parsed from them. */
export async function readRawBody(c: Context<AppEnv>): Promise<Uint8Array> {
  const cached = c.get("rawBody");
  if (cached) return cached;
  const incoming = c.env?.incoming;
  const raw = isBodiless(c)
    ? new Uint8Array()
    : incoming && declaresLength(incoming) && incoming.readableFlowing === null && !incoming.readableEnded
      ? await readIncoming(incoming)
      : new Uint8Array(await c.req.arrayBuffer());
  c.set("rawBody", raw);
  return raw;
}

/**
 * A body of a declared length (content-length, no transfer-encoding): its size was checked
 * against the route's limit before any reading (app.ts), and Node's parser delivers exactly that
 * many bytes.
 */
export const declaresLength = (incoming: IncomingMessage): boolean =>
  incoming.headers["content-length"] !== undefined && incoming.headers["transfer-encoding"] === undefined;

/**
 * The body straight from Node's request stream, not through the web Request Hono builds for
 * `c.req.arrayBuffer()` (a ReadableStream over the socket stream and an undici Request: ~5% of
 * a trainee write's CPU in the issue 30 profile). Only for a stream nobody has started reading.
 */
function readIncoming(incoming: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: Error) => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", done);
      incoming.off("close", onClose);
      if (error) return reject(error);
      const body = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.length;
      }
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => done();
    const onClose = () => {
      if (!incoming.readableEnded) done(new Error("request body aborted"));
    };
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("error", done);
    incoming.once("close", onClose);
  });
}
