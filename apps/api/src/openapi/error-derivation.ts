import type { AnyTRPCRouter } from "@trpc/server";
import { ERROR_HTTP_STATUS, type ErrorCode } from "@studio/contracts";
import { traineeAppProcedure } from "../procedures/trainee-app-access";
import type { EnvelopeStyle } from "../rest/envelope";
import { automationStatus } from "../rest/error-mapping";
import type { RestRoute } from "../rest/route-table";
import type { Json } from "./component-ref";
import { isPublicSign, type DocLane } from "./security";

// Errors: which codes an operation can answer, at which statuses, and why.

/** Codes in the order of document 1's table; `code` enums list them in this order. */
export const CODE_ORDER = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];
/** BAD_REQUEST answered with status 413 (body over BODY_LIMIT_BYTES). */
export type ErrorKey = ErrorCode | "PAYLOAD_TOO_LARGE";

export const STATUS_OF_META: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "VALIDATION",
  429: "RATE_LIMITED",
  500: "INTERNAL",
  503: "SERVICE_UNAVAILABLE",
};

export interface RouteErrorFacts {
  lane: DocLane;
  method: string;
  path: string;
  /** The input schema has at least one field (path, query or body). */
  hasInput: boolean;
  /** A path parameter names a resource (not an enum such as a notification type). */
  hasIdParam: boolean;
  /** The trainee route runs requireTraineeAppAccess (APP_LOCKED). */
  appAccessGuard: boolean;
  /** Codes the route's meta adds (openapi.errorResponses). */
  extra: ErrorCode[];
}

/**
 * The error codes an operation can answer (document 1 "Errors", the lane guards, the REST
 * adapter and the error mapping):
 * - every /v1 request: RATE_LIMITED (global limiter), INTERNAL, SERVICE_UNAVAILABLE (the
 *   key-value store or the database is unreachable, or a statement timed out);
 * - every write: BAD_REQUEST (body not JSON or not an object; 413 over the body limit);
 * - input fields: VALIDATION; a resource id in the path: NOT_FOUND;
 * - per lane: the credential's UNAUTHORIZED; web: FORBIDDEN on every route (a dismissed team
 *   member is refused; roles, owner protection, plan limits) and CONFLICT on writes; trainee:
 *   NOT_FOUND (the token's trainee is gone), FORBIDDEN PREVIEW_READ_ONLY on writes, APP_LOCKED
 *   behind requireTraineeAppAccess; partner and automation: FORBIDDEN and CONFLICT on writes;
 *   bearer: BAD_REQUEST for a missing x-nonce or x-timestamp.
 */
export function errorCodesFor(facts: RouteErrorFacts): Set<ErrorKey> {
  const codes = new Set<ErrorKey>(["INTERNAL", "SERVICE_UNAVAILABLE"]);
  // The global limiter is /v1's; the payments webhook (under /api) is not behind it.
  if (facts.lane !== "payments") codes.add("RATE_LIMITED");
  const write = facts.method !== "GET";
  if (write) codes.add("BAD_REQUEST").add("PAYLOAD_TOO_LARGE");
  if (facts.hasInput) codes.add("VALIDATION");
  if (facts.hasIdParam) codes.add("NOT_FOUND");
  switch (facts.lane) {
    case "web":
      codes.add("UNAUTHORIZED").add("FORBIDDEN");
      if (write) codes.add("CONFLICT");
      break;
    case "internal":
    case "admin":
    case "webhook":
      codes.add("UNAUTHORIZED");
      break;
    case "trainee":
      codes.add("UNAUTHORIZED").add("NOT_FOUND");
      if (write) codes.add("FORBIDDEN");
      if (facts.appAccessGuard) codes.add("APP_LOCKED");
      break;
    case "partner":
    case "automation":
      codes.add("UNAUTHORIZED");
      if (write) codes.add("FORBIDDEN").add("CONFLICT");
      break;
    case "public":
      if (isPublicSign(facts.path)) codes.add("UNAUTHORIZED");
      break;
    case "bearer":
      codes.add("UNAUTHORIZED").add("BAD_REQUEST");
      break;
    case "payments":
      codes.add("UNAUTHORIZED");
      break;
    case "other":
      break;
  }
  for (const code of facts.extra) codes.add(code);
  return codes;
}

