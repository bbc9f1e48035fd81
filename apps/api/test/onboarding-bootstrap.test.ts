import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { studios } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee, traineeRequest } from "./support/notification-fixtures";
import { studioIdOf, uniquePhone } from "./support/team-fixtures";

/**
 * POST /v1/web/onboarding/bootstrap (decisions.md "Web onboarding"): web lane, role OWNER;
 * {phoneToken, emailToken, studioName, slug}. Tokens are checked (signature, purpose, 15 minutes:
 * BAD_REQUEST invalid or expired token); the caller's studio gets name, slug (another studio's:
 * CONFLICT), owner phone (E.164), owner e-mail (lower case) and onboardedAt (first time only) in
 * one transaction; a second call completes it again.
 */

/** Offset of the request clock from the real one (only for public requests: web signatures need 0). */
let offsetMs = 0;
let t: TestApp;

let ipSerial = 0;
const freshIp = () => `192.0.2.${((ipSerial += 1) % 250) + 1}`;
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;
const uniqueSlug = () => `studio-${unique()}`;

function post(path: string, body: unknown) {
  return t.request("POST", `/v1/public/onboarding/${path}`, {
    headers: { "content-type": "application/json", "x-client-ip": freshIp() },
    body: JSON.stringify(body),
  });
}

