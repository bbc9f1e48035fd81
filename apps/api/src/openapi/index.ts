import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { createSchema } from "zod-openapi";
import type { AnyTRPCRouter } from "@trpc/server";
import { ERROR_HTTP_STATUS, type ErrorCode } from "@studio/contracts";
import {
  API_KEY_PREFIX,
  SERVICE_CLOCK_TOLERANCE_MS,
  SERVICE_HEADERS,
  SERVICE_NONCE_TTL_MS,
} from "@studio/auth";
import { traineeAppProcedure } from "./procedures/trainee-app-access";
import { laneOfPath, type LaneName } from "./lanes/lane-of-path";
import { envelopeStyleFor, type EnvelopeStyle } from "./rest/envelope";
import { automationStatus } from "./rest/error-mapping";
import { signingErrorBody } from "./rest/signing-body";
import type { RestRoute } from "./rest/route-table";
import type { RawRoute } from "./raw/raw-route";
import type { RouteMeta } from "./trpc";

type Json = Record<string, unknown>;

/*
 * The OpenAPI 3.1 document. trpc-to-openapi generates paths, parameters, bodies and the data
 * schemas from the procedures; this module then makes the document say what the wire carries:
 *
 * - security per lane (each lane accepts exactly one credential; the web lane also reads the
 *   user context headers, documented as parameters);
 * - the success body in the lane's envelope (data typed per operation) with the route's status;
 * - one response per error status the operation can answer, derived centrally from the lane,
 *   the method, the path parameters and the input (see `errorCodesFor`), each with the lane's
 *   error body and `code` as an enum of exactly the codes of that status;
 * - tags per domain, grouped by lane with `x-tagGroups`.
 *
 * A route whose handler can answer a status the rules cannot derive lists it in its meta,
 * in trpc-to-openapi's own field: `.meta({ openapi: { ..., errorResponses: { 404: "why" } } })`.
 */

