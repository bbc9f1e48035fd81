import { describe, expect, it } from "vitest";
import { verifyServiceSignature } from "@studio/auth";
import { signWebRequest, userContextHeaders } from "./index";

const verifier =
  (headers: Record<string, string>, method: string, pathWithQuery: string) =>
  (rawBody: string | Uint8Array) =>
    verifyServiceSignature({
      getHeader: (n) => headers[n],
      method,
      pathWithQuery,
      rawBody: typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : rawBody,
      secret: "s3cret",
      knownServiceIds: new Set(["web-app"]),
      now: Date.now(),
      claimNonce: async () => true,
    });

describe("signWebRequest (what createWebClient signs each web-lane request with)", () => {
  it("produces headers the server's signature check accepts, for the exact body bytes", async () => {
    const body = JSON.stringify({ name: "key" });
    const headers = signWebRequest(
      { serviceId: "web-app", secret: "s3cret" },
      {
        method: "post",
        pathWithQuery: "/v1/web/studios/current/api-keys?x=1",
        body,
        user: { studioId: "org1", userId: "u1", role: "OWNER" },
      },
    );
    expect(headers).toMatchObject({
      "x-studio-id": "org1",
      "x-user-id": "u1",
      "x-user-role": "OWNER",
      "content-type": "application/json",
    });
    const verify = verifier(headers, "POST", "/v1/web/studios/current/api-keys?x=1");
    expect(await verify(body)).toEqual({ ok: true, serviceId: "web-app" });
    expect((await verify(`${body} `)).ok).toBe(false);
    // The path with its query is signed too.
    expect((await verifier(headers, "POST", "/v1/web/studios/current/api-keys?x=2")(body)).ok).toBe(false);
  });

  it("signs the bytes of a non-ASCII body as sent, and a bodiless request without content-type", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ name: "נועה" }));
    const user = { studioId: "org1", userId: "u1" };
    const signed = signWebRequest(
      { serviceId: "web-app", secret: "s3cret" },
      { method: "PATCH", pathWithQuery: "/v1/web/crm/leads/l1", body: bytes, user },
    );
    expect(await verifier(signed, "PATCH", "/v1/web/crm/leads/l1")(bytes)).toEqual({
      ok: true,
      serviceId: "web-app",
    });
    expect((await verifier(signed, "PATCH", "/v1/web/crm/leads/l1")(bytes.subarray(1))).ok).toBe(false);

    const get = signWebRequest(
      { serviceId: "web-app", secret: "s3cret" },
      { method: "GET", pathWithQuery: "/v1/web/crm/board?search=%D7%A0", user },
    );
    expect(get["content-type"]).toBeUndefined();
    expect(await verifier(get, "GET", "/v1/web/crm/board?search=%D7%A0")("")).toEqual({
      ok: true,
      serviceId: "web-app",
    });
  });
});

describe("userContextHeaders", () => {
  it("sends the user context as x-* headers and leaves unset fields out (the API reads a missing role as SUB_COACH)", () => {
    expect(userContextHeaders({ studioId: "org1", userId: "u1", userName: "Dana", studioSlug: "" })).toEqual({
      "x-studio-id": "org1",
      "x-user-id": "u1",
      "x-user-name": "Dana",
    });
  });
});