async function phoneToken(phone: string): Promise<string> {
  const code = (await post("request-otp", { phone })).body.data.devCode as string;
  const res = await post("verify-otp", { phone, code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.phoneToken as string;
}

async function emailToken(email: string): Promise<string> {
  const code = (await post("request-email-otp", { email })).body.data.devCode as string;
  const res = await post("verify-email-otp", { email, code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.emailToken as string;
}

async function tokens() {
  const phone = uniquePhone();
  const email = `Owner${unique()}@Example.com`;
  return { phone, email, phoneToken: await phoneToken(phone.local), emailToken: await emailToken(email) };
}

const bootstrap = (user: WebUserContext, body: unknown) =>
  t.web("POST", "/v1/web/onboarding/bootstrap", user, body);

async function studioRow(studioId: string) {
  const [row] = await t.deps.database.db.select().from(studios).where(eq(studios.id, studioId));
  return row!;
}

beforeAll(async () => {
  t = await startTestApp({
    database: "postgres",
    redis: true,
    now: () => new Date(Date.now() + offsetMs),
    env: { OTP_DEV_MODE: "1" },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("bootstrap", () => {
  it("sets the caller's studio name, slug, verified phone (E.164) and e-mail (lower case) and onboardedAt; GET /v1/web/studio shows it", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const verified = await tokens();
    const slug = uniqueSlug();
    const before = Date.now();
    const res = await bootstrap(owner, {
      phoneToken: verified.phoneToken,
      emailToken: verified.emailToken,
      studioName: "  Dana Fitness  ",
      slug,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      studio: {
        id: studioId,
        organizationId: owner.studioId,
        name: "Dana Fitness",
        slug,
        timezone: "Asia/Jerusalem",
        locale: "he",
        settings: expect.any(Object),
      },
      ownerPhone: verified.phone.e164,
      ownerEmail: verified.email.toLowerCase(),
      onboardedAt: expect.any(String),
    });
    expect(Date.parse(res.body.data.onboardedAt)).toBeGreaterThanOrEqual(before - 1000);
    const row = await studioRow(studioId);
    expect(row).toMatchObject({
      name: "Dana Fitness",
      slug,
      ownerPhone: verified.phone.e164,
      ownerEmail: verified.email.toLowerCase(),
    });
    expect(row.onboardedAt?.toISOString()).toBe(res.body.data.onboardedAt);
    const studio = await t.web("GET", "/v1/web/studio", owner);
    expect(studio.body.data).toMatchObject({ id: studioId, name: "Dana Fitness", slug });
  });

  it("a studio seen for the first time is created and completed in the same call", async () => {
    const owner = newOwner();
    const verified = await tokens();
    const slug = uniqueSlug();
    const res = await bootstrap(owner, { ...verified, studioName: "Fresh", slug });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.studio).toMatchObject({ organizationId: owner.studioId, name: "Fresh", slug });
  });

  it("a second call with valid tokens completes it again: name, slug, phone and e-mail change, onboardedAt is kept", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const first = await tokens();
    const slug = uniqueSlug();
    const a = await bootstrap(owner, { ...first, studioName: "First", slug });
    expect(a.status).toBe(200);
    // The same tokens again (15 minutes), the same slug: an idempotent repeat.
    const repeat = await bootstrap(owner, { ...first, studioName: "First", slug });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body.data).toEqual(a.body.data);

    const second = await tokens();
    const newSlug = uniqueSlug();
    const b = await bootstrap(owner, { ...second, studioName: "Second", slug: newSlug });
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({
      studio: { id: studioId, name: "Second", slug: newSlug },
      ownerPhone: second.phone.e164,
      ownerEmail: second.email.toLowerCase(),
      onboardedAt: a.body.data.onboardedAt,
    });
  });

  it("only the caller's studio changes (tenancy)", async () => {
    const owner = newOwner();
    const other = newOwner();
    const studioId = await studioIdOf(t, owner);
    const otherId = await studioIdOf(t, other);
    const otherBefore = await studioRow(otherId);
    const res = await bootstrap(owner, { ...(await tokens()), studioName: "Mine", slug: uniqueSlug() });
    expect(res.status).toBe(200);
    expect(res.body.data.studio.id).toBe(studioId);
    expect(await studioRow(otherId)).toEqual(otherBefore);
  });

  it("a slug of another studio answers 409 CONFLICT and changes nothing; the studio's own slug is fine", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const other = newOwner();
    const taken = uniqueSlug();
    expect((await bootstrap(other, { ...(await tokens()), studioName: "Other", slug: taken })).status).toBe(
      200,
    );
    const before = await studioRow(studioId);
    const res = await bootstrap(owner, { ...(await tokens()), studioName: "Mine", slug: taken });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ ok: false, code: "CONFLICT", message: "slug is taken" });
    expect(await studioRow(studioId)).toEqual(before);
    // Its own slug is not "another studio's": the other studio repeats its bootstrap with it.
    expect((await bootstrap(other, { ...(await tokens()), studioName: "Other 2", slug: taken })).status).toBe(
      200,
    );
  });

  it("only an OWNER: HEAD_COACH and SUB_COACH answer 403 and nothing changes", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const before = await studioRow(studioId);
    const verified = await tokens();
    for (const role of ["HEAD_COACH", "SUB_COACH"]) {
      const res = await bootstrap(
        { ...owner, userId: `${owner.userId}-${role}`, role },
        { ...verified, studioName: "Nope", slug: uniqueSlug() },
      );
      expect(res.status, role).toBe(403);
      expect(res.body.code).toBe("FORBIDDEN");
    }
    expect(await studioRow(studioId)).toEqual(before);
  });

  it("needs the web lane's signature", async () => {
    const res = await t.request("POST", "/v1/web/onboarding/bootstrap", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...(await tokens()), studioName: "X", slug: uniqueSlug() }),
    });
    expect(res.status).toBe(401);
  });

  it("body: studioName trimmed 1 to 120, slug lower-case a-z, 0-9 and hyphens, 3 to 60 (422 on the web lane)", async () => {
    const owner = newOwner();
    const verified = await tokens();
    for (const patch of [
      { studioName: "   " },
      { studioName: "x".repeat(121) },
      { slug: "ab" },
      { slug: "a".repeat(61) },
      { slug: "Dana-Fit" },
      { slug: "dana_fit" },
      { slug: "dana fit" },
      { phoneToken: "" },
      { emailToken: undefined },
    ]) {
      const res = await bootstrap(owner, { ...verified, studioName: "Ok", slug: uniqueSlug(), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });
});

describe("tokens", () => {
  const invalid = { ok: false, code: "BAD_REQUEST", message: "invalid or expired token" };

  it("refuses a phone token as the e-mail token, an e-mail token as the phone token, and a trainee token as either", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const before = await studioRow(studioId);
    const verified = await tokens();
    const trainee = await addTrainee(t, studioId, { phone: uniquePhone().e164, firstName: "Noa" });
    const traineeToken = t.traineeToken(trainee.id, studioId);
    for (const [label, pair] of [
      ["phone as e-mail", { phoneToken: verified.phoneToken, emailToken: verified.phoneToken }],
      ["e-mail as phone", { phoneToken: verified.emailToken, emailToken: verified.emailToken }],
      ["swapped", { phoneToken: verified.emailToken, emailToken: verified.phoneToken }],
      ["trainee as phone", { phoneToken: traineeToken, emailToken: verified.emailToken }],
      ["trainee as e-mail", { phoneToken: verified.phoneToken, emailToken: traineeToken }],
    ] as const) {
      const res = await bootstrap(owner, { ...pair, studioName: "Nope", slug: uniqueSlug() });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toMatchObject(invalid);
    }
    expect(await studioRow(studioId)).toEqual(before);
    // Nor is a phone token a trainee token.
    expect((await traineeRequest(t, verified.phoneToken, "GET", "/v1/trainee/me")).status).toBe(401);
  });

  it("refuses a token with another signature, an altered payload, or garbage", async () => {
    const owner = newOwner();
    const verified = await tokens();
    const [payload, signature] = verified.phoneToken.split(".") as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const altered = Buffer.from(JSON.stringify({ ...decoded, sub: uniquePhone().e164 })).toString(
      "base64url",
    );
    const flipped = signature.slice(0, -2) + (signature.endsWith("AA") ? "BB" : "AA");
    for (const phoneToken of [
      `${altered}.${signature}`,
      `${payload}.${flipped}`,
      "garbage",
      `${payload}`,
      "a.b.c",
    ]) {
      const res = await bootstrap(owner, {
        phoneToken,
        emailToken: verified.emailToken,
        studioName: "Nope",
        slug: uniqueSlug(),
      });
      expect(res.status, phoneToken).toBe(400);
      expect(res.body).toMatchObject(invalid);
    }
  });

  it("a token lasts 15 minutes", async () => {
    const owner = newOwner();
    try {
      // Tokens verified 15 minutes ago (minus a minute) are still good; 15 minutes ago (plus a second) are not.
      offsetMs = -15 * 60_000 + 60_000;
      const fresh = await tokens();
      offsetMs = -15 * 60_000 - 1_000;
      const stalePhone = await tokens();
      offsetMs = 0;
      for (const [label, pair] of [
        ["stale phone", { phoneToken: stalePhone.phoneToken, emailToken: fresh.emailToken }],
        ["stale e-mail", { phoneToken: fresh.phoneToken, emailToken: stalePhone.emailToken }],
      ] as const) {
        const res = await bootstrap(owner, { ...pair, studioName: "Late", slug: uniqueSlug() });
        expect(res.status, label).toBe(400);
        expect(res.body).toMatchObject(invalid);
      }
      const ok = await bootstrap(owner, { ...fresh, studioName: "In time", slug: uniqueSlug() });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });
});