/** The HTTP status each code is answered with on this path. */
export function statusOf(key: ErrorKey, style: EnvelopeStyle, _path: string): number {
  if (key === "PAYLOAD_TOO_LARGE") return 413;
  if (style === "automation") return automationStatus(key, ERROR_HTTP_STATUS[key]);
  if (key === "VALIDATION" && (style === "public-onboarding" || style === "public-bare")) return 400;
  return ERROR_HTTP_STATUS[key];
}

export const codeOf = (key: ErrorKey): ErrorCode => (key === "PAYLOAD_TOO_LARGE" ? "BAD_REQUEST" : key);

/** When each code is answered, per lane where it differs. */
export function whyCode(key: ErrorKey, lane: DocLane, path: string): string {
  if (isPublicSign(path) && key === "NOT_FOUND")
    return "NOT_FOUND: a miss, answered with only `error` and the same bytes for a malformed or unknown token, an archived studio or a deleted trainee; the document routes also for a canceled link, /signed also before signing.";
  if (isPublicSign(path) && key === "RATE_LIMITED")
    return "RATE_LIMITED: a throttle per link and per visitor IP in 600 s windows refused the request (view 60/600, document and signed 40/400, submit 8/60), or the global limiter (requests without x-service-id); see retry-after. The throttles are skipped while the counter store is unreachable.";
  switch (key) {
    case "VALIDATION":
      return "VALIDATION: the path, query or body fails the input schema or a service-level check; details.issues lists each field.";
    case "BAD_REQUEST":
      return lane === "bearer"
        ? "BAD_REQUEST: missing x-nonce or x-timestamp header, or the body is not a JSON object."
        : "BAD_REQUEST: the body is not JSON, or not a JSON object.";
    case "PAYLOAD_TOO_LARGE":
      return `BAD_REQUEST (status 413): the body is larger than ${ROUTE_BODY_LIMITS[path] ?? "BODY_LIMIT_BYTES"}.`;
    case "UNAUTHORIZED":
      switch (lane) {
        case "web":
          return "UNAUTHORIZED: a service-signature header is missing, the service id is unknown, the timestamp is out of tolerance, the signature does not match or the nonce was used before; or x-studio-id / x-user-id is missing (missing web user context).";
        case "internal":
        case "admin":
          return "UNAUTHORIZED: a service-signature header is missing, the service id is unknown, the timestamp is out of tolerance, the signature does not match or the nonce was used before.";
        case "trainee":
          return "UNAUTHORIZED: the trainee token is missing or invalid, or its studio no longer exists.";
        case "partner":
        case "automation":
          return "UNAUTHORIZED: missing partner api key, or invalid partner api key.";
        case "webhook":
          return "UNAUTHORIZED: invalid webhook token (missing, wrong, or no WEBHOOK_SECRET configured).";
        case "payments":
          return "UNAUTHORIZED: invalid webhook signature (PAYMENTS_WEBHOOK_SECRET unset, a webhook-* header missing or malformed, the timestamp more than 5 minutes from the server clock, or no v1 signature matches the body).";
        case "public":
          return isPublicSign(path)
            ? "UNAUTHORIZED: the request names x-service-id without a valid service signature."
            : "UNAUTHORIZED.";
        default:
          return "UNAUTHORIZED: the credential is missing or invalid, the timestamp is out of the replay window or the nonce was used before.";
      }
    case "FORBIDDEN":
      switch (lane) {
        case "web":
          return "FORBIDDEN: the caller's team member row is dismissed (this team member has been removed), the role is not allowed (insufficient role), owner protection refuses, or a plan limit is reached (details.reason PLAN_LIMIT_SEATS, PLAN_LIMIT_CLIENTS, COACH_CLIENT_LIMIT).";
        case "trainee":
          return "FORBIDDEN: a preview session is read-only (details.reason PREVIEW_READ_ONLY).";
        default:
          return "FORBIDDEN: a plan limit or another rule refuses the change.";
      }
    case "APP_LOCKED":
      return "APP_LOCKED: the trainee's plan is frozen or has ended.";
    case "NOT_FOUND":
      return lane === "trainee"
        ? "NOT_FOUND: the token's trainee no longer exists, or a resource named in the path is not the trainee's."
        : "NOT_FOUND: a resource named in the path (or the body) does not exist in the caller's studio or is out of the caller's reach.";
    case "CONFLICT":
      return "CONFLICT: a unique value is already taken, or a related resource blocks the change (related resource constraint failed).";
    case "RATE_LIMITED":
      return "RATE_LIMITED: the global limiter (RATE_LIMIT_PER_MINUTE per client IP per 60 s) or a route throttle refused the request; see retry-after.";
    case "INTERNAL":
      return "INTERNAL: an unexpected server failure (logged with the request id; the body carries no detail).";
    case "SERVICE_UNAVAILABLE":
      return "SERVICE_UNAVAILABLE: the database or the key-value store (nonces, rate limits) is unreachable, a provider refuses, or the request took too long. Retry later.";
  }
}

