import type { HttpBindings } from "@hono/node-server";
import type { AppDeps, LaneAuth } from "./context";

/** Hono typing: Node bindings plus what our middlewares put on the context. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    deps: AppDeps;
    auth: LaneAuth;
    rawBody?: Uint8Array;
    /** The parsed request URL (requestUrl). */
    url?: URL;
    /** The REST route template the adapter matched (the request log reuses it). */
    routePath?: string;
  };
}
