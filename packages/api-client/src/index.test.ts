import { describe, expect, it } from "vitest";
import { verifyServiceSignature } from "@studio/auth";
import { signWebRequest } from "./index";

describe("signWebRequest", () => {
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
    const verify = (rawBody: string) =>
      verifyServiceSignature({
        getHeader: (n) => headers[n],
        method: "POST",
        pathWithQuery: "/v1/web/studios/current/api-keys?x=1",
        rawBody: new TextEncoder().encode(rawBody),
        secret: "s3cret",
        knownServiceIds: new Set(["web-app"]),
        now: Date.now(),
        claimNonce: async () => true,
      });
    expect(await verify(body)).toEqual({ ok: true, serviceId: "web-app" });
    expect((await verify(`${body} `)).ok).toBe(false);
  });
});
