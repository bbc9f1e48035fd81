import type { IncomingMessage } from "node:http";
import type { Context, Next } from "hono";
import type { AppEnv } from "../hono-env";

/** Most request bytes read and thrown away after an early answer (the largest body limit is 24 MiB). */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** Longest wait for the rest of a body after an early answer. */
export const DRAIN_MAX_MS = 10_000;

/**
 * Issue 27 item 6. An answer given before the request body was read to its end (a 401 of a lane
 * guard, a 413 over a body limit, any refusal) must still reach the client, and the pooled
 * connection must carry the client's next request. Node closes a socket with unread bytes by a
 * reset, which can destroy the answer on its way (undici: "other side closed"; a kept-alive
 * agent: "socket hang up" on the next request). So the rest of the body is read and discarded
 * first, at most DRAIN_MAX_BYTES and DRAIN_MAX_MS: then the answer goes out on a connection that
 * stays usable (a 413's `connection: close` is dropped). A body larger than that, or slower, is
 * answered with `connection: close` (the client may then see the connection end instead).
 */
export async function answerAfterBody(c: Context<AppEnv>, next: Next): Promise<void> {
  await next();
  const incoming = (c.env as AppEnv["Bindings"] | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || incoming.destroyed) return;
  const drained = await drainRest(incoming);
  const res = c.res;
  const connection = drained ? null : "close";
  if (res.headers.get("connection") === connection) return;
  const headers = new Headers(res.headers);
  if (connection) headers.set("connection", connection);
  else headers.delete("connection");
  // Hono's setter merges the old answer's headers into a new one: cleared first.
  c.res = undefined;
  c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** Reads the rest of the body into nothing; true when it ended within the bounds. */
function drainRest(incoming: IncomingMessage): Promise<boolean> {
  // A reader that stopped part way (a body limit counting a chunked body) left its own 'data'
  // listener, which would buffer every byte drained here: the body is nobody's any more.
  incoming.removeAllListeners("data");
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onStop);
      incoming.off("close", onStop);
      if (!ended) incoming.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onStop = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("error", onStop);
    incoming.once("close", onStop);
    incoming.resume();
  });
}
