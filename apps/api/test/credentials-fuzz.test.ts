import { createHmac, randomBytes, randomInt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceCanonicalString, sha256Hex, signServiceRequest, signTraineeToken } from "@studio/auth";
import { LocalObjectStorage } from "@studio/providers/storage";
import { urlForDatabase } from "./support/databases";
import { newOwner, startTestApp, userHeaders, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, studioIdOf } from "./support/team-fixtures";
import { createSigningLink, randomIp } from "./support/signing-fixtures";
import {
  mutateString,
  pool,
  rawHttp,
  seededRng,
  startApiProcess,
  type ApiProcess,
  type RawRequest,
  type RawResponse,
  KeptAliveConnection,
  type Rng,
} from "./support/credential-fuzz";

/**
 * Issue 16 "Credentials fuzz": 10,000 seeded random mutations of valid credentials — signed
 * service requests (web, admin, internal lanes and the service-signed public signing page),
 * trainee tokens (regular and preview), studio API keys (x-api-key and Bearer, automation and
 * partner lanes) and the webhook token — none is accepted; replayed nonces are refused on the
 * same process and on the other one sharing Redis; concurrent duplicates win exactly once.
 *
 * Two real API processes on one PostgreSQL database and one Redis (a dedicated db index, no key
 * prefix, as deployed): this test process's app (harness, over a socket) and the API process
 * spawned from its built bundle (support/built-mains). Every request is written byte for byte over a raw socket, so mutations
 * fetch would refuse to send (NUL, look-alikes, duplicated headers) reach the server.
 *
 * FUZZ_SEED=<n> replays a run's choices (nonces and timestamps stay fresh); FUZZ_COUNT=<n> sizes it.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const TOTAL = Number(process.env.FUZZ_COUNT ?? 10_000);
const CONCURRENCY = 16;
const CONTROL_EVERY = 6;

const SERVICE_SECRET = "fuzz-service-secret-0123456789abcdef";
const SESSION_SECRET = "fuzz-session-secret-fedcba9876543210";
const WEBHOOK_SECRET = "whsec-Fuzz-0123456789abcdefABCDEF";
const REDIS_URL = "redis://127.0.0.1:6379/12";
const MEDIA_BASE = "http://media.test/media";
const ENV = {
  SERVICE_AUTH_SECRET: SERVICE_SECRET,
  SESSION_SIGNING_SECRET: SESSION_SECRET,
  WEBHOOK_SECRET,
  // Out of the way (shared budget per IP on Redis); a 429 would still count as a failure.
  RATE_LIMIT_PER_MINUTE: "10000000",
};

interface Proc {
  name: "in-process" | "child";
  port: number;
}

let a: TestApp;
let child: ApiProcess | undefined;
let mediaDir: string;
let procs: [Proc, Proc];

const f = {} as {
  owner: WebUserContext;
  studioId: string;
  clientIds: [string, string];
  tokens: { regular: [string, string]; preview: string; otherStudio: string };
  keys: { live: string; other: string; revoked: string };
  /** Several links: each allows 60 views per 600 s (document 3 "Limits"), and controls are views. */
  signingTokens: string[];
};
let signingTurn = 0;

beforeAll(async () => {
  process.stdout.write(
    `credentials fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${TOTAL} mutations\n`,
  );
  mediaDir = await mkdtemp(join(tmpdir(), "credentials-fuzz-"));
  a = await startTestApp({
    database: "postgres",
    redis: REDIS_URL,
    kvPrefix: "",
    env: ENV,
    storage: new LocalObjectStorage({ dir: mediaDir, publicBaseUrl: MEDIA_BASE }),
  });
  const { rows } = await a.deps.database.executor.executeSql("select current_database() as name", []);
  child = await startApiProcess({
    ...ENV,
    DATABASE_URL: urlForDatabase((rows[0] as { name: string }).name),
    REDIS_URL,
    RUN_WORKER_IN_PROCESS: "0",
    MEDIA_DIR: mediaDir,
    MEDIA_PUBLIC_BASE_URL: MEDIA_BASE,
  });
  procs = [
    { name: "in-process", port: Number(new URL(a.baseUrl).port) },
    { name: "child", port: child.port },
  ];

  f.owner = newOwner();
  f.studioId = await studioIdOf(a, f.owner);
  const c1 = await addClient(a, f.owner);
  const c2 = await addClient(a, f.owner);
  f.clientIds = [c1.id, c2.id];
  const preview = await a.web("POST", `/v1/web/clients/${c1.id}/preview-token`, f.owner);
  expect(preview.status).toBe(200);
  const other = newOwner();
  const otherStudio = await studioIdOf(a, other);
  const otherClient = await addClient(a, other);
  f.tokens = {
    regular: [signTraineeToken({ clientId: c1.id, studioId: f.studioId }, SESSION_SECRET), ""],
    preview: preview.body.data.token,
    otherStudio: signTraineeToken({ clientId: otherClient.id, studioId: otherStudio }, SESSION_SECRET),
  };
  f.tokens.regular[1] = signTraineeToken({ clientId: c2.id, studioId: f.studioId }, SESSION_SECRET);
  const key = async (user: WebUserContext, name: string) => {
    const res = await a.web("POST", "/v1/web/studios/current/api-keys", user, { name });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; key: string };
  };
  const revoked = await key(f.owner, "revoked");
  expect((await a.web("DELETE", `/v1/web/studios/current/api-keys/${revoked.id}`, f.owner)).status).toBe(200);
  f.keys = {
    live: (await key(f.owner, "fuzz")).key,
    other: (await key(other, "other")).key,
    revoked: revoked.key,
  };
  f.signingTokens = [];
  for (let i = 0; i < 8; i += 1) f.signingTokens.push((await createSigningLink(a, { owner: f.owner })).token);
}, 120_000);

