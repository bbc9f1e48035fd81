import { createHash, createHmac } from "node:crypto";
import { describe, it, expect } from "vitest";
import {
  SERVICE_CLOCK_TOLERANCE_MS,
  SERVICE_HEADERS,
  SERVICE_NONCE_TTL_MS,
  serviceCanonicalString,
  sha256Hex,
  signServiceRequest,
  verifyServiceSignature,
  type VerifyServiceSignatureInput,
} from "./service-signature";

const SECRET = "test-service-secret";
const SERVICE_ID = "web";
const NOW = 1_700_000_000_000;
const NONCE = "0123456789abcdef0123456789abcdef";
const BODY = '{"sessionId":"s_1","reps":12}';
const PATH = "/v1/sessions?studio=st_1&week=3";

function nonceStore() {
  const claimed = new Set<string>();
  const calls: Array<{ key: string; ttlMs: number }> = [];
  const claimNonce = async (key: string, ttlMs: number): Promise<boolean> => {
    calls.push({ key, ttlMs });
    if (claimed.has(key)) return false;
    claimed.add(key);
    return true;
  };
  return { claimed, calls, claimNonce };
}

function signed(
  overrides: { timestamp?: number; nonce?: string; body?: string; method?: string; path?: string } = {},
) {
  return signServiceRequest({
    secret: SECRET,
    serviceId: SERVICE_ID,
    method: overrides.method ?? "POST",
    pathWithQuery: overrides.path ?? PATH,
    body: overrides.body ?? BODY,
    timestamp: overrides.timestamp ?? NOW,
    nonce: overrides.nonce ?? NONCE,
  });
}

function request(
  headers: Record<string, string>,
  overrides: Partial<VerifyServiceSignatureInput> = {},
): VerifyServiceSignatureInput {
  return {
    getHeader: (name) => headers[name],
    method: "POST",
    pathWithQuery: PATH,
    rawBody: new TextEncoder().encode(BODY),
    secret: SECRET,
    knownServiceIds: new Set([SERVICE_ID, "internal", "admin"]),
    now: NOW,
    claimNonce: nonceStore().claimNonce,
    ...overrides,
  };
}

