import type { ErrorCode } from "@studio/contracts";
import type { EnvelopeStyle } from "../rest/envelope";
import { signingErrorBody } from "../rest/signing-body";
import { ref, type Json } from "./component-ref";
import { codeOf, statusOf, type ErrorKey } from "./error-derivation";
import type { DocLane } from "./security";

// Error bodies: their schemas per lane and envelope, and an example of each code.

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

export function exampleBody(key: ErrorKey, lane: DocLane, style: EnvelopeStyle): Json {
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
export const errorSchemaName = (codes: ErrorCode[]) => `${codes.map(pascal).join("Or")}Error`;

export function standardErrorSchema(codes: ErrorCode[]): Json {
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
export const SIGNING_RESPONSE_HEADERS: Json = {
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
export const SIGNING_ERROR_SCHEMAS: Record<string, Json> = {
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

export const SHARED_SCHEMAS: Record<string, Json> = {
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