afterAll(async () => {
  await child?.stop();
  await a?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

// ---- valid requests ----

type H = [string, string][];

interface SignedSpec {
  method: string;
  target: string;
  body?: string;
  /** Unsigned headers sent along (user context, x-client-ip). */
  extra: H;
}

function sign(
  spec: SignedSpec,
  opts: { timestamp?: number; nonce?: string; serviceId?: string; secret?: string } = {},
) {
  const signed = signServiceRequest({
    secret: opts.secret ?? SERVICE_SECRET,
    serviceId: opts.serviceId ?? "web-app",
    method: spec.method,
    pathWithQuery: spec.target,
    body: spec.body ?? "",
    timestamp: opts.timestamp,
    nonce: opts.nonce ?? randomBytes(16).toString("hex"),
  });
  return signed;
}

function toRaw(spec: SignedSpec, signed: Record<string, string>): RawRequest {
  return {
    method: spec.method,
    target: spec.target,
    headers: [
      ...(Object.entries(signed) as H),
      ...spec.extra,
      ...(spec.body !== undefined ? ([["content-type", "application/json"]] as H) : []),
    ],
    body: spec.body,
  };
}

/** True when the request's signature is the right one for what is sent (the signed material as a whole). */
function isValidlySigned(req: RawRequest): boolean {
  const canonical = serviceCanonicalString({
    method: req.method,
    pathWithQuery: req.target,
    timestamp: getHeader(req.headers, "x-service-timestamp"),
    nonce: getHeader(req.headers, "x-service-nonce"),
    bodyHash: sha256Hex(req.body ?? ""),
  });
  const expected = createHmac("sha256", SERVICE_SECRET).update(canonical, "utf8").digest("hex");
  return expected === getHeader(req.headers, "x-service-signature");
}

const SIGNED_HEADERS = ["x-service-id", "x-service-timestamp", "x-service-nonce", "x-service-signature"];

interface Mutation {
  label: string;
  req: RawRequest;
  /** The unmutated request, still unsent (its nonce unclaimed): sent as the control. */
  base?: RawRequest;
  /** The mutation spends the base's nonce by design (a valid signature, refused later). */
  burnsNonce?: boolean;
}

interface Kind {
  name: string;
  /** The status of the valid credential (404: the credential passed, no route behind it). */
  accepted: number;
  /** The lane's refusal. */
  refusal: readonly number[];
  signed: boolean;
  valid(): RawRequest;
  mutate(rng: Rng): Mutation;
}

const webSpecs = (): Record<string, SignedSpec> => {
  const user: H = Object.entries(userHeaders(f.owner)) as H;
  return {
    studio: { method: "GET", target: "/v1/web/studio", extra: user },
    settings: {
      method: "PATCH",
      target: "/v1/web/studio/settings",
      body: JSON.stringify({ calendarEnabled: true }),
      extra: user,
    },
    board: { method: "GET", target: "/v1/web/crm/board", extra: user },
    admin: { method: "GET", target: "/v1/admin/notification-configs", extra: [] },
    internal: { method: "GET", target: "/v1/internal/fuzz-probe", extra: [] },
    sign: {
      method: "GET",
      target: `/v1/public/sign/${f.signingTokens[(signingTurn += 1) % f.signingTokens.length]}`,
      extra: [["x-client-ip", randomIp()]],
    },
  };
};

const setHeader = (headers: H, name: string, value: string): H =>
  headers.map(([n, v]) => (n === name ? [n, value] : [n, v]));
const getHeader = (headers: H, name: string) => headers.find(([n]) => n === name)?.[1] ?? "";
const withoutHeader = (headers: H, name: string): H => headers.filter(([n]) => n !== name);

/** Path variants a signer never signed: each is another request target (percent-encoding included). */
function targetVariant(target: string, lanePrefix: string, rng: Rng): string {
  const rest = target.slice(lanePrefix.length);
  const variants = [
    () => `${target}?a=1`,
    () => (target.includes("?") ? `${target}&a=1` : `${target}?`),
    () => `${target}/`,
    () => `${lanePrefix}/${rest}`,
    () => `${lanePrefix}/.${rest}`,
    () => `${lanePrefix}${rest.replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16)}`)}`,
    () => `${lanePrefix}${rest.replace(/[a-z]/, (ch) => ch.toUpperCase())}`,
    () => `${target}#x`,
    () => `${lanePrefix}/${mutateString(rest.slice(1) || "x", rng).out}`,
    () => `http://127.0.0.1${target}`,
  ];
  for (;;) {
    const out = rng.pick(variants)();
    if (out !== target) return out;
  }
}