describe("sha256Hex", () => {
  it("'lower-case hex'", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("'empty body → hash of empty string'", () => {
    const empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    expect(sha256Hex("")).toBe(empty);
    expect(sha256Hex(new Uint8Array())).toBe(empty);
  });

  it("hashes a string and its UTF-8 bytes identically", () => {
    expect(sha256Hex("héllo")).toBe(sha256Hex(new TextEncoder().encode("héllo")));
  });
});

describe("serviceCanonicalString", () => {
  it("'METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nBODY_SHA256_HEX with method upper-cased'", () => {
    expect(
      serviceCanonicalString({
        method: "post",
        pathWithQuery: "/a?b=1",
        timestamp: "123",
        nonce: "n0nce123",
        bodyHash: "h",
      }),
    ).toBe("POST\n/a?b=1\n123\nn0nce123\nh");
  });
});

describe("signServiceRequest", () => {
  it("'returns the four headers'", () => {
    const headers = signed();
    expect(Object.keys(headers).sort()).toEqual(Object.values(SERVICE_HEADERS).sort());
    expect(headers[SERVICE_HEADERS.id]).toBe(SERVICE_ID);
    expect(headers[SERVICE_HEADERS.timestamp]).toBe(String(NOW));
    expect(headers[SERVICE_HEADERS.nonce]).toBe(NONCE);
  });

  it("'Signature = lower-case hex HMAC-SHA256(secret, canonical)'", () => {
    const canonical = `POST\n${PATH}\n${NOW}\n${NONCE}\n${createHash("sha256").update(BODY).digest("hex")}`;
    const expected = createHmac("sha256", SECRET).update(canonical).digest("hex");
    expect(signed()[SERVICE_HEADERS.signature]).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it("'nonce default 32 random hex chars' and 'timestamp default Date.now()'", () => {
    const before = Date.now();
    const a = signServiceRequest({
      secret: SECRET,
      serviceId: SERVICE_ID,
      method: "GET",
      pathWithQuery: "/",
    });
    const b = signServiceRequest({
      secret: SECRET,
      serviceId: SERVICE_ID,
      method: "GET",
      pathWithQuery: "/",
    });
    const after = Date.now();
    expect(a[SERVICE_HEADERS.nonce]).toMatch(/^[0-9a-f]{32}$/);
    expect(a[SERVICE_HEADERS.nonce]).not.toBe(b[SERVICE_HEADERS.nonce]);
    const ts = Number(a[SERVICE_HEADERS.timestamp]);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(after);
  });

  it("'empty body → hash of empty string': an omitted body signs the same as an empty one", () => {
    const omitted = signServiceRequest({
      secret: SECRET,
      serviceId: SERVICE_ID,
      method: "GET",
      pathWithQuery: "/",
      timestamp: NOW,
      nonce: NONCE,
    });
    const empty = signServiceRequest({
      secret: SECRET,
      serviceId: SERVICE_ID,
      method: "GET",
      pathWithQuery: "/",
      timestamp: NOW,
      nonce: NONCE,
      body: "",
    });
    expect(omitted).toEqual(empty);
  });

  it("refuses an empty secret, which would make signatures forgeable", () => {
    expect(() =>
      signServiceRequest({ secret: "", serviceId: SERVICE_ID, method: "GET", pathWithQuery: "/" }),
    ).toThrow();
  });

  it("refuses a timestamp that is not integer epoch milliseconds", () => {
    expect(() => signed({ timestamp: 1.5 })).toThrow(RangeError);
    expect(() => signed({ timestamp: -1 })).toThrow(RangeError);
  });
});

describe("verifyServiceSignature", () => {
  it("accepts a correctly signed request and returns the service id", async () => {
    expect(await verifyServiceSignature(request(signed()))).toEqual({ ok: true, serviceId: SERVICE_ID });
  });

  it("accepts a body signed as a string and verified as raw bytes, including a lower-case method", async () => {
    expect(await verifyServiceSignature(request(signed({ method: "post" }), { method: "POST" }))).toEqual({
      ok: true,
      serviceId: SERVICE_ID,
    });
  });

  it("accepts an empty body", async () => {
    const headers = signed({ method: "GET", body: "" });
    expect(
      await verifyServiceSignature(request(headers, { method: "GET", rawBody: new Uint8Array() })),
    ).toMatchObject({ ok: true });
  });

  describe("'signature matches' (invalid signature)", () => {
    it("rejects a tampered body", async () => {
      const rawBody = new TextEncoder().encode(BODY.replace("12", "13"));
      expect(await verifyServiceSignature(request(signed(), { rawBody }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a different method", async () => {
      expect(await verifyServiceSignature(request(signed(), { method: "PUT" }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a changed query string", async () => {
      const pathWithQuery = "/v1/sessions?studio=st_2&week=3";
      expect(await verifyServiceSignature(request(signed(), { pathWithQuery }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a dropped query string", async () => {
      expect(await verifyServiceSignature(request(signed(), { pathWithQuery: "/v1/sessions" }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a path that differs only in case", async () => {
      const pathWithQuery = PATH.replace("/v1/sessions", "/v1/Sessions");
      expect(await verifyServiceSignature(request(signed(), { pathWithQuery }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a changed timestamp header", async () => {
      const headers = { ...signed(), [SERVICE_HEADERS.timestamp]: String(NOW + 1) };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a changed nonce header", async () => {
      const headers = { ...signed(), [SERVICE_HEADERS.nonce]: NONCE.replace("0", "1") };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a signature made with another secret", async () => {
      expect(await verifyServiceSignature(request(signed(), { secret: "another-secret" }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects a signature of the wrong length without throwing", async () => {
      const headers = { ...signed(), [SERVICE_HEADERS.signature]: "abc" };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });

    it("rejects everything when the verifier's secret is empty", async () => {
      const canonical = `POST\n${PATH}\n${NOW}\n${NONCE}\n${sha256Hex(BODY)}`;
      const forged = {
        ...signed(),
        [SERVICE_HEADERS.signature]: createHmac("sha256", "").update(canonical).digest("hex"),
      };
      expect(await verifyServiceSignature(request(forged, { secret: "" }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
    });
  });

  describe("'all four headers present — a missing header's message names it'", () => {
    for (const name of Object.values(SERVICE_HEADERS)) {
      it(`reports 'missing ${name} header'`, async () => {
        const headers = { ...signed() };
        delete headers[name];
        expect(await verifyServiceSignature(request(headers))).toEqual({
          ok: false,
          message: `missing ${name} header`,
        });
      });
    }

    it("treats an empty header value as missing", async () => {
      const headers = { ...signed(), [SERVICE_HEADERS.nonce]: "" };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "missing x-service-nonce header",
      });
    });

    it("'check in the order id, timestamp, nonce, signature'", async () => {
      const expectations: Array<[string[], string]> = [
        [[], "missing x-service-id header"],
        [[SERVICE_HEADERS.id], "missing x-service-timestamp header"],
        [[SERVICE_HEADERS.id, SERVICE_HEADERS.timestamp], "missing x-service-nonce header"],
        [
          [SERVICE_HEADERS.id, SERVICE_HEADERS.timestamp, SERVICE_HEADERS.nonce],
          "missing x-service-signature header",
        ],
      ];
      const all = signed();
      for (const [present, message] of expectations) {
        const headers = Object.fromEntries(present.map((name) => [name, all[name] ?? ""]));
        expect(await verifyServiceSignature(request(headers))).toEqual({ ok: false, message });
      }
    });
  });

  it("'known x-service-id' (unknown service id)", async () => {
    const headers = signServiceRequest({
      secret: SECRET,
      serviceId: "mobile",
      method: "POST",
      pathWithQuery: PATH,
      body: BODY,
      timestamp: NOW,
      nonce: NONCE,
    });
    expect(await verifyServiceSignature(request(headers))).toEqual({
      ok: false,
      message: "unknown service id",
    });
  });

  describe("'timestamp is a decimal string of epoch milliseconds within 300,000 ms of now in either direction'", () => {
    it("exposes the 300,000 ms tolerance", () => {
      expect(SERVICE_CLOCK_TOLERANCE_MS).toBe(300_000);
    });

    it("accepts a timestamp exactly 300,000 ms in the past", async () => {
      expect(await verifyServiceSignature(request(signed({ timestamp: NOW - 300_000 })))).toMatchObject({
        ok: true,
      });
    });

    it("accepts a timestamp exactly 300,000 ms in the future", async () => {
      expect(await verifyServiceSignature(request(signed({ timestamp: NOW + 300_000 })))).toMatchObject({
        ok: true,
      });
    });

    it("rejects a timestamp 300,001 ms in the past", async () => {
      expect(await verifyServiceSignature(request(signed({ timestamp: NOW - 300_001 })))).toEqual({
        ok: false,
        message: "timestamp outside the allowed window",
      });
    });

    it("rejects a timestamp 300,001 ms in the future", async () => {
      expect(await verifyServiceSignature(request(signed({ timestamp: NOW + 300_001 })))).toEqual({
        ok: false,
        message: "timestamp outside the allowed window",
      });
    });

    it("rejects a timestamp in seconds as outside the window", async () => {
      const headers = { ...signed(), [SERVICE_HEADERS.timestamp]: String(Math.floor(NOW / 1000)) };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "timestamp outside the allowed window",
      });
    });

    for (const bad of [
      "abc",
      "1.7e12",
      " 1700000000000",
      "-1700000000000",
      "0x18bcfe56800",
      "1700000000000.5",
    ]) {
      it(`'non-numeric → invalid timestamp': ${JSON.stringify(bad)}`, async () => {
        const headers = { ...signed(), [SERVICE_HEADERS.timestamp]: bad };
        expect(await verifyServiceSignature(request(headers))).toEqual({
          ok: false,
          message: "invalid timestamp",
        });
      });
    }
  });

  describe("'nonce must be 8 to 128 characters'", () => {
    it("accepts nonces of exactly 8 and 128 characters", async () => {
      for (const nonce of ["a".repeat(8), "b".repeat(128)]) {
        expect(await verifyServiceSignature(request(signed({ nonce })))).toMatchObject({ ok: true });
      }
    });

    it("rejects a 7-character nonce", async () => {
      expect(await verifyServiceSignature(request(signed({ nonce: "a".repeat(7) })))).toEqual({
        ok: false,
        message: "invalid nonce",
      });
    });

    it("rejects a 129-character nonce", async () => {
      expect(await verifyServiceSignature(request(signed({ nonce: "a".repeat(129) })))).toEqual({
        ok: false,
        message: "invalid nonce",
      });
    });
  });

  describe("'nonce not used before'", () => {
    it("rejects a replayed request with 'nonce already used'", async () => {
      const store = nonceStore();
      const headers = signed();
      expect(await verifyServiceSignature(request(headers, { claimNonce: store.claimNonce }))).toMatchObject({
        ok: true,
      });
      expect(await verifyServiceSignature(request(headers, { claimNonce: store.claimNonce }))).toEqual({
        ok: false,
        message: "nonce already used",
      });
    });

    it("claims 'svc-nonce:' + nonce for 360,000 ms (the service id is not part of the key)", async () => {
      const store = nonceStore();
      await verifyServiceSignature(request(signed(), { claimNonce: store.claimNonce }));
      expect(SERVICE_NONCE_TTL_MS).toBe(360_000);
      expect(store.calls).toEqual([{ key: `svc-nonce:${NONCE}`, ttlMs: 360_000 }]);
    });

    // The service id is not signed, so it must not scope the nonce: changing only
    // x-service-id would otherwise replay the request (issue 9).
    it("refuses an accepted request resent under another known service id", async () => {
      const store = nonceStore();
      const headers = signed();
      expect(await verifyServiceSignature(request(headers, { claimNonce: store.claimNonce }))).toMatchObject({
        ok: true,
      });
      for (const serviceId of ["admin", "internal"]) {
        expect(
          await verifyServiceSignature(
            request({ ...headers, [SERVICE_HEADERS.id]: serviceId }, { claimNonce: store.claimNonce }),
          ),
        ).toEqual({ ok: false, message: "nonce already used" });
      }
    });

    it("a nonce is single-use across services: another service's own signed request with it is refused", async () => {
      const store = nonceStore();
      const fromAdmin = signServiceRequest({
        secret: SECRET,
        serviceId: "admin",
        method: "POST",
        pathWithQuery: PATH,
        body: BODY,
        timestamp: NOW,
        nonce: NONCE,
      });
      expect(await verifyServiceSignature(request(signed(), { claimNonce: store.claimNonce }))).toMatchObject(
        {
          ok: true,
        },
      );
      expect(await verifyServiceSignature(request(fromAdmin, { claimNonce: store.claimNonce }))).toEqual({
        ok: false,
        message: "nonce already used",
      });
    });

    describe("the nonce store's epoch (it may have forgotten nonces claimed before it)", () => {
      it("refuses a request dated before the epoch, after claiming its nonce", async () => {
        const store = nonceStore();
        const result = await verifyServiceSignature(
          request(signed({ timestamp: NOW - 1 }), {
            claimNonce: store.claimNonce,
            storeEpoch: async () => NOW,
          }),
        );
        expect(result).toEqual({ ok: false, message: "request signed before the nonce store recovered" });
        expect(store.calls).toHaveLength(1);
      });

      it("accepts a request dated at or after the epoch", async () => {
        expect(
          await verifyServiceSignature(request(signed({ timestamp: NOW }), { storeEpoch: async () => NOW })),
        ).toMatchObject({ ok: true });
        expect(
          await verifyServiceSignature(
            request(signed({ timestamp: NOW + 5 }), { storeEpoch: async () => NOW }),
          ),
        ).toMatchObject({ ok: true });
      });

      it("an epoch ahead of this server's clock counts as now", async () => {
        expect(
          await verifyServiceSignature(
            request(signed({ timestamp: NOW }), { storeEpoch: async () => NOW + 60_000 }),
          ),
        ).toMatchObject({ ok: true });
        expect(
          await verifyServiceSignature(
            request(signed({ timestamp: NOW - 1 }), { storeEpoch: async () => NOW + 60_000 }),
          ),
        ).toMatchObject({ ok: false });
      });

      it("reads the epoch only after the nonce is claimed, and not for a reused nonce", async () => {
        const order: string[] = [];
        const store = nonceStore();
        const claimNonce = async (key: string, ttlMs: number) => {
          order.push("claim");
          return store.claimNonce(key, ttlMs);
        };
        const storeEpoch = async () => {
          order.push("epoch");
          return 0;
        };
        await verifyServiceSignature(request(signed(), { claimNonce, storeEpoch }));
        await verifyServiceSignature(request(signed(), { claimNonce, storeEpoch }));
        expect(order).toEqual(["claim", "epoch", "claim"]);
      });

      it("lets an epoch failure propagate so the caller fails closed", async () => {
        const outage = new Error("redis down");
        const storeEpoch = async (): Promise<number> => {
          throw outage;
        };
        await expect(verifyServiceSignature(request(signed(), { storeEpoch }))).rejects.toBe(outage);
      });
    });

    it("'If claimNonce throws, let the error propagate'", async () => {
      const outage = new Error("redis down");
      const claimNonce = async (): Promise<boolean> => {
        throw outage;
      };
      await expect(verifyServiceSignature(request(signed(), { claimNonce }))).rejects.toBe(outage);
    });
  });

  describe("'Checks IN THIS ORDER, stopping at the first failure'", () => {
    it("reports an unknown service id before a bad signature", async () => {
      const headers = {
        ...signed(),
        [SERVICE_HEADERS.id]: "mobile",
        [SERVICE_HEADERS.signature]: "0".repeat(64),
      };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "unknown service id",
      });
    });

    it("reports an unknown service id before a stale timestamp", async () => {
      const headers = { ...signed({ timestamp: NOW - 10 * 60_000 }), [SERVICE_HEADERS.id]: "mobile" };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "unknown service id",
      });
    });

    it("reports a stale timestamp before a bad signature", async () => {
      const headers = {
        ...signed({ timestamp: NOW - 10 * 60_000 }),
        [SERVICE_HEADERS.signature]: "0".repeat(64),
      };
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "timestamp outside the allowed window",
      });
    });

    it("reports an invalid nonce before a bad signature", async () => {
      const headers = { ...signed({ nonce: "short" }), [SERVICE_HEADERS.signature]: "0".repeat(64) };
      expect(await verifyServiceSignature(request(headers))).toEqual({ ok: false, message: "invalid nonce" });
    });

    it("reports the timestamp before the nonce when both are bad", async () => {
      const headers = signed({ timestamp: NOW + 10 * 60_000, nonce: "short" });
      expect(await verifyServiceSignature(request(headers))).toEqual({
        ok: false,
        message: "timestamp outside the allowed window",
      });
    });

    it("a bad signature must not consume the nonce", async () => {
      const store = nonceStore();
      const forged = { ...signed(), [SERVICE_HEADERS.signature]: "0".repeat(64) };
      expect(await verifyServiceSignature(request(forged, { claimNonce: store.claimNonce }))).toEqual({
        ok: false,
        message: "invalid signature",
      });
      expect(store.calls).toEqual([]);
      // The genuine request with the same nonce still goes through afterwards.
      expect(await verifyServiceSignature(request(signed(), { claimNonce: store.claimNonce }))).toMatchObject(
        { ok: true },
      );
    });

    it("does not touch the nonce store for requests rejected before the signature step", async () => {
      const store = nonceStore();
      await verifyServiceSignature(
        request({ ...signed(), [SERVICE_HEADERS.id]: "mobile" }, { claimNonce: store.claimNonce }),
      );
      await verifyServiceSignature(
        request(signed({ timestamp: NOW - 10 * 60_000 }), { claimNonce: store.claimNonce }),
      );
      await verifyServiceSignature(request(signed({ nonce: "short" }), { claimNonce: store.claimNonce }));
      expect(store.calls).toEqual([]);
    });
  });
});
