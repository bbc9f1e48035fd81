import { createHash, createHmac, randomBytes } from "node:crypto";
import { macEqual } from "./constant-time";
import { BEFORE_STORE_EPOCH_MESSAGE, predatesStoreEpoch, type StoreEpoch } from "./replay-guard";

/** Headers carried by every request on the web, internal and admin lanes. */
export const SERVICE_HEADERS = {
  id: "x-service-id",
  timestamp: "x-service-timestamp",
  nonce: "x-service-nonce",
  signature: "x-service-signature",
} as const;

/** How far a request's timestamp may drift from the server clock, either way. */
export const SERVICE_CLOCK_TOLERANCE_MS = 300_000;

/**
 * How long a used nonce is remembered. Longer than the clock window so a nonce
 * cannot expire from the store while its request would still pass the timestamp check.
 */
export const SERVICE_NONCE_TTL_MS = 360_000;

const MIN_NONCE_LENGTH = 8;
const MAX_NONCE_LENGTH = 128;

// Digits only: `Number()` would also accept "", " ", "0x1f" and "1e12".
const EPOCH_MS_PATTERN = /^[0-9]{1,16}$/;

export function sha256Hex(body: Uint8Array | string): string {
  // Most signed requests (every GET) have no body: its hash is a constant.
  if (body.length === 0) return EMPTY_SHA256_HEX;
  return createHash("sha256").update(body).digest("hex");
}

const EMPTY_SHA256_HEX = createHash("sha256").update("").digest("hex");

export interface ServiceCanonicalInput {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  bodyHash: string;
}

/** The exact bytes that are signed; both sides must build it identically. */
export function serviceCanonicalString(input: ServiceCanonicalInput): string {
  return [input.method.toUpperCase(), input.pathWithQuery, input.timestamp, input.nonce, input.bodyHash].join(
    "\n",
  );
}

function hmacHex(secret: string, canonical: string): string {
  return createHmac("sha256", secret).update(canonical, "utf8").digest("hex");
}

export interface SignServiceRequestInput {
  secret: string;
  serviceId: string;
  method: string;
  pathWithQuery: string;
  body?: string | Uint8Array;
  /** Epoch milliseconds; defaults to `Date.now()`. */
  timestamp?: number;
  /** Defaults to 32 random hex characters. */
  nonce?: string;
}

/** Builds the four service headers for an outgoing request. */
export function signServiceRequest(input: SignServiceRequestInput): Record<string, string> {
  // An empty HMAC key would make every signature forgeable; refuse rather than sign.
  if (input.secret === "") throw new Error("service signing secret must not be empty");
  const timestamp = input.timestamp ?? Date.now();
  // The verifier only accepts a plain digit string, so catch bad input at the source.
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError("timestamp must be a non-negative integer of epoch milliseconds");
  }
  const timestampText = String(timestamp);
  const nonce = input.nonce ?? randomBytes(16).toString("hex");
  const canonical = serviceCanonicalString({
    method: input.method,
    pathWithQuery: input.pathWithQuery,
    timestamp: timestampText,
    nonce,
    bodyHash: sha256Hex(input.body ?? ""),
  });
  return {
    [SERVICE_HEADERS.id]: input.serviceId,
    [SERVICE_HEADERS.timestamp]: timestampText,
    [SERVICE_HEADERS.nonce]: nonce,
    [SERVICE_HEADERS.signature]: hmacHex(input.secret, canonical),
  };
}

export interface VerifyServiceSignatureInput {
  getHeader: (name: string) => string | undefined;
  method: string;
  /** The raw request target as received (not re-encoded or normalised). */
  pathWithQuery: string;
  rawBody: Uint8Array;
  secret: string;
  knownServiceIds: ReadonlySet<string>;
  /** Epoch milliseconds. */
  now: number;
  /** Atomically records `key`; true when newly claimed, false when it already existed. */
  claimNonce: (key: string, ttlMs: number) => Promise<boolean>;
  /** The nonce store's epoch; a request dated before it is refused. */
  storeEpoch?: StoreEpoch;
}

export type ServiceSignatureResult = { ok: true; serviceId: string } | { ok: false; message: string };

const HEADER_CHECK_ORDER = [
  SERVICE_HEADERS.id,
  SERVICE_HEADERS.timestamp,
  SERVICE_HEADERS.nonce,
  SERVICE_HEADERS.signature,
] as const;

/**
 * Verifies a signed service request.
 *
 * The order matters: cheap, stateless checks come first, and the nonce is claimed
 * only after the signature is proven, so an unsigned request cannot burn nonces.
 * A throwing `claimNonce` or `storeEpoch` propagates: the caller must fail closed when the store is down.
 */
export async function verifyServiceSignature(
  input: VerifyServiceSignatureInput,
): Promise<ServiceSignatureResult> {
  const headers: Partial<Record<(typeof HEADER_CHECK_ORDER)[number], string>> = {};
  for (const name of HEADER_CHECK_ORDER) {
    const value = input.getHeader(name);
    // An empty header is as good as absent: it cannot identify, date or sign anything.
    if (value === undefined || value === "") return { ok: false, message: `missing ${name} header` };
    headers[name] = value;
  }
  const serviceId = headers[SERVICE_HEADERS.id] ?? "";
  const timestamp = headers[SERVICE_HEADERS.timestamp] ?? "";
  const nonce = headers[SERVICE_HEADERS.nonce] ?? "";
  const signature = headers[SERVICE_HEADERS.signature] ?? "";

  if (!input.knownServiceIds.has(serviceId)) return { ok: false, message: "unknown service id" };

  if (!EPOCH_MS_PATTERN.test(timestamp)) return { ok: false, message: "invalid timestamp" };
  if (Math.abs(input.now - Number(timestamp)) > SERVICE_CLOCK_TOLERANCE_MS) {
    return { ok: false, message: "timestamp outside the allowed window" };
  }
  if (nonce.length < MIN_NONCE_LENGTH || nonce.length > MAX_NONCE_LENGTH) {
    return { ok: false, message: "invalid nonce" };
  }

  const expected = hmacHex(
    input.secret,
    serviceCanonicalString({
      method: input.method,
      pathWithQuery: input.pathWithQuery,
      timestamp,
      nonce,
      bodyHash: sha256Hex(input.rawBody),
    }),
  );
  // An unset secret is a misconfiguration: anyone could compute the HMAC, so reject.
  if (input.secret === "" || !macEqual(expected, signature)) {
    return { ok: false, message: "invalid signature" };
  }

  // The key holds the nonce alone: the service id is not signed, so a nonce is single-use
  // whatever x-service-id comes with it (web, internal, admin and public lanes alike).
  const claimed = await input.claimNonce(`svc-nonce:${nonce}`, SERVICE_NONCE_TTL_MS);
  if (!claimed) return { ok: false, message: "nonce already used" };
  if (await predatesStoreEpoch(Number(timestamp), input.now, input.storeEpoch)) {
    return { ok: false, message: BEFORE_STORE_EPOCH_MESSAGE };
  }

  return { ok: true, serviceId };
}