function signedKind(
  name: string,
  specName: string,
  accepted: number,
  lanePrefix: string,
  opts: { userHeaders?: boolean; keepServiceId?: boolean } = {},
): Kind {
  return {
    name,
    accepted,
    refusal: [401],
    signed: true,
    valid() {
      const spec = webSpecs()[specName]!;
      return toRaw(spec, sign(spec));
    },
    mutate(rng) {
      const specs = webSpecs();
      const spec = specs[specName]!;
      const signed = sign(spec);
      const base = toRaw(spec, signed);
      const strategy = rng.pick([
        "header",
        "header",
        "header",
        "target",
        "method",
        "body",
        "swap",
        "swap",
        "window",
        "serviceId",
        "duplicate",
        "remove",
        "rename",
        "secret",
      ]);
      switch (strategy) {
        case "header": {
          const header = rng.pick(SIGNED_HEADERS);
          const m = mutateString(getHeader(base.headers, header), rng);
          return {
            label: `${header}:${m.name}`,
            req: { ...base, headers: setHeader(base.headers, header, m.out) },
            base,
          };
        }
        case "target":
          return {
            label: "target",
            req: { ...base, target: targetVariant(spec.target, lanePrefix, rng) },
            base,
          };
        case "method": {
          const method = rng.pick(
            ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "Get"].filter((x) => x !== spec.method),
          );
          return { label: `method:${method.trim()}`, req: { ...base, method }, base };
        }
        case "body": {
          const body =
            spec.body === undefined ? rng.pick(["", "{}", "null", " "]) : mutateString(spec.body, rng).out;
          // An empty body on a bodiless request is the request itself: send a content-length 0 and a byte.
          const req = { ...base, body: body === "" ? "\n" : body };
          return { label: "body", req, base };
        }
        case "swap": {
          // Another valid request (another method, target, body, timestamp, nonce) lends parts to this one.
          const otherSpec = rng.pick(Object.values(specs).filter((s) => s !== spec));
          const otherTs = Date.now() - 1 - rng.int(200_000);
          const other = toRaw(otherSpec, sign(otherSpec, { timestamp: otherTs }));
          const header = (req: RawRequest, h: string) => getHeader(req.headers, `x-service-${h}`);
          // Only parts that differ: lending an equal part would leave this request as it was.
          const parts = (["method", "target", "body", "timestamp", "nonce", "signature"] as const).filter(
            (p) =>
              p === "method" || p === "target"
                ? base[p] !== other[p]
                : p === "body"
                  ? (base.body ?? "") !== (other.body ?? "\n")
                  : header(base, p) !== header(other, p),
          );
          const chosen = parts.filter(() => rng.chance(0.4));
          if (chosen.length === 0) chosen.push(rng.pick(parts));
          let req: RawRequest = { ...base };
          for (const part of chosen) {
            if (part === "method") req.method = other.method;
            if (part === "target") req.target = other.target;
            if (part === "body") req.body = other.body ?? "\n";
            if (part === "timestamp" || part === "nonce" || part === "signature") {
              const h = `x-service-${part}`;
              req = { ...req, headers: setHeader(req.headers, h, getHeader(other.headers, h)) };
            }
          }
          // Parts lent together can rebuild the other request whole: then it is valid, not a mutation.
          if (isValidlySigned(req)) {
            req = {
              ...req,
              headers: setHeader(
                req.headers,
                "x-service-signature",
                getHeader(base.headers, "x-service-signature"),
              ),
            };
            chosen.splice(chosen.indexOf("signature"), 1);
          }
          return { label: `swap:${chosen.join("+")}`, req, base };
        }
        case "window": {
          // Validly signed, dated beyond 300,000 ms (a 2 s margin for the trip), or with a bad date.
          const beyond = 302_000 + rng.int(10 * 86_400_000);
          const ts = rng.chance(0.5) ? Date.now() - beyond : Date.now() + beyond;
          const stale = toRaw(spec, sign(spec, { timestamp: ts }));
          return { label: ts < Date.now() ? "stale" : "future", req: stale, base };
        }
        case "serviceId": {
          const id = rng.pick([
            "web-app2",
            "WEB-APP",
            "Web-app",
            "web_app",
            "web app",
            "webapp",
            "billing-svc",
            "admin",
            "web-\u0430pp",
            mutateString("web-app", rng).out,
          ]);
          return {
            label: "service-id",
            req: { ...base, headers: setHeader(base.headers, "x-service-id", id) },
            base,
          };
        }
        case "duplicate": {
          const header = rng.pick(SIGNED_HEADERS);
          const value = getHeader(base.headers, header);
          const first = rng.chance(0.5) ? value : mutateString(value, rng).out;
          const headers: H = [[header, first], ...base.headers];
          return { label: `duplicate:${header}`, req: { ...base, headers }, base };
        }
        case "remove": {
          const removable = [
            ...SIGNED_HEADERS.filter((h) => !(opts.keepServiceId && h === "x-service-id")),
            ...(opts.userHeaders ? ["x-studio-id", "x-user-id"] : []),
          ];
          const header = rng.pick(removable);
          const burnsNonce = !SIGNED_HEADERS.includes(header);
          return {
            label: `remove:${header}`,
            req: { ...base, headers: withoutHeader(base.headers, header) },
            base,
            burnsNonce,
          };
        }
        case "rename": {
          // Header names are case-insensitive in HTTP, so only other names count.
          const header = rng.pick(
            SIGNED_HEADERS.filter((h) => !(opts.keepServiceId && h === "x-service-id")),
          );
          const renamed = rng.pick([
            header.replace(/-/g, "_"),
            header.slice(0, -1),
            `${header}s`,
            header.replace("x-service-", "x-"),
            header.replace("x-", "x-x-"),
          ]);
          const headers = base.headers.map(([n, v]): [string, string] => [n === header ? renamed : n, v]);
          return { label: `rename:${header}`, req: { ...base, headers }, base };
        }
        default: {
          // Signed with another secret: the session-signing one, a prefix, or a near miss.
          const secret = rng.pick([
            SESSION_SECRET,
            SERVICE_SECRET.slice(0, -1),
            `${SERVICE_SECRET} `,
            SERVICE_SECRET.toUpperCase(),
            mutateString(SERVICE_SECRET, rng).out || "x",
          ]);
          const nonce = getHeader(base.headers, "x-service-nonce");
          const ts = Number(getHeader(base.headers, "x-service-timestamp"));
          return { label: "secret", req: toRaw(spec, sign(spec, { secret, nonce, timestamp: ts })), base };
        }
      }
    },
  };
}

