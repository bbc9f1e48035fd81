import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, studios } from "@studio/db";
import { whatsAppConfigFromEnv } from "@studio/config";
import { createWhatsAppCloudChat } from "@studio/providers/chat";
import {
  startFakeWhatsAppServer,
  type FakeWhatsAppServer,
} from "@studio/providers/chat/fake-whatsapp-server";
import { ConfigError, loadConfig } from "../src/config";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee, traineeRequest } from "./support/notification-fixtures";
import { studioIdOf, uniquePhone } from "./support/team-fixtures";

/**
 * Trainee sign-in (decisions.md "Trainee token"; document 3 "Limits": 6 digits, 300 s, 5 wrong
 * tries, 3 sends per phone and 30 per IP per 600 s): POST /v1/trainee/auth/request-code and
 * verify-code, without a trainee token.
 */

const JOB = "send-trainee-sign-in-code";
let clock = Date.now();

/** OTP_DEV_MODE=1, the client address from x-forwarded-for (TRUST_PROXY=1), a clock the tests move. */
let dev: TestApp;
/** No chat provider and no dev mode. */
let plain: TestApp;
/** The WhatsApp Cloud API provider on a loopback fake, and a worker that sends. */
let chat: TestApp;
let fake: FakeWhatsAppServer;

let ipSerial = 0;
/** A fresh client address per test, so the per-IP budget of one test never reaches another. */
const freshIp = () => `198.51.100.${(ipSerial += 1)}`;

function post(app: TestApp, path: string, body: unknown, ip?: string) {
  return app.request("POST", `/v1/trainee/auth/${path}`, {
    headers: { "content-type": "application/json", ...(ip ? { "x-forwarded-for": ip } : {}) },
    body: JSON.stringify(body),
  });
}

/** A studio (of a new owner) with a trainee holding `phone`. */
async function traineeWithPhone(app: TestApp, phone: string, studioName?: string) {
  const owner = newOwner(
    studioName ? { studioName, studioSlug: `s-${Math.random().toString(36).slice(2)}` } : {},
  );
  const studioId = await studioIdOf(app, owner);
  const trainee = await addTrainee(app, studioId, { phone, firstName: "Noa" });
  return { studioId, clientId: trainee.id, owner };
}

async function devCodeFor(phone: string, ip = freshIp()): Promise<string> {
  const res = await post(dev, "request-code", { phone }, ip);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.devCode as string;
}

beforeAll(async () => {
  dev = await startTestApp({
    database: "postgres",
    now: () => new Date(clock),
    env: { OTP_DEV_MODE: "1", TRUST_PROXY: "1" },
  });
  plain = await startTestApp({ database: "postgres" });
  fake = await startFakeWhatsAppServer({ phoneNumberId: "100200300", accessToken: "wa-token" });
  const env = {
    WHATSAPP_API_URL: fake.apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: "100200300",
    WHATSAPP_ACCESS_TOKEN: "wa-token",
  };
  chat = await startTestApp({
    database: "postgres",
    env,
    worker: true,
    ports: { chat: createWhatsAppCloudChat(whatsAppConfigFromEnv(env)!) },
  });
});
afterAll(async () => {
  await Promise.all([dev?.close(), plain?.close(), chat?.close()]);
  await fake?.close();
});

