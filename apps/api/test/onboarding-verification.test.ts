import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { studios } from "@studio/db";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createCapturingLogger } from "@studio/observability";
import {
  startFakeWhatsAppServer,
  type FakeWhatsAppServer,
} from "@studio/providers/chat/fake-whatsapp-server";
import {
  startFakePostmarkServer,
  type FakePostmarkServer,
} from "@studio/providers/mail/fake-postmark-server";
import { ConfigError, loadConfig } from "../src/config";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { studioIdOf, uniquePhone } from "./support/team-fixtures";

/**
 * Signup verification (document 3 "Public lane" -> "Signup verification", "Limits"):
 * POST /v1/public/onboarding/request-otp, verify-otp, request-email-otp, verify-email-otp. Codes of
 * 6 digits kept 300 s; 3 sends per phone or e-mail and 30 per client address (x-client-ip when
 * present) per 600 s; the fifth wrong code burns the code (429); a code is used once; tokens
 * signed for 15 minutes; 400 VALIDATION; 503 SERVICE_UNAVAILABLE "when the sender refuses or none is
 * wired" (the provider is called in the request, under ONBOARDING_SEND_TIMEOUT_MS); OTP_DEV_MODE
 * answers devCode.
 */

/** Offset of the request clock from the real one (tests move it; service signatures need it at 0). */
let offsetMs = 0;

/** OTP_DEV_MODE=1 with a clock the tests move. */
let dev: TestApp;
/** No sender wired and no dev mode. */
let plain: TestApp;
/** The WhatsApp Cloud API and Postmark on loopback fakes, called by the API in the request. */
let send: TestApp;
let whatsapp: FakeWhatsAppServer;
let postmark: FakePostmarkServer;
const sendLog = createCapturingLogger();
/** OTP_DEV_MODE=1 with both senders configured (on the same fakes). */
let devSend: TestApp;
/** Both providers on a loopback server that never answers; ONBOARDING_SEND_TIMEOUT_MS=300. */
let slow: TestApp;
let hanging: Server;
const held: ServerResponse[] = [];

let ipSerial = 0;
/** A fresh client address per test, so the per-IP budget of one test never reaches another. */
const freshIp = () => {
  ipSerial += 1;
  return `10.${Math.floor(ipSerial / 62_500) % 250}.${Math.floor(ipSerial / 250) % 250}.${(ipSerial % 250) + 1}`;
};
let emailSerial = 0;
const uniqueEmail = () => `owner${Date.now().toString(36)}${(emailSerial += 1)}@example.com`;

function post(app: TestApp, path: string, body: unknown, ip: string | null = freshIp()) {
  return app.request("POST", `/v1/public/onboarding/${path}`, {
    headers: { "content-type": "application/json", ...(ip ? { "x-client-ip": ip } : {}) },
    body: JSON.stringify(body),
  });
}

async function devPhoneCode(phone: string, ip = freshIp()): Promise<string> {
  const res = await post(dev, "request-otp", { phone }, ip);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.devCode as string;
}

async function devEmailCode(email: string, ip = freshIp()): Promise<string> {
  const res = await post(dev, "request-email-otp", { email }, ip);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.devCode as string;
}

const otherCode = (code: string, by = 1) => String((Number(code) + by) % 1_000_000).padStart(6, "0");