function b64url(json: unknown) {
  return Buffer.from(JSON.stringify(json), "utf8").toString("base64url");
}
const partsOf = (token: string) => token.split(".") as [string, string];
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(partsOf(token)[0], "base64url").toString("utf8")) as Record<string, unknown>;

function traineeKind(name: string, token: () => string): Kind {
  const req = (authorization: string | null, extra: H = []): RawRequest => ({
    method: "GET",
    target: "/v1/trainee/me",
    headers: [...(authorization === null ? [] : ([["authorization", authorization]] as H)), ...extra],
  });
  return {
    name,
    accepted: 200,
    refusal: [401],
    signed: false,
    valid: () => req(`Bearer ${token()}`),
    mutate(rng) {
      const valid = token();
      const [payloadPart, macPart] = partsOf(valid);
      const payload = payloadOf(valid);
      const others = [
        f.tokens.regular[0],
        f.tokens.regular[1],
        f.tokens.preview,
        f.tokens.otherStudio,
      ].filter((t) => t !== valid);
      const strategy = rng.pick([
        "whole",
        "payload",
        "mac",
        "mac",
        "swap",
        "edit",
        "edit",
        "format",
        "secret",
        "duplicate",
        "remove",
      ]);
      switch (strategy) {
        case "whole": {
          const m = mutateString(valid, rng);
          return { label: `token:${m.name}`, req: req(`Bearer ${m.out}`) };
        }
        case "payload": {
          const m = mutateString(payloadPart, rng);
          return { label: `payload:${m.name}`, req: req(`Bearer ${m.out}.${macPart}`) };
        }
        case "mac": {
          const m = mutateString(macPart, rng);
          return { label: `mac:${m.name}`, req: req(`Bearer ${payloadPart}.${m.out}`) };
        }
        case "swap": {
          const other = rng.pick(others);
          return rng.chance(0.5)
            ? {
                label: "swap:payload-of-this+mac-of-other",
                req: req(`Bearer ${payloadPart}.${partsOf(other)[1]}`),
              }
            : {
                label: "swap:payload-of-other+mac-of-this",
                req: req(`Bearer ${partsOf(other)[0]}.${macPart}`),
              };
        }
        case "edit": {
          // The payload changed and re-encoded, the MAC kept.
          const edits: [string, () => Record<string, unknown>][] = [
            [
              "clientId",
              () => ({
                ...payload,
                clientId: payload.clientId === f.clientIds[0] ? f.clientIds[1] : f.clientIds[0],
              }),
            ],
            [
              "studioId",
              () => ({
                ...payload,
                studioId: `${payload.studioId}`.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
              }),
            ],
            ["preview-removed", () => ({ clientId: payload.clientId, studioId: payload.studioId })],
            ["preview-added", () => ({ ...payload, preview: true, exp: Date.now() + 600_000 })],
            ["exp-extended", () => ({ ...payload, exp: Number(payload.exp ?? Date.now()) + 86_400_000 })],
            ["exp-removed", () => ({ ...payload, exp: undefined })],
            ["extra-field", () => ({ ...payload, role: "OWNER" })],
            ["reordered", () => Object.fromEntries(Object.entries(payload).reverse())],
          ];
          const [label, edit] = rng.pick(edits);
          const edited = b64url(edit());
          if (edited === payloadPart)
            return { label: "edit:padding", req: req(`Bearer ${payloadPart}=.${macPart}`) };
          return { label: `edit:${label}`, req: req(`Bearer ${edited}.${macPart}`) };
        }
        case "format": {
          const shapes = [
            `${valid}.`,
            `${valid}.${macPart}`,
            `.${valid}`,
            payloadPart,
            `${payloadPart}.`,
            `.${macPart}`,
            `${payloadPart}..${macPart}`,
            `${Buffer.from(payloadPart, "base64url").toString("base64")}.${macPart}`,
            `${payloadPart}.${Buffer.from(macPart, "base64url").toString("hex")}`,
            `${payloadPart}.${Buffer.from(macPart, "base64url").toString("base64")}`,
            `"${valid}"`,
          ];
          const auth = rng.pick([
            `Bearer ${rng.pick(shapes)}`,
            `Basic ${valid}`,
            `Token ${valid}`,
            `Bearer${valid}`,
            valid,
            `Bearer ${valid} ${valid}`,
          ]);
          return { label: "format", req: req(auth) };
        }
        case "secret": {
          const secret = rng.pick([
            SERVICE_SECRET,
            SESSION_SECRET.slice(0, -1),
            SESSION_SECRET.toUpperCase(),
            mutateString(SESSION_SECRET, rng).out || "x",
          ]);
          return { label: "secret", req: req(`Bearer ${signTraineeToken(payload as never, secret)}`) };
        }
        case "duplicate": {
          // A mutated token first: Node keeps the first authorization header.
          const first = `Bearer ${mutateString(valid, rng).out}`;
          return {
            label: "duplicate",
            req: {
              ...req(first),
              headers: [
                ["authorization", first],
                ["authorization", `Bearer ${valid}`],
              ],
            },
          };
        }
        default: {
          const where = rng.pick(["x-trainee-token", "x-api-key", "cookie", "x-authorization"]);
          return {
            label: `remove:moved-to-${where}`,
            req: req(null, [[where, where === "cookie" ? `token=${valid}` : valid]]),
          };
        }
      }
    },
  };
}

