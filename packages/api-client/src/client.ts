/**
 * Typed lane clients over openapi-fetch. The types come from `./generated/schema.ts`, which
 * openapi-typescript generates from the API's OpenAPI document (`pnpm --filter @studio/api
 * openapi:write`); a test fails when the committed files are stale.
 *
 * Each call names a method and a path of the lane; the path parameters, the query and the body
 * are those of the operation, and the answer is a result:
 *
 *   { ok: true,  status, data, … }   data: the `data` of the lane's envelope, typed per operation
 *   { ok: false, status, error, … }  error: the lane's error body; on the web and trainee lanes
 *                                    `error.code` is the union of the codes the operation documents
 *
 * A response that is not the lane's JSON envelope (a proxy's HTML page, a dropped connection)
 * throws `ApiProtocolError`; network failures throw as fetch throws them.
 */
import createClient, { type ParamsOption, type RequestBodyOption } from "openapi-fetch";
import { signServiceRequest } from "@studio/auth";
import type { components, paths } from "./generated/schema";

export type { paths, components, operations } from "./generated/schema";

// ---------------------------------------------------------------------------------------------
// Types: operations of a lane, their inputs and their answers.
// ---------------------------------------------------------------------------------------------

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Lower<M extends HttpMethod> = Lowercase<M>;

/** Paths of the document under a lane prefix. */
type LanePath<Prefix extends string> = Extract<keyof paths, `${Prefix}${string}`>;

/** Paths of the lane that have an operation for method M (a path without it has `m?: never`). */
export type PathsWithMethod<Prefix extends string, M extends HttpMethod> = {
  [P in LanePath<Prefix>]: paths[P] extends { [K in Lower<M>]: object } ? P : never;
}[LanePath<Prefix>];

/** The generated operation object of METHOD path. */
export type OperationOf<P extends keyof paths, M extends HttpMethod> = paths[P] extends {
  [K in Lower<M>]: infer Op;
}
  ? Op
  : never;

/** The operation as the caller sees it: the client sends the lane's header parameters itself. */
type WithoutHeaders<Op> = Op extends { parameters: infer Params }
  ? Omit<Op, "parameters"> & { parameters: Omit<Params, "header"> }
  : Op;

/** What a call takes besides the path: `params.path`, `params.query` and `body` from the contract. */
export type CallInit<Op> = ParamsOption<WithoutHeaders<Op>> &
  RequestBodyOption<Op> & {
    /** Aborts the request (fetch's AbortSignal). */
    signal?: AbortSignal;
  };

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init argument is optional when nothing in it is required (no path parameter, no body). */
type InitArgs<Op> = [RequiredKeys<CallInit<Op>>] extends [never]
  ? [init?: CallInit<Op>]
  : [init: CallInit<Op>];

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<Op> = Op extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { "application/json": infer Body } } ? Body : never;
/** The JSON body of the operation's success response (the whole envelope). */
export type SuccessBody<Op> = JsonOf<Responses<Op>[Extract<keyof Responses<Op>, SuccessStatus>]>;
/** The union of the JSON bodies of the operation's documented error responses. */
export type ErrorBody<Op> = JsonOf<Responses<Op>[Exclude<keyof Responses<Op>, SuccessStatus>]>;
/** The `data` of the operation's success envelope. */
export type SuccessData<Op> = SuccessBody<Op> extends { data: infer Data } ? Data : never;

/** Web and trainee lanes: `{ok: true, data, requestId}` / `{ok: false, code, message, details?, requestId}`. */
export type ApiResult<Op> =
  | {
      ok: true;
      status: number;
      data: SuccessData<Op>;
      requestId: string;
      error?: undefined;
      response: Response;
    }
  | {
      ok: false;
      status: number;
      data?: undefined;
      /** The error body; `code` is the union of the codes this operation documents. */
      error: ErrorBody<Op>;
      requestId: string;
      response: Response;
    };

/** Automation lane: `{success: true, message, data}` / `{success: false, message}` (the status tells the kind). */
export type AutomationResult<Op> =
  | {
      ok: true;
      status: number;
      data: SuccessData<Op>;
      message: string;
      error?: undefined;
      response: Response;
    }
  | { ok: false; status: number; data?: undefined; error: ErrorBody<Op>; response: Response };