beforeAll(async () => {
  dev = await startTestApp({
    database: "postgres",
    redis: true,
    now: () => new Date(Date.now() + offsetMs),
    env: { OTP_DEV_MODE: "1" },
  });
  plain = await startTestApp({ database: "postgres", redis: true });
  whatsapp = await startFakeWhatsAppServer({ phoneNumberId: "100200300", accessToken: "wa-token" });
  postmark = await startFakePostmarkServer({ serverToken: "pm-token" });
  const env = {
    WHATSAPP_API_URL: whatsapp.apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: "100200300",
    WHATSAPP_ACCESS_TOKEN: "wa-token",
    MAIL_API_URL: postmark.apiUrl,
    MAIL_SERVER_TOKEN: "pm-token",
    MAIL_FROM: "Studio <no-reply@studio.example>",
  };
  send = await startTestApp({ database: "postgres", redis: true, env, logger: sendLog.logger });
  devSend = await startTestApp({ database: "postgres", redis: true, env: { ...env, OTP_DEV_MODE: "1" } });
  hanging = createServer((req, res) => {
    req.resume();
    held.push(res);
  });
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", () => resolve()));
  const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  slow = await startTestApp({
    database: "postgres",
    redis: true,
    env: {
      ...env,
      WHATSAPP_API_URL: hangingUrl,
      MAIL_API_URL: hangingUrl,
      ONBOARDING_SEND_TIMEOUT_MS: "300",
    },
  });
});
afterAll(async () => {
  await Promise.all([dev?.close(), plain?.close(), send?.close(), devSend?.close(), slow?.close()]);
  for (const res of held) res.destroy();
  hanging?.closeAllConnections();
  await Promise.all([
    whatsapp?.close(),
    postmark?.close(),
    new Promise((resolve) => (hanging ? hanging.close(resolve) : resolve(undefined))),
  ]);
});

/** The jobs a request queued (every payload carries its requestId). */
async function jobsOfRequest(app: TestApp, requestId: string): Promise<unknown[]> {
  const { rows } = await app.deps.database.executor.executeSql(
    `select name from pgboss.job where data->>'requestId' = $1`,
    [requestId],
  );
  return rows;
}