function apiKeyKind(name: string, target: string, accepted: number, form: "x-api-key" | "bearer"): Kind {
  const header = (key: string): H =>
    form === "x-api-key" ? [["x-api-key", key]] : [["authorization", `Bearer ${key}`]];
  const req = (headers: H): RawRequest => ({ method: "GET", target, headers });
  return {
    name,
    accepted,
    refusal: [401],
    signed: false,
    valid: () => req(header(f.keys.live)),
    mutate(rng) {
      const key = f.keys.live;
      const strategy = rng.pick([
        "key",
        "key",
        "key",
        "hex",
        "prefix",
        "revoked",
        "format",
        "duplicate",
        "remove",
        "both",
      ]);
      switch (strategy) {
        case "key": {
          const m = mutateString(key, rng);
          return { label: `key:${m.name}`, req: req(header(m.out)) };
        }
        case "hex": {
          // One hex digit of the random part changed: a well-formed key that was never issued.
          const i = 8 + rng.int(40);
          const digit = "0123456789abcdef"[(parseInt(key[i]!, 16) + 1 + rng.int(15)) % 16]!;
          return { label: "hex-digit", req: req(header(key.slice(0, i) + digit + key.slice(i + 1))) };
        }
        case "prefix": {
          const p = rng.pick(["sk_test_", "SK_LIVE_", "sk-live-", "sk_live", "pk_live_", "sk_live__"]);
          return { label: "prefix", req: req(header(p + key.slice(8))) };
        }
        case "revoked":
          return { label: "revoked", req: req(header(f.keys.revoked)) };
        case "format": {
          const value = rng.pick([
            `Basic ${key}`,
            `Bearer${key}`,
            `Token ${key}`,
            key.slice(0, 15),
            `${key},${key}`,
            `"${key}"`,
            Buffer.from(key).toString("base64"),
            `${key.slice(0, 8)}${Buffer.from(key.slice(8), "hex").toString("base64url")}`,
          ]);
          return {
            label: "format",
            req: req(form === "x-api-key" ? [["x-api-key", value]] : [["authorization", value]]),
          };
        }
        case "duplicate": {
          const h = header(key)[0]!;
          // x-api-key duplicates are joined by Node ("k, k"); authorization keeps the first, so it is a mutated one.
          const first: [string, string] =
            form === "x-api-key" && rng.chance(0.5)
              ? h
              : [h[0], h[1].replace(key, mutateString(key, rng).out)];
          return { label: "duplicate", req: req([first, h]) };
        }
        case "remove": {
          const moved = rng.pick(["x-api-token", "api-key", "x-key", "cookie", "proxy-authorization"]);
          return { label: "remove:moved", req: req([[moved, key]]) };
        }
        default: {
          // A mutated x-api-key beside a valid bearer: x-api-key wins.
          let bad = mutateString(key, rng).out;
          if (bad.trim() === "") bad = `${key}0`;
          return {
            label: "x-api-key-over-bearer",
            req: req([
              ["x-api-key", bad],
              ["authorization", `Bearer ${key}`],
            ]),
          };
        }
      }
    },
  };
}