/** The code union of one operation's errors, e.g. `ErrorCodeOf<"/v1/web/crm/leads/{id}", "GET">`. */
export type ErrorCodeOf<P extends keyof paths, M extends HttpMethod> =
  ErrorBody<OperationOf<P, M>> extends { code: infer Code } ? Code : never;

type LaneCall<Prefix extends string, M extends HttpMethod, Result extends "api" | "automation"> = <
  P extends PathsWithMethod<Prefix, M>,
>(
  path: P,
  // Distributed over P so that an unknown path is reported as such, not as a missing argument.
  ...init: P extends unknown ? InitArgs<OperationOf<P, M>> : never
) => Promise<Result extends "api" ? ApiResult<OperationOf<P, M>> : AutomationResult<OperationOf<P, M>>>;

/** One method per HTTP verb; only the lane's paths that have that verb are accepted. */
export type LaneClient<Prefix extends string, Result extends "api" | "automation" = "api"> = {
  [M in HttpMethod]: LaneCall<Prefix, M, Result>;
};

export type WebClient = LaneClient<"/v1/web/">;
export type TraineeClient = LaneClient<"/v1/trainee/">;
export type AutomationClient = LaneClient<"/v1/automation/", "automation">;

// ---------------------------------------------------------------------------------------------
// Runtime.
// ---------------------------------------------------------------------------------------------

/** The answer was not the lane's JSON envelope (it is not in the contract, so it is not typed). */
export class ApiProtocolError extends Error {
  override readonly name = "ApiProtocolError";
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly method: string,
    readonly path: string,
  ) {
    super(`${method} ${path}: answer ${status} is not the lane's JSON envelope`);
  }
}

type FetchFn = (request: Request) => Promise<Response>;