const ref = (kind: "schemas" | "parameters" | "headers" | "responses", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

// ---------------------------------------------------------------------------------------------
// Lanes: credential, extra request headers, display.
// ---------------------------------------------------------------------------------------------

type DocLane = LaneName | "other";

const SERVICE_SIGNATURE_SCHEMES = ["serviceId", "serviceTimestamp", "serviceNonce", "serviceSignature"];
const serviceSignature = () => Object.fromEntries(SERVICE_SIGNATURE_SCHEMES.map((s) => [s, [] as string[]]));

const SIGNATURE_HOW =
  "Every request carries the four service-signature headers, all required together. " +
  "Signature: lower-case hex HMAC-SHA256 with SERVICE_AUTH_SECRET over " +
  "`METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nSHA256_HEX(raw body)` " +
  "(the path and query exactly as sent; the body hash of an empty body is that of the empty string).";

interface LaneDoc {
  /** x-tagGroups name. */
  group: string;
  /** One line on the lane's credential, for tag descriptions and the info table. */
  credential: string;
  security: Record<string, string[]>[];
  /** components.parameters every operation of the lane takes (headers). */
  parameters: string[];
}

const LANES: Record<DocLane, LaneDoc> = {
  web: {
    group: "Web gateway",
    credential: "service signature plus the user context headers (x-studio-id, x-user-id, x-user-role, …)",
    security: [serviceSignature()],
    parameters: [
      "XStudioId",
      "XUserId",
      "XUserRole",
      "XUserName",
      "XUserEmail",
      "XStudioSlug",
      "XStudioName",
    ],
  },
  internal: {
    group: "Internal",
    credential: "service signature only (no user context)",
    security: [serviceSignature()],
    parameters: [],
  },
  admin: {
    group: "Admin",
    credential: "service signature only (no user context)",
    security: [serviceSignature()],
    parameters: [],
  },
  trainee: {
    group: "Trainee app",
    credential: "trainee token (`Authorization: Bearer <trainee token>`)",
    security: [{ traineeToken: [] }],
    parameters: ["XTimezone"],
  },
  partner: {
    group: "Partner",
    credential: "studio API key (`x-api-key`, or `Authorization: Bearer <key>`)",
    security: [{ apiKey: [] }, { apiKeyBearer: [] }],
    parameters: [],
  },
  automation: {
    group: "Automation",
    credential: "studio API key (`x-api-key`, or `Authorization: Bearer <key>`); own envelope",
    security: [{ apiKey: [] }, { apiKeyBearer: [] }],
    parameters: [],
  },
  public: {
    group: "Public",
    credential: "none (the link token in the path for /v1/public/sign; throttles for /v1/trainee/auth)",
    security: [],
    parameters: [],
  },
  webhook: {
    group: "Webhooks",
    credential: "the `token` query parameter (WEBHOOK_SECRET)",
    security: [{ webhookToken: [] }],
    parameters: [],
  },
  bearer: {
    group: "Bearer (unverified)",
    credential: "session bearer token with replay protection (x-nonce, x-timestamp)",
    security: [{ sessionBearer: [] }],
    parameters: ["XNonce", "XTimestamp"],
  },
  other: { group: "Other", credential: "none", security: [], parameters: [] },
};

/** /v1/public/sign/*: the token in the path; a request naming x-service-id must also be signed. */
const isPublicSign = (path: string) => path.startsWith("/v1/public/sign/");

function securityFor(lane: DocLane, path: string): Record<string, string[]>[] {
  if (lane === "public" && isPublicSign(path)) return [{}, serviceSignature()];
  return LANES[lane].security;
}

const SECURITY_SCHEMES: Record<string, Json> = {
  serviceId: {
    type: "apiKey",
    in: "header",
    name: SERVICE_HEADERS.id,
    description: `A known service id (SERVICE_IDS). ${SIGNATURE_HOW}`,
  },
  serviceTimestamp: {
    type: "apiKey",
    in: "header",
    name: SERVICE_HEADERS.timestamp,
    description: `Unix epoch milliseconds as a decimal string, within ${SERVICE_CLOCK_TOLERANCE_MS} ms of the server clock either way.`,
  },
  serviceNonce: {
    type: "apiKey",
    in: "header",
    name: SERVICE_HEADERS.nonce,
    description: `8 to 128 characters, single use whatever x-service-id comes with it (remembered ${SERVICE_NONCE_TTL_MS / 1000} s).`,
  },
  serviceSignature: {
    type: "apiKey",
    in: "header",
    name: SERVICE_HEADERS.signature,
    description: SIGNATURE_HOW,
  },
  traineeToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "trainee token",
    description:
      "base64url(JSON payload) . base64url(HMAC-SHA256 of the payload with SESSION_SIGNING_SECRET). " +
      "Preview tokens (from POST /v1/web/clients/{id}/preview-token) are read-only and expire after 15 minutes.",
  },
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: `Studio API key (\`${API_KEY_PREFIX}\` + 40 hex characters), created with POST /v1/web/studios/current/api-keys.`,
  },
  apiKeyBearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: `${API_KEY_PREFIX}…`,
    description: "The same studio API key sent as `Authorization: Bearer <key>`.",
  },
  webhookToken: {
    type: "apiKey",
    in: "query",
    name: "token",
    description: "The webhook secret (WEBHOOK_SECRET), compared in constant time.",
  },
  sessionBearer: {
    type: "http",
    scheme: "bearer",
    description: "A session token; the session's active organization is the studio.",
  },
};