describe("dev mode (OTP_DEV_MODE=1)", () => {
  it("request-otp answers the 6-digit code as devCode and queues nothing; verify-otp answers a phone token valid 15 minutes", async () => {
    const phone = uniquePhone();
    const res = await post(dev, "request-otp", { phone: `  ${phone.local} ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, requestId: expect.any(String) });
    expect(res.body.data).toEqual({
      sent: true,
      expiresInSeconds: 300,
      devCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(await jobsOfRequest(dev, res.body.requestId)).toEqual([]);

    const before = Date.now();
    const verified = await post(dev, "verify-otp", { phone: phone.e164, code: res.body.data.devCode });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toEqual({ phoneToken: expect.any(String), expiresAt: expect.any(String) });
    const ttl = Date.parse(verified.body.data.expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(15 * 60_000 - 50);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 2_000);
  });

  it("request-email-otp answers sent true and devCode (address trimmed, case-insensitive); verify-email-otp answers an e-mail token", async () => {
    const email = uniqueEmail();
    const res = await post(dev, "request-email-otp", { email: `  ${email.toUpperCase()}  ` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      sent: true,
      expiresInSeconds: 300,
      devCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(await jobsOfRequest(dev, res.body.requestId)).toEqual([]);
    const verified = await post(dev, "verify-email-otp", { email, code: res.body.data.devCode });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toEqual({ emailToken: expect.any(String), expiresAt: expect.any(String) });
  });

  it("a phone code is not an e-mail code, nor a trainee sign-in code", async () => {
    const phone = uniquePhone();
    const code = await devPhoneCode(phone.e164);
    // The trainee sign-in of the same number has no such code.
    const studioOwner = newOwner();
    await addTrainee(dev, await studioIdOf(dev, studioOwner), { phone: phone.e164, firstName: "Noa" });
    const trainee = await dev.request("POST", "/v1/trainee/auth/verify-code", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phone: phone.e164, code }),
    });
    expect(trainee.status).toBe(400);
    const email = uniqueEmail();
    await devEmailCode(email);
    expect((await post(dev, "verify-email-otp", { email, code })).status).toBe(400);
    // And the code still works where it belongs (the refusals above did not use it).
    expect((await post(dev, "verify-otp", { phone: phone.e164, code })).status).toBe(200);
  });
});

describe("a code is used once", () => {
  it("a second verify of the same code answers 400 invalid or expired code", async () => {
    const phone = uniquePhone().e164;
    const code = await devPhoneCode(phone);
    expect((await post(dev, "verify-otp", { phone, code })).status).toBe(200);
    const again = await post(dev, "verify-otp", { phone, code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ ok: false, code: "BAD_REQUEST", message: "invalid or expired code" });

    const email = uniqueEmail();
    const emailCode = await devEmailCode(email);
    expect((await post(dev, "verify-email-otp", { email, code: emailCode })).status).toBe(200);
    expect((await post(dev, "verify-email-otp", { email, code: emailCode })).status).toBe(400);
  });

  it("under concurrency: of 12 simultaneous verifies of one code exactly one answers a token", async () => {
    for (const [path, verifyPath, subject] of [
      ["request-otp", "verify-otp", { phone: uniquePhone().e164 }],
      ["request-email-otp", "verify-email-otp", { email: uniqueEmail() }],
    ] as const) {
      const res = await post(dev, path, subject);
      const code = res.body.data.devCode as string;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => post(dev, verifyPath, { ...subject, code })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(
        statuses.filter((s) => s === 200),
        verifyPath,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 400),
        verifyPath,
      ).toHaveLength(11);
    }
  });

  it("a new code replaces the earlier one", async () => {
    const phone = uniquePhone().e164;
    const ip = freshIp();
    const first = await devPhoneCode(phone, ip);
    let second = await devPhoneCode(phone, ip);
    while (second === first) second = await devPhoneCode(phone, ip);
    expect((await post(dev, "verify-otp", { phone, code: first })).status).toBe(400);
    expect((await post(dev, "verify-otp", { phone, code: second })).status).toBe(200);
  });
});

describe("wrong codes", () => {
  for (const channel of [
    { request: "request-otp", verify: "verify-otp", subject: () => ({ phone: uniquePhone().e164 }) },
    { request: "request-email-otp", verify: "verify-email-otp", subject: () => ({ email: uniqueEmail() }) },
  ] as const) {
    it(`${channel.verify}: four wrong codes answer 400; the fifth answers 429 RATE_LIMITED and deletes the code`, async () => {
      const subject = channel.subject();
      const code = (await post(dev, channel.request, subject)).body.data.devCode as string;
      for (let i = 1; i <= 4; i++) {
        const res = await post(dev, channel.verify, { ...subject, code: otherCode(code) });
        expect(res.status, `try ${i}`).toBe(400);
        expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: "invalid or expired code" });
      }
      const fifth = await post(dev, channel.verify, { ...subject, code: otherCode(code) });
      expect(fifth.status).toBe(429);
      expect(fifth.body).toMatchObject({ ok: false, code: "RATE_LIMITED" });
      // The stored code is gone: the right one no longer works.
      const right = await post(dev, channel.verify, { ...subject, code });
      expect(right.status).toBe(400);
      expect(right.body.message).toBe("invalid or expired code");
    });

    it(`${channel.verify}: four wrong codes leave the code usable; codes of 4 to 8 digits are accepted as input`, async () => {
      const subject = channel.subject();
      const code = (await post(dev, channel.request, subject)).body.data.devCode as string;
      for (const wrong of ["1234", "12345678", otherCode(code, 3), otherCode(code, 5)]) {
        const res = await post(dev, channel.verify, { ...subject, code: wrong });
        expect(res.status, wrong).toBe(400);
      }
      expect((await post(dev, channel.verify, { ...subject, code })).status).toBe(200);
    });
  }

  it("a code is kept 300 seconds (by the request clock)", async () => {
    const phone = uniquePhone().e164;
    const email = uniqueEmail();
    try {
      const code = await devPhoneCode(phone);
      const emailCode = await devEmailCode(email);
      offsetMs = 300_000;
      const expired = await post(dev, "verify-otp", { phone, code });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe("invalid or expired code");
      expect((await post(dev, "verify-email-otp", { email, code: emailCode })).status).toBe(400);

      offsetMs = 0;
      const fresh = await devPhoneCode(phone);
      offsetMs = 298_000;
      expect((await post(dev, "verify-otp", { phone, code: fresh })).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });
});

describe("no enumeration", () => {
  it("a registered phone (a studio owner's, a trainee's) answers exactly like an unknown one, in dev mode and when sending", async () => {
    for (const app of [dev, send]) {
      const known = uniquePhone();
      const owner = newOwner();
      const studioId = await studioIdOf(app, owner);
      await app.deps.database.db
        .update(studios)
        .set({ ownerPhone: known.e164 })
        .where(eq(studios.id, studioId));
      await addTrainee(app, studioId, { phone: known.e164, firstName: "Noa" });
      const unknown = uniquePhone();
      const a = await post(app, "request-otp", { phone: known.e164 });
      const b = await post(app, "request-otp", { phone: unknown.e164 });
      expect(a.status).toBe(200);
      expect(b.status).toBe(a.status);
      expect(Object.keys(b.body.data).sort()).toEqual(Object.keys(a.body.data).sort());
      expect({ ...b.body.data, devCode: "" }).toEqual({ ...a.body.data, devCode: "" });
      expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
    }
    // Both numbers get a message when sending (the answer does not depend on it either way).
  });
});

describe("throttles (600 s windows; the client address is x-client-ip when present)", () => {
  it("3 sends per phone: the fourth answers 429 from any address; another phone is not affected", async () => {
    const phone = uniquePhone();
    const ip = freshIp();
    expect((await post(dev, "request-otp", { phone: phone.e164 }, ip)).status).toBe(200);
    expect((await post(dev, "request-otp", { phone: phone.local }, freshIp())).status).toBe(200);
    expect((await post(dev, "request-otp", { phone: phone.e164 }, freshIp())).status).toBe(200);
    const fourth = await post(dev, "request-otp", { phone: phone.e164 }, freshIp());
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect((await post(dev, "request-otp", { phone: uniquePhone().e164 }, ip)).status).toBe(200);
  });

  it("3 sends per e-mail address (case and spaces do not matter): the fourth answers 429", async () => {
    const email = uniqueEmail();
    for (const variant of [email, email.toUpperCase(), ` ${email} `])
      expect((await post(dev, "request-email-otp", { email: variant })).status, variant).toBe(200);
    const fourth = await post(dev, "request-email-otp", { email });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe("RATE_LIMITED");
    expect((await post(dev, "request-email-otp", { email: uniqueEmail() })).status).toBe(200);
  });

  for (const channel of [
    { request: "request-otp", subject: () => ({ phone: uniquePhone().e164 }) },
    { request: "request-email-otp", subject: () => ({ email: uniqueEmail() }) },
  ] as const) {
    it(`${channel.request}: 30 sends per x-client-ip; the 31st answers 429, another x-client-ip is not affected and the refused subject keeps its budget`, async () => {
      const ip = freshIp();
      for (let i = 1; i <= 30; i++)
        expect((await post(dev, channel.request, channel.subject(), ip)).status, `send ${i}`).toBe(200);
      const subject = channel.subject();
      const refused = await post(dev, channel.request, subject, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("RATE_LIMITED");
      // The same connection with another x-client-ip is another client.
      const other = freshIp();
      for (let i = 1; i <= 3; i++)
        expect((await post(dev, channel.request, subject, other)).status).toBe(200);
    });
  }

  it("without x-client-ip the connection address is the client", async () => {
    for (let i = 1; i <= 30; i++)
      expect((await post(dev, "request-otp", { phone: uniquePhone().e164 }, null)).status).toBe(200);
    expect((await post(dev, "request-otp", { phone: uniquePhone().e164 }, null)).status).toBe(429);
    // A client naming its address is counted under it.
    expect((await post(dev, "request-otp", { phone: uniquePhone().e164 }, freshIp())).status).toBe(200);
  });

  it("trainee sign-in keeps its rule: an unsigned x-client-ip is not believed there", async () => {
    for (let i = 1; i <= 30; i++) {
      const res = await dev.request("POST", "/v1/trainee/auth/request-code", {
        headers: { "content-type": "application/json", "x-client-ip": freshIp() },
        body: JSON.stringify({ phone: uniquePhone().e164 }),
      });
      expect(res.status, `send ${i}`).toBe(200);
    }
    const res = await dev.request("POST", "/v1/trainee/auth/request-code", {
      headers: { "content-type": "application/json", "x-client-ip": freshIp() },
      body: JSON.stringify({ phone: uniquePhone().e164 }),
    });
    expect(res.status).toBe(429);
  });

  it("invalid bodies are not counted", async () => {
    const ip = freshIp();
    for (let i = 0; i < 35; i++) await post(dev, "request-otp", { phone: "12" }, ip);
    expect((await post(dev, "request-otp", { phone: uniquePhone().e164 }, ip)).status).toBe(200);
  });
});

describe("validation answers 400 VALIDATION", () => {
  it("phone trimmed 7 to 30, a valid number; code 4 to 8 digits; email valid, at most 254", async () => {
    const cases: [string, unknown][] = [
      ["request-otp", {}],
      ["request-otp", { phone: "123456" }],
      ["request-otp", { phone: "   123456   " }],
      ["request-otp", { phone: "5".repeat(31) }],
      ["request-otp", { phone: 521234567 }],
      ["request-otp", { phone: "052\u00001234567" }],
      ["request-otp", { phone: "+999 1234567" }],
      ["verify-otp", { phone: uniquePhone().e164 }],
      ["verify-otp", { phone: uniquePhone().e164, code: "123" }],
      ["verify-otp", { phone: uniquePhone().e164, code: "123456789" }],
      ["verify-otp", { phone: uniquePhone().e164, code: "12a456" }],
      ["verify-otp", { phone: uniquePhone().e164, code: 123456 }],
      ["request-email-otp", {}],
      ["request-email-otp", { email: "not-an-address" }],
      ["request-email-otp", { email: `${"a".repeat(245)}@example.com` }],
      ["request-email-otp", { email: "a\u0000b@example.com" }],
      ["verify-email-otp", { email: uniqueEmail(), code: "12" }],
      ["verify-email-otp", { email: "nope", code: "123456" }],
    ];
    for (const [path, body] of cases) {
      const res = await post(dev, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: "VALIDATION", requestId: expect.any(String) });
    }
    const malformed = await dev.request("POST", "/v1/public/onboarding/request-otp", {
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
  });
});

describe("without a sender and without dev mode", () => {
  it("request-otp and request-email-otp answer 503 SERVICE_UNAVAILABLE, count nothing and queue nothing", async () => {
    const phone = uniquePhone().e164;
    const email = uniqueEmail();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const a = await post(plain, "request-otp", { phone }, ip);
      expect(a.status).toBe(503);
      expect(a.body).toMatchObject({ ok: false, code: "SERVICE_UNAVAILABLE" });
      const b = await post(plain, "request-email-otp", { email }, ip);
      expect(b.status).toBe(503);
      expect(b.body.code).toBe("SERVICE_UNAVAILABLE");
    }
    expect((await post(plain, "verify-otp", { phone, code: "123456" })).status).toBe(400);
  });
});

describe("with senders (WhatsApp Cloud API and Postmark on loopback), called in the request", () => {
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

  it("the phone code has reached the number in a Hebrew chat message when the answer is 200; no job is queued; the code verifies", async () => {
    const phone = uniquePhone();
    const res = await post(send, "request-otp", { phone: phone.local });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ sent: true, expiresInSeconds: 300 });
    const digits = phone.e164.slice(1);
    // Already there: the provider accepted it before the answer.
    const message = whatsapp.messages.find((m) => m.to === digits)!;
    expect(message).toBeDefined();
    expect(message.type).toBe("text");
    expect(message.text!.body).toMatch(/קוד האימות שלך להרשמה/);
    expect(await jobsOfRequest(send, res.body.requestId)).toEqual([]);
    const verified = await post(send, "verify-otp", { phone: phone.e164, code: codeIn(message.text!.body) });
    expect(verified.status).toBe(200);
    expect(verified.body.data.phoneToken).toEqual(expect.any(String));
  });

  it("the e-mail code has reached the address in a Hebrew mail from MAIL_FROM when the answer is 200; no job is queued; the code verifies", async () => {
    const email = uniqueEmail();
    const res = await post(send, "request-email-otp", { email: email.toUpperCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ sent: true, expiresInSeconds: 300 });
    const mail = postmark.mails.find((m) => m.To === email)!;
    expect(mail).toBeDefined();
    expect(mail.From).toBe("Studio <no-reply@studio.example>");
    expect(mail.MessageStream).toBe("outbound");
    expect(mail.Subject).toBe("קוד האימות שלך להרשמה");
    expect(mail.TextBody).toMatch(/קוד האימות שלך להרשמה הוא: \d{6}/);
    expect(await jobsOfRequest(send, res.body.requestId)).toEqual([]);
    const verified = await post(send, "verify-email-otp", { email, code: codeIn(mail.TextBody!) });
    expect(verified.status).toBe(200);
    expect(verified.body.data.emailToken).toEqual(expect.any(String));
  });

  for (const status of [503, 400]) {
    it(`the chat provider refusing (HTTP ${status}) answers 503 SERVICE_UNAVAILABLE: the refused code is not usable, the earlier code stays valid, nothing is queued; the log carries neither phone nor code`, async () => {
      const phone = uniquePhone();
      const digits = phone.e164.slice(1);
      expect((await post(send, "request-otp", { phone: phone.e164 })).status).toBe(200);
      const earlier = codeIn(whatsapp.messages.find((m) => m.to === digits)!.text!.body);

      whatsapp.failNext(1, status);
      const refusedAt = whatsapp.refused.length;
      const res = await post(send, "request-otp", { phone: phone.e164 });
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body).toMatchObject({
        ok: false,
        code: "SERVICE_UNAVAILABLE",
        message: expect.stringContaining("the chat provider refused"),
        requestId: expect.any(String),
      });
      expect(await jobsOfRequest(send, res.body.requestId)).toEqual([]);
      const refused = whatsapp.refused[refusedAt] as { to: string; text: { body: string } };
      expect(refused.to).toBe(digits);
      const refusedCode = codeIn(refused.text.body);
      expect(whatsapp.messages.filter((m) => m.to === digits)).toHaveLength(1);

      const logged = JSON.stringify(sendLog.lines.filter((l) => l.fields.requestId === res.body.requestId));
      expect(logged).toContain("signup code not sent: the chat provider refused");
      expect(logged).not.toContain(refusedCode);
      expect(logged).not.toContain(phone.e164.slice(4));

      if (refusedCode !== earlier) {
        const tried = await post(send, "verify-otp", { phone: phone.e164, code: refusedCode });
        expect(tried.status).toBe(400);
        expect(tried.body.message).toBe("invalid or expired code");
      }
      expect((await post(send, "verify-otp", { phone: phone.e164, code: earlier })).status).toBe(200);
    });
  }

  it("the mail provider refusing (HTTP 422, 500) answers 503 SERVICE_UNAVAILABLE and the refused code is not usable", async () => {
    for (const status of [422, 500]) {
      const email = uniqueEmail();
      postmark.failNext(1, status);
      const refusedAt = postmark.refused.length;
      const res = await post(send, "request-email-otp", { email });
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body).toMatchObject({
        ok: false,
        code: "SERVICE_UNAVAILABLE",
        message: expect.stringContaining("the mail provider refused"),
      });
      expect(await jobsOfRequest(send, res.body.requestId)).toEqual([]);
      const refused = postmark.refused[refusedAt] as { To: string; TextBody: string };
      expect(refused.To).toBe(email);
      const tried = await post(send, "verify-email-otp", { email, code: codeIn(refused.TextBody) });
      expect(tried.status, String(status)).toBe(400);
      expect(tried.body.message).toBe("invalid or expired code");
      // The provider back: the next request is sent and its code verifies.
      expect((await post(send, "request-email-otp", { email })).status).toBe(200);
      const mail = postmark.mails.find((m) => m.To === email)!;
      expect((await post(send, "verify-email-otp", { email, code: codeIn(mail.TextBody!) })).status).toBe(
        200,
      );
    }
  });

  it("a provider that does not answer within ONBOARDING_SEND_TIMEOUT_MS answers 503 SERVICE_UNAVAILABLE, about then", async () => {
    for (const [path, body] of [
      ["request-otp", { phone: uniquePhone().e164 }],
      ["request-email-otp", { email: uniqueEmail() }],
    ] as const) {
      const started = Date.now();
      const res = await post(slow, path, body);
      const took = Date.now() - started;
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.body).toMatchObject({ ok: false, code: "SERVICE_UNAVAILABLE" });
      expect(took, path).toBeGreaterThanOrEqual(290);
      expect(took, path).toBeLessThan(3_000);
      expect(await jobsOfRequest(slow, res.body.requestId)).toEqual([]);
    }
    expect(held.length).toBeGreaterThanOrEqual(2);
  });

  it("refused sends count against the subject's budget (3 per 600 s) like accepted ones", async () => {
    const phone = uniquePhone().e164;
    whatsapp.failNext(3, 500);
    for (let i = 1; i <= 3; i++)
      expect((await post(send, "request-otp", { phone })).status, `send ${i}`).toBe(503);
    const fourth = await post(send, "request-otp", { phone });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe("RATE_LIMITED");
    expect(whatsapp.messages.filter((m) => m.to === phone.slice(1))).toEqual([]);
  });

  it("OTP_DEV_MODE=1 with both senders configured sends nothing and answers devCode", async () => {
    const phone = uniquePhone();
    const email = uniqueEmail();
    const a = await post(devSend, "request-otp", { phone: phone.e164 });
    const b = await post(devSend, "request-email-otp", { email });
    expect(a.body.data.devCode).toMatch(/^\d{6}$/);
    expect(b.body.data.devCode).toMatch(/^\d{6}$/);
    expect(whatsapp.messages.filter((m) => m.to === phone.e164.slice(1))).toEqual([]);
    expect(postmark.mails.filter((m) => m.To === email)).toEqual([]);
    expect((await post(devSend, "verify-otp", { phone: phone.e164, code: a.body.data.devCode })).status).toBe(
      200,
    );
  });
});

describe("configuration", () => {
  it("ONBOARDING_SEND_TIMEOUT_MS: 100 to 10 000 ms, default 5 000", () => {
    expect(loadConfig({}).onboardingSendTimeoutMs).toBe(5_000);
    expect(loadConfig({ ONBOARDING_SEND_TIMEOUT_MS: " 300 " }).onboardingSendTimeoutMs).toBe(300);
    for (const bad of ["99", "10001", "1.5", "soon"])
      expect(() => loadConfig({ ONBOARDING_SEND_TIMEOUT_MS: bad }), bad).toThrow(ConfigError);
  });

  it("MAIL_* configure the mail provider; half a configuration is refused", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ MAIL_SERVER_TOKEN: "t", MAIL_FROM: "a@example.com" }).mail).toEqual({
      apiUrl: "https://api.postmarkapp.com",
      serverToken: "t",
      from: "a@example.com",
      messageStream: "outbound",
    });
    expect(() => loadConfig({ MAIL_SERVER_TOKEN: "t" })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: "a@example.com" })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ MAIL_SERVER_TOKEN: "t", MAIL_FROM: "a@x.io", MAIL_API_URL: "ftp://x" }),
    ).toThrow(ConfigError);
  });
});