/** Body limits of their own (app.ts), named in the 413 description. */
const ROUTE_BODY_LIMITS: Record<string, string> = {
  "/v1/web/content/media": "24 MB (MEDIA_INLINE_BODY_LIMIT_BYTES)",
  "/v1/web/content/media-upload/part": "12 MB (MEDIA_PART_BODY_LIMIT_BYTES)",
  "/v1/public/sign/{token}": "4 MB (the signing page's submit)",
  "/api/webhooks/payments": "256 KiB (the payments webhook)",
};

export function isEnumParameter(operation: Json, name: string, schemas: Json): boolean {
  const parameter = ((operation.parameters ?? []) as Json[]).find((p) => p.in === "path" && p.name === name);
  let schema = (parameter?.schema ?? {}) as Json;
  for (let i = 0; typeof schema.$ref === "string" && i < 5; i++)
    schema = (schemas[schema.$ref.replace("#/components/schemas/", "")] ?? {}) as Json;
  return Array.isArray(schema.enum);
}

export function hasAppAccessGuard(router: AnyTRPCRouter, procedurePath: string): boolean {
  const guard = (traineeAppProcedure as unknown as { _def: { middlewares: unknown[] } })._def.middlewares.at(
    -1,
  );
  const procedure = (router._def.procedures as Record<string, { _def?: { middlewares?: unknown[] } }>)[
    procedurePath
  ];
  return guard !== undefined && (procedure?._def?.middlewares ?? []).includes(guard);
}

/** Statuses a route's meta adds: trpc-to-openapi's `openapi.errorResponses` (list or status → why). */
export function metaErrors(route: RestRoute): { codes: ErrorCode[]; notes: Map<number, string> } {
  const declared = (route.meta.openapi as { errorResponses?: number[] | Record<number, string> } | undefined)
    ?.errorResponses;
  const notes = new Map<number, string>();
  if (!declared) return { codes: [], notes };
  const statuses = Array.isArray(declared) ? declared : Object.keys(declared).map(Number);
  if (!Array.isArray(declared))
    for (const [status, why] of Object.entries(declared)) notes.set(Number(status), String(why));
  const codes = statuses.map((status) => {
    const code = STATUS_OF_META[status];
    if (!code)
      throw new Error(
        `${route.method} ${route.path}: errorResponses ${status} is not a status of document 1`,
      );
    return code;
  });
  return { codes, notes };
}
