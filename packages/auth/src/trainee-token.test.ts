import { createHmac } from "node:crypto";
import { describe, it, expect } from "vitest";
import {
  PREVIEW_TOKEN_TTL_MS,
  createPreviewToken,
  signTraineeToken,
  verifyTraineeToken,
  type TraineeTokenPayload,
} from "./trainee-token";

const SECRET = "trainee-secret";
const NOW = 1_700_000_000_000;
const SUBJECT = { clientId: "cl_1", studioId: "st_1" };

function b64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** Signs an arbitrary payload string, to test payload validation behind a valid signature. */
function signRaw(json: string, secret = SECRET): string {
  const part = b64url(json);
  return `${part}.${createHmac("sha256", secret).update(part).digest("base64url")}`;
}

describe("trainee token format", () => {
  it("'base64url(JSON payload) + \".\" + base64url(HMAC-SHA256(secret, <the base64url payload string>))'", () => {
    const token = signTraineeToken(SUBJECT, SECRET);
    const [payloadPart, signaturePart] = token.split(".");
    expect(JSON.parse(Buffer.from(payloadPart ?? "", "base64url").toString("utf8"))).toEqual(SUBJECT);
    expect(signaturePart).toBe(
      createHmac("sha256", SECRET)
        .update(payloadPart ?? "")
        .digest("base64url"),
    );
    expect(token).not.toContain("=");
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it("is not a JWT: there are exactly two parts", () => {
    expect(signTraineeToken(SUBJECT, SECRET).split(".")).toHaveLength(2);
  });

  it("refuses to sign with an empty secret", () => {
    expect(() => signTraineeToken(SUBJECT, "")).toThrow();
  });
});

describe("verifyTraineeToken", () => {
  it("round trips a payload", () => {
    expect(verifyTraineeToken(signTraineeToken(SUBJECT, SECRET), SECRET, NOW)).toEqual(SUBJECT);
  });

  it("round trips a non-preview payload with a future exp", () => {
    const payload: TraineeTokenPayload = { ...SUBJECT, exp: NOW + 1 };
    expect(verifyTraineeToken(signTraineeToken(payload, SECRET), SECRET, NOW)).toEqual(payload);
  });

  it("drops unknown payload fields", () => {
    expect(verifyTraineeToken(signRaw(JSON.stringify({ ...SUBJECT, role: "owner" })), SECRET, NOW)).toEqual(
      SUBJECT,
    );
  });

  it("'signature mismatch': rejects a tampered payload", () => {
    const token = signTraineeToken(SUBJECT, SECRET);
    const signaturePart = token.split(".")[1];
    const forgedPayload = b64url(JSON.stringify({ ...SUBJECT, clientId: "cl_2" }));
    expect(verifyTraineeToken(`${forgedPayload}.${signaturePart}`, SECRET, NOW)).toBeNull();
  });

  it("'signature mismatch': rejects a tampered signature", () => {
    const token = signTraineeToken(SUBJECT, SECRET);
    const last = token.at(-1);
    const tampered = token.slice(0, -1) + (last === "A" ? "B" : "A");
    expect(verifyTraineeToken(tampered, SECRET, NOW)).toBeNull();
  });

  it("'signature mismatch': rejects a truncated signature", () => {
    expect(verifyTraineeToken(signTraineeToken(SUBJECT, SECRET).slice(0, -2), SECRET, NOW)).toBeNull();
  });

  it("'signature mismatch': rejects a token signed with another secret", () => {
    expect(verifyTraineeToken(signTraineeToken(SUBJECT, "other-secret"), SECRET, NOW)).toBeNull();
  });

  it("rejects every token when the verifier's secret is empty", () => {
    expect(verifyTraineeToken(signRaw(JSON.stringify(SUBJECT), ""), "", NOW)).toBeNull();
  });

  it("'missing dot / more than one dot'", () => {
    const token = signTraineeToken(SUBJECT, SECRET);
    expect(verifyTraineeToken(token.replace(".", ""), SECRET, NOW)).toBeNull();
    expect(verifyTraineeToken(`${token}.extra`, SECRET, NOW)).toBeNull();
    expect(verifyTraineeToken(`header.${token}`, SECRET, NOW)).toBeNull();
  });

  it("'bad base64url'", () => {
    const token = signTraineeToken(SUBJECT, SECRET);
    const [payloadPart, signaturePart] = token.split(".");
    expect(verifyTraineeToken(`${payloadPart}=.${signaturePart}`, SECRET, NOW)).toBeNull();
    expect(verifyTraineeToken(`${payloadPart}.${signaturePart}=`, SECRET, NOW)).toBeNull();
    expect(
      verifyTraineeToken(`${payloadPart}.${(signaturePart ?? "").replace(/-|_/g, "+")}`, SECRET, NOW),
    ).toBeNull();
    expect(verifyTraineeToken(`${payloadPart}!.${signaturePart}`, SECRET, NOW)).toBeNull();
  });

  for (const garbage of [
    "",
    ".",
    "..",
    "abc",
    "a.b",
    "not a token",
    "eyJhbGciOiJIUzI1NiJ9.e30.sig",
    "%%%.$$$",
    "\u0000.\u0000",
  ]) {
    it(`returns null for garbage ${JSON.stringify(garbage)}`, () => {
      expect(verifyTraineeToken(garbage, SECRET, NOW)).toBeNull();
    });
  }

  describe("'payload not a JSON object with non-empty string clientId and studioId'", () => {
    const cases: Record<string, string> = {
      "not JSON": "{clientId:",
      "a JSON array": JSON.stringify([SUBJECT]),
      "a JSON string": JSON.stringify("cl_1"),
      "JSON null": "null",
      "missing clientId": JSON.stringify({ studioId: "st_1" }),
      "missing studioId": JSON.stringify({ clientId: "cl_1" }),
      "empty clientId": JSON.stringify({ clientId: "", studioId: "st_1" }),
      "empty studioId": JSON.stringify({ clientId: "cl_1", studioId: "" }),
      "numeric clientId": JSON.stringify({ clientId: 1, studioId: "st_1" }),
      "string exp": JSON.stringify({ ...SUBJECT, exp: String(NOW + 60_000) }),
      "non-boolean preview": JSON.stringify({ ...SUBJECT, preview: "yes", exp: NOW + 60_000 }),
    };
    for (const [name, json] of Object.entries(cases)) {
      it(`rejects a correctly signed payload that is ${name}`, () => {
        expect(verifyTraineeToken(signRaw(json), SECRET, NOW)).toBeNull();
      });
    }
  });

  it("'A non-preview token with an exp set is also checked for expiry'", () => {
    const token = signTraineeToken({ ...SUBJECT, exp: NOW }, SECRET);
    expect(verifyTraineeToken(token, SECRET, NOW - 1)).not.toBeNull();
    expect(verifyTraineeToken(token, SECRET, NOW)).toBeNull();
  });
});

describe("preview tokens", () => {
  it("'exp = now + 15 minutes'", () => {
    expect(PREVIEW_TOKEN_TTL_MS).toBe(15 * 60_000);
    const { token, expiresAt } = createPreviewToken(SUBJECT, SECRET, NOW);
    expect(expiresAt.getTime()).toBe(NOW + 15 * 60_000);
    expect(verifyTraineeToken(token, SECRET, NOW)).toEqual({
      ...SUBJECT,
      preview: true,
      exp: NOW + 15 * 60_000,
    });
  });

  it("is valid just before 15 minutes", () => {
    const { token } = createPreviewToken(SUBJECT, SECRET, NOW);
    expect(verifyTraineeToken(token, SECRET, NOW + PREVIEW_TOKEN_TTL_MS - 1)).not.toBeNull();
  });

  it("'exp <= now': is rejected at exactly 15 minutes", () => {
    const { token } = createPreviewToken(SUBJECT, SECRET, NOW);
    expect(verifyTraineeToken(token, SECRET, NOW + PREVIEW_TOKEN_TTL_MS)).toBeNull();
  });

  it("is rejected just after 15 minutes", () => {
    const { token } = createPreviewToken(SUBJECT, SECRET, NOW);
    expect(verifyTraineeToken(token, SECRET, NOW + PREVIEW_TOKEN_TTL_MS + 1)).toBeNull();
  });

  it("'preview token without numeric exp'", () => {
    expect(
      verifyTraineeToken(signTraineeToken({ ...SUBJECT, preview: true }, SECRET), SECRET, NOW),
    ).toBeNull();
    expect(
      verifyTraineeToken(signRaw(JSON.stringify({ ...SUBJECT, preview: true, exp: null })), SECRET, NOW),
    ).toBeNull();
    expect(
      verifyTraineeToken(
        signRaw(JSON.stringify({ ...SUBJECT, preview: true, exp: "9999999999999" })),
        SECRET,
        NOW,
      ),
    ).toBeNull();
  });
});
