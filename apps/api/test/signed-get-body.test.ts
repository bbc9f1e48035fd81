import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signServiceRequest } from "@studio/auth";
import { newOwner, startTestApp, userHeaders, type TestApp } from "./support/harness";

/**
 * Document 1 "Service signature": bodyHash covers the exact raw request bytes. A GET or HEAD body
 * never reaches the app (it was hashed as the empty body), so a validly signed GET used to pass
 * with any bytes appended (found by credentials-fuzz.test.ts); such a request is now refused 401
 * before the signature is checked, so it spends no nonce.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => {
  await t?.close();
});

/** node:http, which (unlike fetch) sends a body with a GET. */
function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(`${t.baseUrl}${path}`, { method, headers }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const signed = (method: string, path: string) => ({
  ...signServiceRequest({
    secret: t.config.serviceAuthSecret,
    serviceId: "web-app",
    method,
    pathWithQuery: path,
  }),
  ...userHeaders(newOwner()),
});

describe("a signed GET or HEAD carrying a body", () => {
  it.each([
    ["GET", "/v1/web/studio", 200],
    ["GET", "/v1/admin/notification-configs", 200],
    // No route answers HEAD: passing the guard shows as 405 (a method the path does not take).
    ["HEAD", "/v1/web/studio", 405],
  ])(
    "%s %s with body bytes answers 401; the same request without them then passes",
    async (method, path, ok) => {
      const headers = signed(method, path);
      for (const [extra, body] of [
        [{ "content-length": "2" }, "{}"],
        [{ "transfer-encoding": "chunked" }, "x"],
      ] as const) {
        const res = await send(method, path, { ...headers, ...extra }, body);
        expect(res.status).toBe(401);
        if (method === "GET") {
          expect(res.body).toMatchObject({
            code: "UNAUTHORIZED",
            message: "unexpected body on a GET or HEAD request",
          });
        }
      }
      expect((await send(method, path, { ...headers, "content-length": "0" })).status).toBe(ok);
    },
  );
});