const PARAMETERS: Record<string, Json> = {
  XStudioId: {
    name: "x-studio-id",
    in: "header",
    required: true,
    description:
      "The external organization id of the studio (compared exactly). Missing: 401 missing web user context.",
    schema: { type: "string", minLength: 1 },
  },
  XUserId: {
    name: "x-user-id",
    in: "header",
    required: true,
    description: "The authenticated user id. Missing: 401 missing web user context.",
    schema: { type: "string", minLength: 1 },
  },
  XUserRole: {
    name: "x-user-role",
    in: "header",
    required: false,
    description: "The caller's role in the studio; a missing or unknown value is read as SUB_COACH.",
    schema: { type: "string", enum: ["OWNER", "HEAD_COACH", "SUB_COACH"], default: "SUB_COACH" },
  },
  XUserName: {
    name: "x-user-name",
    in: "header",
    required: false,
    description: "The caller's display name; used when an OWNER's Coach row is created.",
    schema: { type: "string" },
  },
  XUserEmail: {
    name: "x-user-email",
    in: "header",
    required: false,
    description: "The caller's email; used when an OWNER's Coach row is created.",
    schema: { type: "string" },
  },
  XStudioSlug: {
    name: "x-studio-slug",
    in: "header",
    required: false,
    description:
      "Slug of the studio when it is first seen (created, or linked when no organization holds it yet); " +
      "defaults to the organization id in lower case.",
    schema: { type: "string" },
  },
  XStudioName: {
    name: "x-studio-name",
    in: "header",
    required: false,
    description: "Name of the studio when it is first created.",
    schema: { type: "string" },
  },
  XTimezone: {
    name: "x-timezone",
    in: "header",
    required: false,
    description:
      "The device's IANA time zone; a valid zone is stored on the trainee (not for preview tokens).",
    schema: { type: "string", examples: ["Asia/Jerusalem"] },
  },
  XNonce: {
    name: "x-nonce",
    in: "header",
    required: true,
    description: "Single-use request nonce (replay protection). Missing: 400; reused: 401.",
    schema: { type: "string", minLength: 1 },
  },
  XTimestamp: {
    name: "x-timestamp",
    in: "header",
    required: true,
    description: "Request time; outside 300 seconds of the server clock: 401.",
    schema: { type: "string", minLength: 1 },
  },
};

const HEADERS: Record<string, Json> = {
  XRequestId: {
    description:
      "The request id (an incoming sane x-request-id is kept); also `requestId` in envelope bodies.",
    schema: { type: "string" },
  },
  RetryAfter: {
    description: "Seconds until the limiter lets this client in again.",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
};

// ---------------------------------------------------------------------------------------------
// Errors: which codes an operation can answer, and at which statuses.
// ---------------------------------------------------------------------------------------------

/** Codes in the order of document 1's table; `code` enums list them in this order. */
const CODE_ORDER = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];
/** BAD_REQUEST answered with status 413 (body over BODY_LIMIT_BYTES). */
type ErrorKey = ErrorCode | "PAYLOAD_TOO_LARGE";

const STATUS_OF_META: Record<number, ErrorCode> = {
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
  const codes = new Set<ErrorKey>(["RATE_LIMITED", "INTERNAL", "SERVICE_UNAVAILABLE"]);
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
    case "other":
      break;
  }
  for (const code of facts.extra) codes.add(code);
  return codes;
}

/** The HTTP status each code is answered with on this path. */
function statusOf(key: ErrorKey, style: EnvelopeStyle, _path: string): number {
  if (key === "PAYLOAD_TOO_LARGE") return 413;
  if (style === "automation") return automationStatus(key, ERROR_HTTP_STATUS[key]);
  if (key === "VALIDATION" && (style === "public-onboarding" || style === "public-bare")) return 400;
  return ERROR_HTTP_STATUS[key];
}

const codeOf = (key: ErrorKey): ErrorCode => (key === "PAYLOAD_TOO_LARGE" ? "BAD_REQUEST" : key);

