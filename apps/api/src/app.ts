import { Hono, type Context, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { pingDatabase } from "@studio/db";
import type { AppDeps } from "./context";
import type { AppEnv } from "./hono-env";
import { databaseBearerSessions, type BearerSessionResolver } from "./guards/bearer";
import { laneError, laneFailure } from "./rest/lane-error";
import { laneGuard } from "./guards/lane-guard";
import { globalRateLimit } from "./guards/rate-limit";
import { declaresLength, isBodiless } from "./http/raw-body";
import { answerAfterBody } from "./http/drain-request";
import { assignRequestId } from "./http/request-id";
import { mountDocs } from "./docs-page";
import { createApiMetrics } from "./observability/metrics";
import { requestLog } from "./observability/request-log";
import { createRestHandler } from "./rest/rest-adapter";
import { mountLocalMediaFiles } from "./raw/media-files";
import { mountRawRoutes, RAW_ROUTES } from "./raw";
import { templateMatcher } from "./raw/raw-route";
import { signingHeaders } from "./raw/signing/signing-headers";
import { appRouter } from "./router";
import {
  MODEL_TOOL_METHODS,
  MODEL_TOOL_PATH,
  modelToolHandler,
  modelToolsOf,
} from "./model-tools/model-tool-server";
import { createProcessCaches } from "./caches/process-caches";

export interface CreateAppOptions {
  bearerSessions?: BearerSessionResolver;
  /** True once the process is shutting down: /readyz answers 503 while requests drain. */
  isShuttingDown?: () => boolean;
}

/**
 * The HTTP app: request id → (on /v1) body limit → global rate limit → lane guard → REST
 * adapter over the tRPC procedures. Everything built here is built once per process.
 */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  // Per-process memory reached from procedures (the app-lock verdicts), never module-wide.
  deps.caches ??= createProcessCaches(() => deps.now().getTime());
  const rest = createRestHandler(appRouter, {
    otherRoutes: [...RAW_ROUTES, ...MODEL_TOOL_METHODS.map((method) => ({ method, path: MODEL_TOOL_PATH }))],
  });
  // The generator (trpc-to-openapi) is loaded at the first /openapi.json, not at every
  // process start (issue 16); the document is built once per app.
  let openApiJson: Promise<string> | undefined;
  const openApiDocument = () =>
    (openApiJson ??= import("./openapi").then(({ buildOpenApiDocument }) =>
      JSON.stringify(buildOpenApiDocument(appRouter, rest.table.routes, "/", RAW_ROUTES)),
    ));

  const metrics = createApiMetrics(deps);
  const logRequest = requestLog({ logger: deps.logger, http: metrics.http, table: rest.table });
  // What every request gets first (its id, the deps, its log line) in one middleware: each
  // Hono middleware is an async step of its own (a measured cost, issue 16).
  app.use("*", (c, next) => {
    assignRequestId(c);
    c.set("deps", deps);
    // A request with a body: its answer waits for the rest of the body (bounded), so a refusal
    // reaches the client and the connection survives it (http/drain-request.ts).
    return logRequest(c, isBodiless(c) ? next : () => answerAfterBody(c, next));
  });

  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/readyz", async (c) => {
    const checks: Record<string, string> = {};
    if (options.isShuttingDown?.()) return c.json({ ok: false, checks: { shutdown: "draining" } }, 503);
    await Promise.all([
      pingDatabase(deps.database.db).then(
        () => (checks.database = "ok"),
        () => (checks.database = "unreachable"),
      ),
      deps.kv.ping().then(
        () => (checks[deps.kv.kind === "redis" ? "redis" : "store"] = "ok"),
        () => (checks[deps.kv.kind === "redis" ? "redis" : "store"] = "unreachable"),
      ),
    ]);
    const ready = Object.values(checks).every((v) => v === "ok");
    return c.json({ ok: ready, checks }, ready ? 200 : 503);
  });
  app.get("/metrics", (c) => metrics.handler(c));
  app.get("/openapi.json", async (c) =>
    c.body(await openApiDocument(), 200, { "content-type": "application/json" }),
  );
  mountDocs(app, { openApiPath: "/openapi.json", pageTitle: "Studio platform API" });

  const tooLarge = (c: Context<AppEnv>) => {
    const res = laneError(c, "BAD_REQUEST", "payload too large");
    // The rest of the body is not read: the connection cannot carry another request.
    const headers = new Headers(res.headers);
    headers.set("connection", "close");
    return new Response(res.body, { status: 413, headers });
  };
  const limitBody = (maxSize: number) => ({
    middleware: bodyLimit({ maxSize, onError: (c) => tooLarge(c as never) }),
    maxSize,
    refuse: tooLarge,
  });
  // BODY_LIMIT_BYTES everywhere but the media uploads (document 2: 24mb inline, 12mb a part).
  const defaultBodyLimit = limitBody(deps.config.bodyLimitBytes);
  const routeBodyLimits = new Map([
    ["/v1/web/content/media", limitBody(deps.config.mediaInlineBodyLimitBytes)],
    ...RAW_ROUTES.flatMap((r) =>
      r.requestBody && !r.path.includes("{")
        ? [[r.path, limitBody(r.requestBody.maxBytes(deps))] as const]
        : [],
    ),
  ]);
  // Raw routes with path parameters (the signing submit's 4 MB): matched by their template.
  const templateBodyLimits = RAW_ROUTES.flatMap((r) =>
    r.requestBody && r.path.includes("{")
      ? [{ method: r.method, match: templateMatcher(r.path), limit: limitBody(r.requestBody.maxBytes(deps)) }]
      : [],
  );
  const bodyLimitFor = (method: string, path: string) =>
    routeBodyLimits.get(path) ??
    templateBodyLimits.find((r) => r.method === method && r.match.test(path))?.limit ??
    defaultBodyLimit;
  // A declared length is checked here as Hono's bodyLimit checks it (over the limit: its 413),
  // without the web Request that asking c.req.raw builds (issue 30 profile: ~6% of a trainee
  // write); a chunked body goes through Hono's bodyLimit, which counts it as it streams.
  const limitedBody = (c: Context<AppEnv>, next: Next) => {
    const limit = bodyLimitFor(c.req.method, c.req.path);
    const incoming = c.env?.incoming;
    if (!incoming || !declaresLength(incoming)) return limit.middleware(c, next);
    const length = Number.parseInt(String(incoming.headers["content-length"]), 10);
    return length > limit.maxSize ? Promise.resolve(limit.refuse(c)) : next();
  };
  // Every answer of the signing page, guards' and limiters' included (document 3): never cached,
  // never indexed; a PDF is private.
  app.use("/v1/public/sign/*", signingHeaders);
  // Hono's body limit lets every GET and HEAD through (their Request has no body), but asking
  // builds a full Request object per request: skipped for them (a measured cost, issue 16).
  app.use("/v1/*", (c, next) => (isBodiless(c) ? next() : limitedBody(c, next)));
  app.use("/v1/*", globalRateLimit(deps));
  const guardLane = laneGuard({
    now: () => deps.now().getTime(),
    bearerSessions: options.bearerSessions ?? databaseBearerSessions,
  });
  app.use("/v1/*", guardLane);
  // The payments provider's webhook lives under /api (document 1): its own body limit and its
  // credential (the Standard Webhooks signature), no /v1 limiter (docs/decisions/payments.md).
  app.use("/api/webhooks/*", (c, next) =>
    isBodiless(c) ? next() : bodyLimitFor(c.req.method, c.req.path).middleware(c, next),
  );
  app.use("/api/webhooks/*", guardLane);
  mountRawRoutes(app);
  // The model-tool endpoint: an MCP server whose tools are the automation lane's routes.
  app.on(
    [...MODEL_TOOL_METHODS],
    MODEL_TOOL_PATH,
    modelToolHandler(() => modelToolsOf(appRouter, rest.table.routes)),
  );
  app.all("/v1/*", rest.handler);
  app.all("/api/webhooks/*", rest.handler);
  mountLocalMediaFiles(app, deps.storage);

  app.notFound((c) => laneError(c, "NOT_FOUND", "route not found"));
  app.onError((error, c) => laneFailure(c, error));

  return {
    app,
    routes: rest.table.routes,
    openApiDocument: async () => JSON.parse(await openApiDocument()) as Record<string, unknown>,
  };
}