interface BaseOptions {
  /** Origin of the API, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** A fetch to send with (tests, instrumentation); defaults to the global fetch. */
  fetch?: FetchFn;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Our own JSON serialization: the signing fetch signs the bytes this produces, as sent. */
const bodySerializer = (body: unknown): string => JSON.stringify(body);

type Envelope = "api" | "automation";

function laneClient(
  options: BaseOptions,
  envelope: Envelope,
  prepare: (request: Request) => Promise<Request> | Request,
): Record<HttpMethod, (path: string, init?: Record<string, unknown>) => Promise<unknown>> {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  // openapi-fetch builds the Request (path parameters, query, body via our serializer);
  // `prepare` adds the credential once the exact URL and bytes are known.
  const client = createClient<Record<string, never>>({
    baseUrl: options.baseUrl,
    bodySerializer,
    fetch: async (request) => send(await prepare(request)),
  });
  // The typed surface is LaneClient's; underneath, any method and path of the lane.
  const request = client.request as unknown as (
    method: string,
    path: string,
    init: object,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

  const call =
    (method: HttpMethod) =>
    async (path: string, init: Record<string, unknown> = {}): Promise<unknown> => {
      const { params, body, signal } = init as { params?: object; body?: unknown; signal?: AbortSignal };
      // Success bodies are read as text and parsed here, so that a non-JSON answer is an
      // ApiProtocolError rather than a SyntaxError (openapi-fetch already does so for errors).
      const res = await request(method, path, { params, body, signal, parseAs: "text" });
      const { response } = res;
      const answer = response.ok ? parseJson(res.data) : res.error;
      if (isObject(answer)) {
        if (envelope === "api") {
          if (response.ok && answer.ok === true && "data" in answer)
            return {
              ok: true,
              status: response.status,
              data: answer.data,
              requestId: answer.requestId,
              response,
            };
          if (!response.ok && answer.ok === false && typeof answer.code === "string")
            return {
              ok: false,
              status: response.status,
              error: answer,
              requestId: answer.requestId,
              response,
            };
        } else {
          if (response.ok && answer.success === true)
            return {
              ok: true,
              status: response.status,
              data: answer.data,
              message: answer.message,
              response,
            };
          if (!response.ok && answer.success === false)
            return { ok: false, status: response.status, error: answer, response };
        }
      }
      throw new ApiProtocolError(response.status, answer, method, path);
    };
  return {
    GET: call("GET"),
    POST: call("POST"),
    PUT: call("PUT"),
    PATCH: call("PATCH"),
    DELETE: call("DELETE"),
  };
}

/** A copy of `request` with extra headers and the body as the exact bytes read from it. */
async function withHeaders(request: Request, headers: Record<string, string>, bytes?: Uint8Array) {
  const body = bytes ?? (request.body ? new Uint8Array(await request.arrayBuffer()) : undefined);
  const merged = new Headers(request.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  if (!body?.byteLength) merged.delete("content-type");
  return new Request(request.url, {
    method: request.method,
    headers: merged,
    body: body?.byteLength ? body : undefined,
    signal: request.signal,
    redirect: "manual",
  });
}

// ---- Web lane -------------------------------------------------------------------------------

export interface WebUserContext {
  /** External organization id of the studio. */
  studioId: string;
  userId: string;
  /** The caller's role in the studio (the contract's enum; the API reads a missing role as SUB_COACH). */
  role?: components["parameters"]["XUserRole"];
  userName?: string;
  userEmail?: string;
  studioSlug?: string;
  studioName?: string;
}

export interface WebClientOptions extends BaseOptions {
  /** This app's service id (one of the API's SERVICE_IDS). */
  serviceId: string;
  /** SERVICE_AUTH_SECRET; keep it on the server side of the web app. */
  secret: string;
  /** The signed-in user the requests are made for. */
  user: WebUserContext;
}

/** The web app's user context headers (x-studio-id, x-user-id, x-user-role, …); unset fields are not sent. */
export function userContextHeaders(user: WebUserContext): Record<string, string> {
  const entries: [string, string | undefined][] = [
    ["x-studio-id", user.studioId],
    ["x-user-id", user.userId],
    ["x-user-role", user.role],
    ["x-user-name", user.userName],
    ["x-user-email", user.userEmail],
    ["x-studio-slug", user.studioSlug],
    ["x-studio-name", user.studioName],
  ];
  return Object.fromEntries(entries.filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""));
}

/** Headers for one signed web-lane request; the body must be sent exactly as passed here. */
export function signWebRequest(
  options: Pick<WebClientOptions, "serviceId" | "secret">,
  request: { method: string; pathWithQuery: string; body?: string | Uint8Array; user: WebUserContext },
): Record<string, string> {
  const body = request.body ?? "";
  return {
    ...signServiceRequest({
      secret: options.secret,
      serviceId: options.serviceId,
      method: request.method,
      pathWithQuery: request.pathWithQuery,
      body,
    }),
    ...userContextHeaders(request.user),
    ...(body.length > 0 ? { "content-type": "application/json" } : {}),
  };
}

/**
 * The web lane (/v1/web/*) for one user: every request carries the service signature over
 * METHOD, the path with its query as sent, a timestamp, a nonce and the SHA-256 of the body
 * bytes as sent, plus the user context headers. Cheap to create: make one per request.
 */
export function createWebClient(options: WebClientOptions): WebClient {
  return laneClient(options, "api", async (request) => {
    const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array();
    const url = new URL(request.url);
    const headers = signWebRequest(options, {
      method: request.method,
      pathWithQuery: url.pathname + url.search,
      body: bytes,
      user: options.user,
    });
    return withHeaders(request, headers, bytes);
  }) as unknown as WebClient;
}

// ---- Trainee lane ---------------------------------------------------------------------------

export interface TraineeClientOptions extends BaseOptions {
  /** The trainee token (`Authorization: Bearer <token>`). */
  token: string;
  /** The device's IANA time zone, sent as x-timezone. */
  timezone?: string;
}

/** The trainee app lane (/v1/trainee/*) with the trainee's bearer token. */
export function createTraineeClient(options: TraineeClientOptions): TraineeClient {
  return laneClient(options, "api", (request) =>
    withHeaders(request, {
      authorization: `Bearer ${options.token}`,
      ...(options.timezone ? { "x-timezone": options.timezone } : {}),
    }),
  ) as unknown as TraineeClient;
}

// ---- Automation lane ------------------------------------------------------------------------

export interface AutomationClientOptions extends BaseOptions {
  /** The studio API key, sent as x-api-key. */
  apiKey: string;
}

/** The automation lane (/v1/automation/*): x-api-key, answers in `{success, message, data}`. */
export function createAutomationClient(options: AutomationClientOptions): AutomationClient {
  return laneClient(options, "automation", (request) =>
    withHeaders(request, { "x-api-key": options.apiKey }),
  ) as unknown as AutomationClient;
}