function webhookKind(): Kind {
  const body = () =>
    JSON.stringify({
      phone: "0501234567",
      conversationId: `fuzz-${randomBytes(4).toString("hex")}`,
      message: "hi",
    });
  const req = (query: string, headers: H = []): RawRequest => ({
    method: "POST",
    target: `/v1/agent/webhook${query}`,
    headers: [["content-type", "application/json"], ...headers],
    body: body(),
  });
  return {
    name: "webhook-token",
    accepted: 200,
    refusal: [401],
    signed: false,
    valid: () => req(`?token=${encodeURIComponent(WEBHOOK_SECRET)}`),
    mutate(rng) {
      const enc = encodeURIComponent;
      const strategy = rng.pick([
        "token",
        "token",
        "token",
        "token",
        "raw",
        "name",
        "duplicate",
        "moved",
        "empty",
      ]);
      switch (strategy) {
        case "token": {
          const m = mutateString(WEBHOOK_SECRET, rng);
          return { label: `token:${m.name}`, req: req(`?token=${enc(m.out)}`) };
        }
        case "raw": {
          // Not percent-encoded: whatever the parser and the query decoder make of it.
          const m = mutateString(WEBHOOK_SECRET, rng);
          return { label: `raw:${m.name}`, req: req(`?token=${m.out}`) };
        }
        case "name": {
          const n = rng.pick([
            "Token",
            "TOKEN",
            "tokens",
            "tok",
            "t",
            "token%00",
            "token ",
            "_token",
            "token[]",
            "tоken",
          ]);
          return {
            label: "param-name",
            req: req(
              `?${enc(n) === n ? n : n.replace(/[^\x21-\x7e]/g, (c) => enc(c))}=${enc(WEBHOOK_SECRET)}`,
            ),
          };
        }
        case "duplicate":
          // A wrong token first: the first value is the one read.
          return {
            label: "duplicate",
            req: req(`?token=${enc(mutateString(WEBHOOK_SECRET, rng).out)}&token=${enc(WEBHOOK_SECRET)}`),
          };
        case "moved": {
          const headers: H = [
            [
              rng.pick(["authorization", "x-webhook-token", "x-token"]),
              rng.chance(0.5) ? `Bearer ${WEBHOOK_SECRET}` : WEBHOOK_SECRET,
            ],
          ];
          return { label: "moved-to-header", req: req(rng.chance(0.5) ? "" : "?token=", headers) };
        }
        default:
          return {
            label: "empty",
            req: req(
              rng.pick(["", "?", "?token", "?token=", "?token=%00", `?secret=${enc(WEBHOOK_SECRET)}`]),
            ),
          };
      }
    },
  };
}

const kinds = (): Kind[] => [
  signedKind("web GET (signed)", "studio", 200, "/v1/web", { userHeaders: true }),
  signedKind("web PATCH with body (signed)", "settings", 200, "/v1/web", { userHeaders: true }),
  signedKind("admin (signed)", "admin", 200, "/v1/admin/notification-configs"),
  signedKind("internal (signed)", "internal", 404, "/v1/internal"),
  signedKind("public sign (service-signed)", "sign", 200, "/v1/public/sign", { keepServiceId: true }),
  traineeKind("trainee token", () => f.tokens.regular[0]),
  traineeKind("trainee preview token", () => f.tokens.preview),
  apiKeyKind("api key x-api-key (automation)", "/v1/automation/validate", 200, "x-api-key"),
  apiKeyKind("api key Bearer (automation)", "/v1/automation/validate", 200, "bearer"),
  apiKeyKind("api key x-api-key (partner)", "/v1/partner/fuzz-probe", 404, "x-api-key"),
  webhookKind(),
];