describe("request-code and verify-code in dev mode (OTP_DEV_MODE=1)", () => {
  it("answers the 6-digit code as devCode, sends nothing, and the code signs the trainee in; the token works on /me", async () => {
    const phone = uniquePhone();
    const { studioId, clientId } = await traineeWithPhone(dev, phone.e164);
    const res = await post(dev, "request-code", { phone: phone.local }, freshIp());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      sent: true,
      expiresInSeconds: 300,
      devCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(await dev.jobsNamed(JOB)).toEqual([]);

    const verified = await post(dev, "verify-code", { phone: phone.e164, code: res.body.data.devCode });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toMatchObject({
      kind: "SIGNED_IN",
      token: expect.any(String),
      client: { id: clientId, studioId, phone: phone.e164, preview: false, appLocked: false },
    });
    const me = await traineeRequest(dev, verified.body.data.token, "GET", "/v1/trainee/me");
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(clientId);
  });

  it("a code is used once", async () => {
    const phone = uniquePhone();
    await traineeWithPhone(dev, phone.e164);
    const code = await devCodeFor(phone.e164);
    expect((await post(dev, "verify-code", { phone: phone.e164, code })).status).toBe(200);
    const again = await post(dev, "verify-code", { phone: phone.e164, code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "BAD_REQUEST", message: "invalid or expired code" });
  });

  it("a new code replaces the earlier one", async () => {
    const phone = uniquePhone();
    await traineeWithPhone(dev, phone.e164);
    const ip = freshIp();
    const first = await devCodeFor(phone.e164, ip);
    let second = await devCodeFor(phone.e164, ip);
    while (second === first) second = await devCodeFor(phone.e164, ip);
    expect((await post(dev, "verify-code", { phone: phone.e164, code: first })).status).toBe(400);
    expect((await post(dev, "verify-code", { phone: phone.e164, code: second })).status).toBe(200);
  });

  it("needs no trainee token, and ignores one that is sent", async () => {
    const phone = uniquePhone();
    const res = await dev.request("POST", "/v1/trainee/auth/request-code", {
      headers: {
        "content-type": "application/json",
        authorization: "Bearer not-a-token",
        "x-forwarded-for": freshIp(),
      },
      body: JSON.stringify({ phone: phone.e164 }),
    });
    expect(res.status).toBe(200);
    // The rest of the trainee lane still wants the token.
    expect((await dev.request("GET", "/v1/trainee/me")).status).toBe(401);
  });

  it("an unknown number answers exactly like a trainee's (no enumeration); its code signs nobody in", async () => {
    const known = uniquePhone();
    await traineeWithPhone(dev, known.e164);
    const unknown = uniquePhone();
    const a = await post(dev, "request-code", { phone: known.e164 }, freshIp());
    const b = await post(dev, "request-code", { phone: unknown.e164 }, freshIp());
    expect(a.status).toBe(b.status);
    expect(Object.keys(b.body.data).sort()).toEqual(Object.keys(a.body.data).sort());
    expect({ ...b.body.data, devCode: "" }).toEqual({ ...a.body.data, devCode: "" });
    const res = await post(dev, "verify-code", { phone: unknown.e164, code: b.body.data.devCode });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("invalid or expired code");
  });

  it("a deleted trainee or an archived studio cannot sign in", async () => {
    const phone = uniquePhone();
    const { clientId } = await traineeWithPhone(dev, phone.e164);
    await dev.deps.database.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, clientId));
    let res = await post(dev, "verify-code", { phone: phone.e164, code: await devCodeFor(phone.e164) });
    expect(res.status).toBe(400);

    const other = uniquePhone();
    const { studioId } = await traineeWithPhone(dev, other.e164);
    await dev.deps.database.db
      .update(studios)
      .set({ archivedAt: new Date() })
      .where(eq(studios.id, studioId));
    res = await post(dev, "verify-code", { phone: other.e164, code: await devCodeFor(other.e164) });
    expect(res.status).toBe(400);
  });

  it("bodies are validated: phone 7 to 30 characters with 7 digits and a valid number, code 6 digits", async () => {
    const ip = freshIp();
    for (const body of [
      {},
      { phone: "123" },
      { phone: "abcdefghij" },
      { phone: "x".repeat(31) },
      { phone: 5 },
    ]) {
      const res = await post(dev, "request-code", body, ip);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    // Enough digits but not a phone number of any region.
    expect((await post(dev, "request-code", { phone: "+999 1234567" }, ip)).status).toBe(422);
    const phone = uniquePhone().e164;
    for (const code of ["12345", "1234567", "12a456", "", 123456])
      expect((await post(dev, "verify-code", { phone, code }, ip)).status, String(code)).toBe(422);
    expect((await post(dev, "verify-code", { phone, code: "123456", studioId: "" }, ip)).status).toBe(422);
  });
});

