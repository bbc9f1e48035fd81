import {
  API_KEY_PREFIX,
  SERVICE_CLOCK_TOLERANCE_MS,
  SERVICE_HEADERS,
  SERVICE_NONCE_TTL_MS,
} from "@studio/auth";
import {
  STANDARD_WEBHOOK_HEADERS,
  STANDARD_WEBHOOK_ID_MAX,
  STANDARD_WEBHOOK_TOLERANCE_SEC,
} from "@studio/auth";
import type { LaneName } from "../lanes/lane-of-path";
import type { Json } from "./component-ref";

// Lanes: credential, extra request headers, display; and the security schemes they name.

export type DocLane = LaneName | "other";

const SERVICE_SIGNATURE_SCHEMES = ["serviceId", "serviceTimestamp", "serviceNonce", "serviceSignature"];
export const serviceSignature = () =>
  Object.fromEntries(SERVICE_SIGNATURE_SCHEMES.map((s) => [s, [] as string[]]));

export const SIGNATURE_HOW =
  "Every request carries the four service-signature headers, all required together. " +
  "Signature: lower-case hex HMAC-SHA256 with SERVICE_AUTH_SECRET over " +
  "`METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nSHA256_HEX(raw body)` " +
  "(the path and query exactly as sent; the body hash of an empty body is that of the empty string).";

export const STANDARD_WEBHOOK_HOW =
  "Standard Webhooks (standardwebhooks.com): the three headers together; webhook-signature is a space-separated list of " +
  '`v1,<base64 HMAC-SHA256(key, webhook-id + "." + webhook-timestamp + "." + raw body)>`, the key being the ' +
  "base64 after `whsec_` of PAYMENTS_WEBHOOK_SECRET (or a plain secret's bytes). Unset secret: every delivery is refused.";

export interface LaneDoc {
  /** x-tagGroups name. */
  group: string;
  /** One line on the lane's credential, for tag descriptions and the info table. */
  credential: string;
  security: Record<string, string[]>[];
  /** components.parameters every operation of the lane takes (headers). */
  parameters: string[];
}

export const LANES: Record<DocLane, LaneDoc> = {
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
  payments: {
    group: "Payments webhook",
    credential:
      "Standard Webhooks signature (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with PAYMENTS_WEBHOOK_SECRET",
    security: [{ webhookId: [], webhookTimestamp: [], webhookSignature: [] }],
    parameters: [],
  },
  other: { group: "Other", credential: "none", security: [], parameters: [] },
};

/** /v1/public/sign/*: the token in the path; a request naming x-service-id must also be signed. */
export const isPublicSign = (path: string) => path.startsWith("/v1/public/sign/");

export function securityFor(lane: DocLane, path: string): Record<string, string[]>[] {
  if (lane === "public" && isPublicSign(path)) return [{}, serviceSignature()];
  return LANES[lane].security;
}

export const SECURITY_SCHEMES: Record<string, Json> = {
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
  webhookId: {
    type: "apiKey",
    in: "header",
    name: STANDARD_WEBHOOK_HEADERS.id,
    description: `The delivery's unique id (at most ${STANDARD_WEBHOOK_ID_MAX} printable characters): signed, and the idempotency key (a delivery with an id received before answers 200 and changes nothing). ${STANDARD_WEBHOOK_HOW}`,
  },
  webhookTimestamp: {
    type: "apiKey",
    in: "header",
    name: STANDARD_WEBHOOK_HEADERS.timestamp,
    description: `Unix seconds, within ${STANDARD_WEBHOOK_TOLERANCE_SEC} s of the server clock either way. ${STANDARD_WEBHOOK_HOW}`,
  },
  webhookSignature: {
    type: "apiKey",
    in: "header",
    name: STANDARD_WEBHOOK_HEADERS.signature,
    description: STANDARD_WEBHOOK_HOW,
  },
  sessionBearer: {
    type: "http",
    scheme: "bearer",
    description: "A session token; the session's active organization is the studio.",
  },
};

export const PREFIX: Record<DocLane, string> = {
  web: "/v1/web",
  internal: "/v1/internal",
  admin: "/v1/admin",
  trainee: "/v1/trainee",
  partner: "/v1/partner",
  automation: "/v1/automation",
  public: "/v1/public, /v1/trainee/auth",
  webhook: "/v1/whatsapp/webhook, /v1/agent/webhook",
  bearer: "/v1/studios, /v1/clients, /v1/whatsapp",
  payments: "/api/webhooks/payments",
  other: "",
};

export const LANE_ORDER = Object.keys(LANES) as DocLane[];