/** Bytes outside visible ASCII in the request line or a header: the HTTP parser may refuse it first. */
const malformed = (req: RawRequest) =>
  /[^\x20-\x7e]/.test(req.target) ||
  req.target.includes(" ") ||
  req.method !== req.method.toUpperCase() ||
  req.method.includes(" ") ||
  req.headers.some(([n, v]) => /[^\t\x20-\x7e]/.test(v) || /[^\x21-\x7e]/.test(n));

/** The outcome's name: the status, or "parser-400"/"closed" when Node's HTTP parser refused the bytes. */
function outcomeOf(res: RawResponse): string {
  if (res.status === 0) return "closed";
  if (res.status === 400 && (res.body === undefined || typeof res.body === "string")) return "parser-400";
  return String(res.status);
}

const send = (proc: Proc, req: RawRequest) => rawHttp(proc.port, req);

/**
 * The refusal of a replay: the standard envelope names the nonce; the signing page's own error
 * body ({error, code}, a localized text) carries only the code.
 */
const isNonceRefusal = (res: RawResponse) =>
  res.body?.code === "UNAUTHORIZED" && (res.body.message === "nonce already used" || "error" in res.body);

describe("the valid credentials are accepted (baseline) on both processes", () => {
  it("each kind's valid request answers its accepted status on the in-process app and on the child process", async () => {
    for (const kind of kinds()) {
      for (const proc of procs) {
        const res = await send(proc, kind.valid());
        expect(res.status, `${kind.name} on ${proc.name}: ${res.text.slice(0, 300)}`).toBe(kind.accepted);
      }
    }
  });
});