describe("wrong tries and expiry", () => {
  it("wrong codes answer invalid; the fifth wrong try burns the code (429) and the right one no longer works", async () => {
    const phone = uniquePhone();
    await traineeWithPhone(dev, phone.e164);
    const code = await devCodeFor(phone.e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 1; i <= 4; i++) {
      const res = await post(dev, "verify-code", { phone: phone.e164, code: wrong });
      expect(res.status, `try ${i}`).toBe(400);
      expect(res.body.message).toBe("invalid or expired code");
    }
    const fifth = await post(dev, "verify-code", { phone: phone.e164, code: wrong });
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe("RATE_LIMITED");
    expect((await post(dev, "verify-code", { phone: phone.e164, code })).status).toBe(400);
  });

  it("four wrong tries leave the code usable", async () => {
    const phone = uniquePhone();
    await traineeWithPhone(dev, phone.e164);
    const code = await devCodeFor(phone.e164);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 1; i <= 4; i++) await post(dev, "verify-code", { phone: phone.e164, code: wrong });
    expect((await post(dev, "verify-code", { phone: phone.e164, code })).status).toBe(200);
  });

  it("a code is kept 300 seconds (by the request clock)", async () => {
    const phone = uniquePhone();
    await traineeWithPhone(dev, phone.e164);
    const start = clock;
    try {
      const code = await devCodeFor(phone.e164);
      clock = start + 299_000;
      const stillValid = await devCodeFor(phone.e164);
      clock = start + 299_000 + 300_000;
      const expired = await post(dev, "verify-code", { phone: phone.e164, code: stillValid });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe("invalid or expired code");
      clock = start + 299_000;
      expect((await post(dev, "verify-code", { phone: phone.e164, code })).status).toBe(400); // replaced
      clock = start + 299_000 + 299_000;
      expect((await post(dev, "verify-code", { phone: phone.e164, code: stillValid })).status).toBe(200);
    } finally {
      clock = start;
    }
  });
});

describe("throttles (600 s windows)", () => {
  it("3 sends per phone: the fourth answers 429, another phone is not affected", async () => {
    const phone = uniquePhone().e164;
    const ip = freshIp();
    for (let i = 1; i <= 3; i++) expect((await post(dev, "request-code", { phone }, ip)).status).toBe(200);
    const fourth = await post(dev, "request-code", { phone }, freshIp());
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect((await post(dev, "request-code", { phone: uniquePhone().e164 }, ip)).status).toBe(200);
  });

  it("30 sends per client address: the 31st answers 429, another address is not affected, and the refused phone keeps its budget", async () => {
    const ip = freshIp();
    for (let i = 1; i <= 30; i++)
      expect((await post(dev, "request-code", { phone: uniquePhone().e164 }, ip)).status, `send ${i}`).toBe(
        200,
      );
    const phone = uniquePhone().e164;
    expect((await post(dev, "request-code", { phone }, ip)).status).toBe(429);
    // The refusal by address spent nothing of the phone's three sends.
    const other = freshIp();
    for (let i = 1; i <= 3; i++) expect((await post(dev, "request-code", { phone }, other)).status).toBe(200);
  });

  it("invalid bodies are not counted", async () => {
    const ip = freshIp();
    for (let i = 0; i < 35; i++) await post(dev, "request-code", { phone: "12" }, ip);
    expect((await post(dev, "request-code", { phone: uniquePhone().e164 }, ip)).status).toBe(200);
  });
});