/** When each code is answered, per lane where it differs. */
function whyCode(key: ErrorKey, lane: DocLane, path: string): string {
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

const EXAMPLE_MESSAGE: Record<ErrorKey, string> = {
  VALIDATION: "name: Too small: expected string to have >=1 characters",
  BAD_REQUEST: "malformed JSON body",
  PAYLOAD_TOO_LARGE: "payload too large",
  UNAUTHORIZED: "authentication required",
  FORBIDDEN: "insufficient role",
  APP_LOCKED: "the app is locked: the plan is frozen or has ended",
  NOT_FOUND: "not found",
  CONFLICT: "unique constraint failed",
  RATE_LIMITED: "too many requests",
  INTERNAL: "internal error",
  SERVICE_UNAVAILABLE: "a required service is unavailable",
};

const exampleMessage = (key: ErrorKey, lane: DocLane): string => {
  if (key === "UNAUTHORIZED") {
    if (lane === "web" || lane === "internal" || lane === "admin")
      return "missing x-service-signature header";
    if (lane === "trainee") return "invalid trainee token";
    if (lane === "partner" || lane === "automation") return "invalid partner api key";
    if (lane === "webhook") return "invalid webhook token";
  }
  if (key === "FORBIDDEN" && lane === "trainee") return "preview sessions are read-only";
  if (key === "NOT_FOUND" && lane === "trainee") return "trainee not found";
  return EXAMPLE_MESSAGE[key];
};

const EXAMPLE_REQUEST_ID = "3f9c2a4e-8b1d-4c7a-9e2f-5a6b7c8d9e0f";

function exampleBody(key: ErrorKey, lane: DocLane, style: EnvelopeStyle): Json {
  if (style === "signing")
    return signingErrorBody({
      code: codeOf(key),
      message: key === "PAYLOAD_TOO_LARGE" ? "payload too large" : EXAMPLE_MESSAGE[key],
      status: statusOf(key, style, ""),
      unexpected: false,
    });
  const message = exampleMessage(key, lane);
  if (style === "automation") return { success: false, message };
  const body: Json = { ok: false, code: codeOf(key), message };
  if (key === "VALIDATION")
    body.details = {
      issues: [
        { path: "name", message: "Too small: expected string to have >=1 characters", code: "too_small" },
      ],
    };
  if (key === "FORBIDDEN" && lane === "trainee") body.details = { reason: "PREVIEW_READ_ONLY" };
  body.requestId = EXAMPLE_REQUEST_ID;
  return body;
}

const pascal = (code: ErrorCode) =>
  code
    .toLowerCase()
    .split("_")
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/** Component name of the standard error body whose code is one of `codes`. */
const errorSchemaName = (codes: ErrorCode[]) => `${codes.map(pascal).join("Or")}Error`;

function standardErrorSchema(codes: ErrorCode[]): Json {
  return {
    type: "object",
    description: `Error body (ok false) with code ${codes.join(" or ")}.`,
    required: ["ok", "code", "message", "requestId"],
    properties: {
      ok: { type: "boolean", const: false },
      code: { type: "string", enum: codes },
      message: { type: "string", description: "For people; match on code, not on the message." },
      details: ref("schemas", "ErrorDetails"),
      requestId: { type: "string", description: "The same value as the x-request-id header." },
    },
    additionalProperties: false,
  };
}

/** Headers of every /v1/public/sign/* answer (document 3 "Document signing"). */
const SIGNING_RESPONSE_HEADERS: Json = {
  "cache-control": {
    description: "no-store (a PDF: private, no-store) on every answer of the signing page.",
    schema: { type: "string", enum: ["no-store", "private, no-store"] },
  },
  "x-robots-tag": {
    description: "noindex on every answer of the signing page.",
    schema: { type: "string", const: "noindex" },
  },
};

/** Error bodies of the signing page (apps/api/src/rest/signing-body.ts). */
const SIGNING_ERROR_SCHEMAS: Record<string, Json> = {
  SigningMissBody: {
    type: "object",
    description:
      "A miss: only a Hebrew message, the same bytes for a malformed or unknown token, an archived studio, a deleted trainee or (on the document routes) a canceled or unsigned link.",
    required: ["error"],
    properties: { error: { type: "string" } },
    additionalProperties: false,
  },
  SigningErrorBody: {
    type: "object",
    description: "An error of the signing page: a Hebrew message, the code, and details when present.",
    required: ["error", "code"],
    properties: {
      error: { type: "string", description: "Hebrew message for the visitor." },
      code: {
        type: "string",
        description:
          "details.reason when present (ALREADY_SIGNED, LINK_CANCELED, UNKNOWN_FIELD, COACH_FIELD, NOT_PNG_DATA_URL, DATA_URL_TOO_LONG, PNG_TOO_LARGE, PNG_TOO_WIDE, PNG_TOO_MANY_PIXELS, PNG_INVALID), else the error code (VALIDATION, BAD_REQUEST, UNAUTHORIZED, RATE_LIMITED, INTERNAL, SERVICE_UNAVAILABLE).",
      },
      details: ref("schemas", "ErrorDetails"),
    },
    additionalProperties: false,
  },
};

const SHARED_SCHEMAS: Record<string, Json> = {
  FieldIssue: {
    type: "object",
    description: "One field problem of a VALIDATION error.",
    required: ["path", "message", "code"],
    properties: {
      path: { type: "string", description: "Dotted path of the field; empty for the whole input." },
      message: { type: "string" },
      code: { type: "string", description: "The validator's issue code, e.g. too_small, invalid_type." },
    },
    additionalProperties: false,
  },
  ErrorDetails: {
    type: "object",
    description:
      "Machine-readable detail of some errors: issues (VALIDATION), reason (FORBIDDEN: PREVIEW_READ_ONLY, " +
      "PLAN_LIMIT_SEATS, PLAN_LIMIT_CLIENTS, COACH_CLIENT_LIMIT) and the values a rule compared (limit, count, planId).",
    properties: {
      issues: { type: "array", items: ref("schemas", "FieldIssue") },
      reason: { type: "string" },
    },
    additionalProperties: true,
  },
  AutomationErrorBody: {
    type: "object",
    description: "Automation lane error body (document 3): no code, the HTTP status tells the kind.",
    required: ["success", "message"],
    properties: { success: { type: "boolean", const: false }, message: { type: "string" } },
    additionalProperties: false,
  },
};

// ---------------------------------------------------------------------------------------------
// Tags.
// ---------------------------------------------------------------------------------------------

const DOMAIN_TITLES: Record<string, string> = {
  "api keys": "API keys",
  crm: "CRM",
  clients: "Trainees",
  trainee: "Account",
};

const domainTitle = (tag: string) => DOMAIN_TITLES[tag] ?? tag.charAt(0).toUpperCase() + tag.slice(1);

const PREFIX: Record<DocLane, string> = {
  web: "/v1/web",
  internal: "/v1/internal",
  admin: "/v1/admin",
  trainee: "/v1/trainee",
  partner: "/v1/partner",
  automation: "/v1/automation",
  public: "/v1/public, /v1/trainee/auth",
  webhook: "/v1/whatsapp/webhook, /v1/agent/webhook",
  bearer: "/v1/studios, /v1/clients, /v1/whatsapp",
  other: "",
};

const LANE_ORDER = Object.keys(LANES) as DocLane[];

// ---------------------------------------------------------------------------------------------
// The document.
// ---------------------------------------------------------------------------------------------

const INFO_DESCRIPTION = `Backend of the coaching platform. A studio is the tenant; every read and write is scoped to one studio.

Access is divided into **lanes**: a path prefix with its own credential. Each operation lists its lane's credential under security, and the web lane's user context headers as parameters.

| Lane | Prefix | Credential |
|---|---|---|
${LANE_ORDER.filter((l) => l !== "other")
  .map((l) => `| ${LANES[l].group} | ${PREFIX[l]} | ${LANES[l].credential} |`)
  .join("\n")}

**Envelopes.** Success: \`{ok: true, data, requestId}\` with the operation's status. Error: \`{ok: false, code, message, details?, requestId}\`; each error response lists the codes it can carry. The automation lane answers \`{success, message, data}\` and errors \`{success: false, message}\` (validation and not-found are 400, creates are 200).

**Service signature** (web, internal, admin). ${SIGNATURE_HOW} A nonce is single-use; the timestamp must be within ${SERVICE_CLOCK_TOLERANCE_MS} ms of the server clock.`;

function isEnumParameter(operation: Json, name: string, schemas: Json): boolean {
  const parameter = ((operation.parameters ?? []) as Json[]).find((p) => p.in === "path" && p.name === name);
  let schema = (parameter?.schema ?? {}) as Json;
  for (let i = 0; typeof schema.$ref === "string" && i < 5; i++)
    schema = (schemas[schema.$ref.replace("#/components/schemas/", "")] ?? {}) as Json;
  return Array.isArray(schema.enum);
}

function hasAppAccessGuard(router: AnyTRPCRouter, procedurePath: string): boolean {
  const guard = (traineeAppProcedure as unknown as { _def: { middlewares: unknown[] } })._def.middlewares.at(
    -1,
  );
  const procedure = (router._def.procedures as Record<string, { _def?: { middlewares?: unknown[] } }>)[
    procedurePath
  ];
  return guard !== undefined && (procedure?._def?.middlewares ?? []).includes(guard);
}

/** Statuses a route's meta adds: trpc-to-openapi's `openapi.errorResponses` (list or status → why). */
function metaErrors(route: RestRoute): { codes: ErrorCode[]; notes: Map<number, string> } {
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

export function buildOpenApiDocument(
  router: AnyTRPCRouter,
  routes: RestRoute[],
  baseUrl: string,
  rawRoutes: readonly RawRoute[] = [],
): OpenAPIObject {
  const doc = generateOpenApiDocument(router, {
    title: "Studio platform API",
    version: "1.0.0",
    baseUrl,
    description: INFO_DESCRIPTION,
    // Security is set per operation below; trpc-to-openapi would list every scheme as an alternative.
    securitySchemes: {},
  });
  const components = (doc.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  // trpc-to-openapi's generic error responses are replaced below; drop their schemas.
  for (const name of Object.keys(schemas)) if (name.startsWith("error.")) delete schemas[name];
  Object.assign(schemas, SHARED_SCHEMAS);

  const usedSchemes = new Set<string>();
  const usedParameters = new Set<string>();
  const usedHeaders = new Set<string>(["XRequestId"]);
  const tags = new Map<string, { lane: DocLane; domain: string }>();
  const requestIdHeader = { "x-request-id": ref("headers", "XRequestId") };

  const documentedRaw = rawRoutes.map((route) => documentRawRoute(doc, route, schemas));
  for (const route of [...routes, ...documentedRaw]) {
    const operation = (doc.paths?.[route.path] as Json | undefined)?.[route.method.toLowerCase()] as
      Json | undefined;
    if (!operation) continue;
    const lane: DocLane = laneOfPath(route.path.replace(/\{\w+\}/g, "x")) ?? "other";
    const style = envelopeStyleFor(route.path);

    // Credential and lane headers.
    const security = securityFor(lane, route.path);
    security.forEach((requirement) => Object.keys(requirement).forEach((s) => usedSchemes.add(s)));
    operation.security = security;
    if (LANES[lane].parameters.length) {
      LANES[lane].parameters.forEach((p) => usedParameters.add(p));
      operation.parameters = [
        ...((operation.parameters ?? []) as Json[]),
        ...LANES[lane].parameters.map((p) => ref("parameters", p)),
      ];
    }
    if (route.method === "DELETE") documentDeleteBody(operation, route, schemas);

    // Tags: the domain, qualified by the lane so x-tagGroups can group them.
    const domains = ((operation.tags ?? []) as string[]).length ? (operation.tags as string[]) : ["general"];
    operation.tags = domains.map((domain) => {
      const name = `${lane}/${domain}`;
      tags.set(name, { lane, domain });
      return name;
    });

    // Success in the lane's envelope.
    const responses = (operation.responses ?? {}) as Json;
    const ok = responses["200"] as
      { description?: string; content?: Record<string, { schema?: unknown }> } | undefined;
    const dataSchema = ok?.content?.["application/json"]?.schema ?? {};
    const wrapped =
      style === "public-bare"
        ? dataSchema
        : style === "automation"
          ? {
              type: "object",
              required: ["success", "message", "data"],
              properties: {
                success: { type: "boolean", const: true },
                message: {
                  type: "string",
                  ...(route.meta.automationMessage ? { examples: [route.meta.automationMessage] } : {}),
                },
                data: dataSchema,
              },
            }
          : {
              type: "object",
              required: ["ok", "data", "requestId"],
              properties: {
                ok: { type: "boolean", const: true },
                data: dataSchema,
                requestId: { type: "string", description: "The same value as the x-request-id header." },
              },
            };
    const signing = style === "signing";
    const out: Json = {
      [String(route.successStatus)]: signing
        ? {
            description: ok?.description ?? "Success",
            headers: { ...requestIdHeader, ...SIGNING_RESPONSE_HEADERS },
            content: ok?.content ?? {},
          }
        : route.successStatus === 204
          ? { description: "No Content", headers: requestIdHeader }
          : {
              description: ok?.description ?? "Success",
              headers: requestIdHeader,
              content: { "application/json": { schema: wrapped } },
            },
    };

    // Errors, one response per status.
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const meta = metaErrors(route);
    const keys = errorCodesFor({
      lane,
      method: route.method,
      path: route.path,
      hasInput: route.input instanceof z.ZodObject && Object.keys(route.input.shape).length > 0,
      hasIdParam: pathParams.some((name) => !isEnumParameter(operation, name, schemas)),
      appAccessGuard: lane === "trainee" && hasAppAccessGuard(router, route.procedurePath),
      extra: meta.codes,
    });
    const byStatus = new Map<number, ErrorKey[]>();
    for (const key of keys) {
      const status = statusOf(key, style, route.path);
      byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
    }
    for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
      const keysHere = byStatus.get(status)!;
      const codes = CODE_ORDER.filter((code) => keysHere.some((k) => codeOf(k) === code));
      const why = keysHere.map((k) => whyCode(k, lane, route.path));
      if (meta.notes.has(status)) why.push(`This operation: ${meta.notes.get(status)}`);
      const headers: Json = { ...requestIdHeader };
      if (status === 429) {
        headers["retry-after"] = ref("headers", "RetryAfter");
        usedHeaders.add("RetryAfter");
      }
      let schema: Json;
      if (style === "automation") {
        schema = ref("schemas", "AutomationErrorBody");
      } else if (signing) {
        Object.assign(headers, SIGNING_RESPONSE_HEADERS);
        Object.assign(schemas, { ...SIGNING_ERROR_SCHEMAS, ...schemas });
        schema = ref("schemas", status === 404 ? "SigningMissBody" : "SigningErrorBody");
      } else {
        const name = errorSchemaName(codes);
        schemas[name] ??= standardErrorSchema(codes);
        schema = ref("schemas", name);
      }
      const examples = Object.fromEntries(
        keysHere.map((k) => [
          k === "PAYLOAD_TOO_LARGE" ? "BAD_REQUEST" : k,
          { summary: codeOf(k), value: exampleBody(k, lane, style) },
        ]),
      );
      out[String(status)] = {
        description: why.join(" "),
        headers,
        content: { "application/json": { schema, examples } },
      };
    }
    operation.responses = out;
  }

  components.securitySchemes = Object.fromEntries(
    Object.entries(SECURITY_SCHEMES).filter(([name]) => usedSchemes.has(name)),
  );
  components.parameters = Object.fromEntries(
    Object.entries(PARAMETERS).filter(([name]) => usedParameters.has(name)),
  );
  components.headers = Object.fromEntries(Object.entries(HEADERS).filter(([name]) => usedHeaders.has(name)));

  const tagList = [...tags.entries()].sort(
    ([, a], [, b]) => LANE_ORDER.indexOf(a.lane) - LANE_ORDER.indexOf(b.lane),
  );
  (doc as unknown as Json).tags = tagList.map(([name, { lane, domain }]) => ({
    name,
    "x-displayName": domainTitle(domain),
    description: `${domainTitle(domain)} on the ${LANES[lane].group} lane (${PREFIX[lane] || "no lane"}). Credential: ${LANES[lane].credential}.`,
  }));
  (doc as unknown as Json)["x-tagGroups"] = LANE_ORDER.filter((lane) =>
    tagList.some(([, t]) => t.lane === lane),
  ).map((lane) => ({
    name: LANES[lane].group,
    tags: tagList.filter(([, t]) => t.lane === lane).map(([name]) => name),
  }));
  return doc;
}

/**
 * trpc-to-openapi documents every DELETE input as query parameters, but our adapter reads a
 * DELETE's optional JSON body (e.g. the coach dismissal options). Move the non-path fields
 * of such routes into a requestBody.
 */
function documentDeleteBody(operation: Json, route: RestRoute, schemas: Json) {
  const input = route.input;
  if (!(input instanceof z.ZodObject)) return;
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const bodyKeys = Object.keys(input.shape).filter((k) => !pathParams.includes(k));
  if (bodyKeys.length === 0) return;
  const body = input.pick(Object.fromEntries(bodyKeys.map((k) => [k, true])) as Record<string, true>);
  const { schema, components } = createSchema(body, { io: "input" });
  Object.assign(schemas, components ?? {});
  operation.parameters = ((operation.parameters ?? []) as { in?: string; name?: string }[]).filter(
    (p) => !(p.in === "query" && p.name !== undefined && bodyKeys.includes(p.name)),
  );
  operation.requestBody = { required: false, content: { "application/json": { schema } } };
}

/** Body limits of their own (app.ts), named in the 413 description. */
const ROUTE_BODY_LIMITS: Record<string, string> = {
  "/v1/web/content/media": "24 MB (MEDIA_INLINE_BODY_LIMIT_BYTES)",
  "/v1/web/content/media-upload/part": "12 MB (MEDIA_PART_BODY_LIMIT_BYTES)",
  "/v1/public/sign/{token}": "4 MB (the signing page's submit)",
};

/**
 * Adds a raw route's operation (apps/api/src/raw: a body that is not JSON) to the document as
 * trpc-to-openapi would have generated it (query parameters, the body's media type, the data
 * schema under 200), and answers it as a route, so the loop above adds its lane's security,
 * headers, envelope and errors like any other.
 */
function documentRawRoute(doc: OpenAPIObject, route: RawRoute, schemas: Json): RestRoute {
  const parameters: Json[] = [];
  const addParameters = (object: z.ZodObject, where: "path" | "query") => {
    const created = createSchema(object, { io: "input" });
    Object.assign(schemas, created.components ?? {});
    const schema = created.schema as Json;
    const required = (schema.required ?? []) as string[];
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
      const { description, ...rest } = property as Json;
      parameters.push({
        in: where,
        name,
        required: where === "path" || required.includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  if (route.params) addParameters(route.params, "path");
  if (route.query) addParameters(route.query, "query");
  let requestBody: Json | undefined;
  if (route.requestBody) {
    let bodySchema: unknown = { type: "string", format: "binary" };
    if (route.requestBody.schema) {
      const created = createSchema(route.requestBody.schema, { io: "input" });
      Object.assign(schemas, created.components ?? {});
      bodySchema = created.schema;
    }
    requestBody = {
      required: true,
      description: route.requestBody.description,
      content: { [route.requestBody.contentType]: { schema: bodySchema } },
    };
  }
  let content: Json;
  if (route.responseMediaType && route.responseMediaType !== "application/json") {
    content = { [route.responseMediaType]: { schema: { type: "string", format: "binary" } } };
  } else {
    const output = createSchema(route.output, { io: "output" });
    Object.assign(schemas, output.components ?? {});
    content = { "application/json": { schema: output.schema } };
  }
  const method = route.method.toLowerCase();
  const paths = (doc.paths ??= {}) as Json;
  paths[route.path] = {
    ...((paths[route.path] as Json | undefined) ?? {}),
    [method]: {
      operationId: `raw-${route.domainFunction}`,
      summary: route.summary,
      tags: route.tags,
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: { "200": { description: "Successful response", content } },
    },
  };
  const meta = {
    openapi: { method: route.method, path: route.path, errorResponses: route.errorResponses },
    successStatus: route.successStatus,
  } as RouteMeta;
  // The fields the error rules read: the query and a JSON body's schema (a path token alone is
  // not input that can fail validation: a malformed one is a miss).
  const bodyInput =
    route.requestBody?.schema instanceof z.ZodObject ? (route.requestBody.schema as z.ZodObject) : undefined;
  const input = bodyInput ? (route.query ? bodyInput.extend(route.query.shape) : bodyInput) : route.query;
  return {
    method: route.method,
    path: route.path,
    procedurePath: `raw.${route.domainFunction}`,
    successStatus: route.successStatus,
    meta,
    input: input ?? z.object({}),
  };
}
