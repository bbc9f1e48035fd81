import type { Json } from "./component-ref";

/** Request headers a lane's operations take (LANES[lane].parameters), as components.parameters. */
export const PARAMETERS: Record<string, Json> = {
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

export const HEADERS: Record<string, Json> = {
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