describe(`${TOTAL} seeded mutations`, () => {
  it("none is accepted: every answer is the lane's refusal (never 2xx, never 5xx, never 429); refused requests spend no nonce; every accepted control is then refused as a replay on both processes", async () => {
    const rng = seededRng(SEED);
    const list = kinds();
    // The plan is drawn up front from the seed, so concurrency does not change it.
    const plan = Array.from({ length: TOTAL }, (_, i) => ({
      kind: list[i % list.length]!,
      proc: rng.int(2),
      control: rng.int(CONTROL_EVERY) === 0,
      seed: rng.int(2 ** 31),
    }));
    const counts = new Map<string, Map<string, number>>();
    const bump = (kind: string, outcome: string) => {
      const row = counts.get(kind) ?? new Map<string, number>();
      row.set(outcome, (row.get(outcome) ?? 0) + 1);
      counts.set(kind, row);
    };
    const failures: string[] = [];
    const labels = new Map<string, number>();
    const accepted: { kind: string; req: RawRequest }[] = [];
    let controls = 0;
    const started = performance.now();

    // Kept-alive connections per worker and process; a request with bytes the parser may refuse
    // (or split) goes on its own connection, so no answer is ever matched to the wrong request.
    const conns = Array.from({ length: CONCURRENCY }, () =>
      procs.map((p) => new KeptAliveConnection(p.port)),
    );
    const sendVia = (w: number, proc: number, req: RawRequest) =>
      malformed(req) ? send(procs[proc]!, req) : conns[w]![proc]!.send(req);
    await pool(plan.length, CONCURRENCY, async (i, w) => {
      const { kind, proc, control, seed } = plan[i]!;
      const m = kind.mutate(seededRng(seed));
      const root = m.label.split(":")[0]!;
      labels.set(root, (labels.get(root) ?? 0) + 1);
      const target = procs[proc]!;
      const res = await sendVia(w, proc, m.req);
      const outcome = outcomeOf(res);
      const ok =
        kind.refusal.includes(res.status) ||
        ((outcome === "parser-400" || outcome === "closed") && malformed(m.req));
      bump(kind.name, ok ? outcome : `ACCEPTED-OR-WRONG ${outcome}`);
      if (!ok) {
        failures.push(
          `#${i} ${kind.name} [${m.label}] on ${target.name}: ${outcome} ${res.text.slice(0, 200)}\n    ${m.req.method} ${JSON.stringify(m.req.target)} ${JSON.stringify(m.req.headers)} body=${JSON.stringify(m.req.body ?? null)}`,
        );
        return;
      }
      if (!(kind.signed && control && m.base && !m.burnsNonce)) return;
      // The control: the unmutated request is still accepted (the refusal spent nothing), on the other process.
      controls += 1;
      const other = procs[1 - proc]!;
      const fresh = await sendVia(w, 1 - proc, m.base);
      if (fresh.status !== kind.accepted) {
        failures.push(
          `#${i} ${kind.name} [${m.label}] control on ${other.name}: ${fresh.status} ${fresh.text.slice(0, 200)}`,
        );
        return;
      }
      accepted.push({ kind: kind.name, req: m.base });
    });
    const fuzzSeconds = (performance.now() - started) / 1000;

    // Every accepted signed request, replayed on each process.
    const replays = new Map<string, number>();
    await pool(accepted.length * 2, CONCURRENCY, async (j, w) => {
      const { kind, req } = accepted[j >> 1]!;
      const proc = procs[j & 1]!;
      const res = await sendVia(w, j & 1, req);
      replays.set(String(res.status), (replays.get(String(res.status)) ?? 0) + 1);
      if (res.status !== 401 || !isNonceRefusal(res)) {
        failures.push(`replay of ${kind} on ${proc.name}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    });
    for (const row of conns) for (const conn of row) conn.close();

    const table = [...counts].map(
      ([kind, row]) => `  ${kind.padEnd(34)} ${[...row].map(([o, n]) => `${o}: ${n}`).join(", ")}`,
    );
    const byMutation = [...labels].sort((x, y) => y[1] - x[1]).map(([l, n]) => `${l} ${n}`);
    process.stdout.write(
      `${[
        `credentials fuzz (seed ${SEED}): ${TOTAL} mutations in ${fuzzSeconds.toFixed(1)} s at concurrency ${CONCURRENCY}`,
        ...table,
        `  controls (unmutated request accepted after its mutation was refused): ${controls}`,
        `  replays of accepted requests on both processes: ${[...replays].map(([s, n]) => `${s}: ${n}`).join(", ")}`,
        `  by mutation: ${byMutation.join(", ")}`,
        ...(failures.length ? [`FAILURES (${failures.length}):`, ...failures.slice(0, 25)] : []),
      ].join("\n")}\n`,
    );
    expect(failures.slice(0, 25)).toEqual([]);
    expect([...counts.values()].reduce((n, row) => n + [...row.values()].reduce((x, y) => x + y, 0), 0)).toBe(
      TOTAL,
    );
    expect(controls).toBeGreaterThan(0);
  }, 300_000);
});

describe("replayed nonces across the two processes sharing Redis", () => {
  it.each([
    ["web GET", "studio", 200],
    ["web PATCH", "settings", 200],
    ["admin", "admin", 200],
    ["internal", "internal", 404],
    ["public sign", "sign", 200],
  ])(
    "%s: accepted once, then refused on the same process and on the other one",
    async (_label, specName, ok) => {
      for (const [first, second] of [procs, [procs[1], procs[0]]] as [Proc, Proc][]) {
        const spec = webSpecs()[specName]!;
        const req = toRaw(spec, sign(spec));
        expect((await send(first, req)).status).toBe(ok);
        for (const proc of [first, second]) {
          const replay = await send(proc, req);
          expect(replay.status, proc.name).toBe(401);
          expect(isNonceRefusal(replay), JSON.stringify(replay.body)).toBe(true);
        }
      }
    },
  );

  it.each([
    ["web GET", "studio", 200],
    ["web PATCH", "settings", 200],
    ["admin", "admin", 200],
    ["public sign", "sign", 200],
  ])(
    "%s: the same signed request sent 12 times at once to both processes is accepted exactly once",
    async (_label, specName, ok) => {
      for (let round = 0; round < 5; round += 1) {
        const spec = webSpecs()[specName]!;
        const req = toRaw(spec, sign(spec));
        const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(procs[i % 2]!, req)));
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([...Array(11).fill(401), ok].sort());
        for (const r of results.filter((x) => x.status === 401)) expect(isNonceRefusal(r)).toBe(true);
      }
    },
  );

  it("a nonce is single-use across lanes: a nonce accepted on the web lane is refused on the admin lane of the other process", async () => {
    const specs = webSpecs();
    const nonce = randomBytes(16).toString("hex");
    expect((await send(procs[0], toRaw(specs.studio!, sign(specs.studio!, { nonce })))).status).toBe(200);
    const admin = await send(procs[1], toRaw(specs.admin!, sign(specs.admin!, { nonce })));
    expect(admin.status).toBe(401);
    expect(admin.body.message).toBe("nonce already used");
  });
});

describe("a GET or HEAD carrying a body (found by this fuzz: the body was read as empty, so the signature did not cover it)", () => {
  it.each(["studio", "admin", "internal", "sign"])(
    "%s: validly signed, sent with body bytes: 401 on both processes, the nonce unspent; content-length 0 passes",
    async (specName) => {
      for (const proc of procs) {
        const spec = webSpecs()[specName]!;
        const req = toRaw(spec, sign(spec));
        for (const body of ["{}", "\n", "null"]) {
          const res = await send(proc, { ...req, body });
          expect(res.status, `${specName} ${JSON.stringify(body)} on ${proc.name}`).toBe(401);
          expect(res.body.code).toBe("UNAUTHORIZED");
        }
        const chunked = await send(proc, {
          ...req,
          headers: [...req.headers, ["transfer-encoding", "chunked"]],
          body: undefined,
        });
        expect(chunked.status).toBe(401);
        const zero = await send(proc, { ...req, headers: [...req.headers, ["content-length", "0"]] });
        expect(zero.status).toBe(specName === "internal" ? 404 : 200);
      }
    },
  );
});