describe("a phone in several studios", () => {
  it("answers the studios (id, name) and takes studioId; another studio id is NOT_FOUND", async () => {
    const phone = uniquePhone();
    const a = await traineeWithPhone(dev, phone.e164, "Alpha Gym");
    const b = await traineeWithPhone(dev, phone.e164, "Beta Studio");
    const code = await devCodeFor(phone.e164);

    const choose = await post(dev, "verify-code", { phone: phone.e164, code });
    expect(choose.status).toBe(200);
    expect(choose.body.data).toEqual({
      kind: "CHOOSE_STUDIO",
      studios: [
        { id: a.studioId, name: "Alpha Gym" },
        { id: b.studioId, name: "Beta Studio" },
      ],
    });
    const stranger = await studioIdOf(dev, newOwner());
    const missing = await post(dev, "verify-code", { phone: phone.e164, code, studioId: stranger });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("studio not found");

    const signed = await post(dev, "verify-code", { phone: phone.e164, code, studioId: b.studioId });
    expect(signed.status).toBe(200);
    expect(signed.body.data.client).toMatchObject({ id: b.clientId, studioId: b.studioId });
    const me = await traineeRequest(dev, signed.body.data.token, "GET", "/v1/trainee/me");
    expect(me.body.data.studio.name).toBe("Beta Studio");
    // Used up by the sign-in.
    expect((await post(dev, "verify-code", { phone: phone.e164, code, studioId: a.studioId })).status).toBe(
      400,
    );
  });
});

describe("with a chat provider (WhatsApp Cloud API on loopback), not in dev mode", () => {
  async function messageTo(digits: string) {
    for (let i = 0; i < 150; i++) {
      const found = fake.messages.find((m) => m.to === digits);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no message reached ${digits}`);
  }

  it("the worker sends the code to the trainee's number; the job holds neither the code nor the phone; the code signs in", async () => {
    const phone = uniquePhone();
    const { clientId } = await traineeWithPhone(chat, phone.e164);
    const res = await post(chat, "request-code", { phone: phone.local });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: true, expiresInSeconds: 300 });

    const message = await messageTo(phone.e164.slice(1));
    expect(message.type).toBe("text");
    const code = /\b(\d{6})\b/.exec(message.text!.body)![1]!;
    const [job] = (await chat.jobsNamed(JOB)).filter((j) => j.data.clientId === clientId);
    expect(JSON.stringify(job!.data)).not.toContain(code);
    expect(JSON.stringify(job!.data)).not.toContain(phone.e164.slice(4));

    const verified = await post(chat, "verify-code", { phone: phone.e164, code });
    expect(verified.status).toBe(200);
    expect(verified.body.data.client.id).toBe(clientId);
  });

  it("an unknown number gets the same answer and no message (no job)", async () => {
    const before = (await chat.jobsNamed(JOB)).length;
    const res = await post(chat, "request-code", { phone: uniquePhone().e164 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: true, expiresInSeconds: 300 });
    expect((await chat.jobsNamed(JOB)).length).toBe(before);
  });
});

describe("without a chat provider and without dev mode", () => {
  it("request-code answers 503 SERVICE_UNAVAILABLE and counts nothing", async () => {
    const phone = uniquePhone();
    await traineeWithPhone(plain, phone.e164);
    for (let i = 0; i < 4; i++) {
      const res = await post(plain, "request-code", { phone: phone.e164 });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("SERVICE_UNAVAILABLE");
    }
    expect(await plain.jobsNamed(JOB)).toEqual([]);
    // verify has nothing to check against.
    expect((await post(plain, "verify-code", { phone: phone.e164, code: "123456" })).status).toBe(400);
  });
});

describe("configuration", () => {
  const production = {
    NODE_ENV: "production",
    SERVICE_AUTH_SECRET: "a".repeat(32),
    SESSION_SIGNING_SECRET: "b".repeat(32),
  };

  it("OTP_DEV_MODE is refused in production (it would hand out sign-in codes)", () => {
    expect(() => loadConfig({ ...production, OTP_DEV_MODE: "1" })).toThrow(/OTP_DEV_MODE/);
    expect(loadConfig({ ...production }).otpDevMode).toBe(false);
  });

  it("WHATSAPP_* configure the chat provider; half a configuration is refused", () => {
    expect(loadConfig({}).chat).toBeUndefined();
    expect(
      loadConfig({
        WHATSAPP_PHONE_NUMBER_ID: "123",
        WHATSAPP_ACCESS_TOKEN: "t",
        WHATSAPP_CODE_TEMPLATE: "code",
      }).chat,
    ).toMatchObject({ phoneNumberId: "123", codeTemplate: "code", templateLanguage: "he" });
    expect(() => loadConfig({ WHATSAPP_ACCESS_TOKEN: "t" })).toThrow(ConfigError);
  });
});
