import { expect } from "vitest";
import type { TestApp, WebUserContext } from "./harness";

/**
 * A studio API key made through the web route, and a caller of the automation lane with it
 * (JSON body when one is given, the key in x-api-key).
 */
export async function automationKey(app: TestApp, owner: WebUserContext, name = "Zapier") {
  const res = await app.web("POST", "/v1/web/studios/current/api-keys", owner, { name });
  expect(res.status).toBe(201);
  const key = res.body.data as { id: string; key: string };
  const call = (method: string, path: string, body?: unknown) =>
    app.request(method, `/v1/automation${path}`, {
      headers: {
        "x-api-key": key.key,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { ...key, call };
}
