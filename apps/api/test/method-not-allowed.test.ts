import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laneOfPath } from "../src/lanes/lane-of-path";
import { envelopeStyleFor } from "../src/rest/envelope";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { adminRequest, studioWithTrainee, traineeRequest } from "./support/notification-fixtures";

/**
 * Issue 26 item 12: a method a known path does not take answers 405 with an Allow header
 * listing the methods it takes (RFC 9110 §15.5.6), in the lane's error shape (code BAD_REQUEST,
 * as for 413); an unknown path stays 404 (automation: 400). Derived from the route table (the
 * OpenAPI document's paths, raw routes included): every path of every lane we hold a credential
 * for is asked with a method it does not take.
 */

const WEBHOOK_SECRET = "mna-webhook-secret";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
let t: TestApp;
const owner = newOwner();
let traineeToken = "";
let apiKey = "";

beforeAll(async () => {
  t = await startTestApp({ database: "postgres", env: { WEBHOOK_SECRET } });
  traineeToken = (await studioWithTrainee(t, owner)).token;
  const key = await t.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "405" });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  apiKey = key.body.data.key;
});
afterAll(async () => t?.close());

type Answer = { status: number; body: any; headers: Headers };

/** Sends with the credential of the path's lane; undefined for a lane without one here (bearer). */
function send(method: string, path: string): Promise<Answer> | undefined {
  switch (laneOfPath(path)) {
    case "web":
      return t.web(method, path, owner);
    case "internal":
    case "admin":
      return adminRequest(t, method, path);
    case "trainee":
      return traineeRequest(t, traineeToken, method, path);
    case "automation":
    case "partner":
      return t.request(method, path, { headers: { "x-api-key": apiKey } });
    case "public":
      return t.request(method, path);
    case "webhook":
      return t.request(method, `${path}?token=${WEBHOOK_SECRET}`);
    default:
      return undefined;
  }
}

function expectLaneShape(path: string, res: Answer, label: string) {
  const style = envelopeStyleFor(path);
  if (style === "automation")
    expect(res.body, label).toEqual({ success: false, message: "method not allowed" });
  else if (style === "signing") expect(res.body, label).toMatchObject({ code: "BAD_REQUEST" });
  else
    expect(res.body, label).toMatchObject({
      ok: false,
      code: "BAD_REQUEST",
      message: "method not allowed",
      requestId: expect.any(String),
    });
}

describe("unknown methods on known paths (RFC 9110 405 + Allow)", () => {
  it("every path of the route table answers a method it does not take with 405 and its methods in Allow", async () => {
    const doc = (await t.request("GET", "/openapi.json")).body;
    const templates = Object.entries(doc.paths as Record<string, Record<string, unknown>>).map(
      ([template, item]) => ({
        template,
        concrete: template.replace(/\{\w+\}/g, "x405"),
        methods: Object.keys(item)
          .map((m) => m.toUpperCase())
          .filter((m) => METHODS.includes(m)),
      }),
    );
    // The methods a concrete path takes: those of every template it matches (a static segment
    // and a parameter may both match, as /content/taxonomy and /content/{id}).
    const matches = (template: string, concrete: string) =>
      new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`).test(concrete);
    const problems: string[] = [];
    let asked = 0;
    for (const { concrete } of templates) {
      const taken = new Set(templates.filter((o) => matches(o.template, concrete)).flatMap((o) => o.methods));
      const method = METHODS.find((m) => !taken.has(m));
      if (!method) continue;
      const answer = send(method, concrete);
      if (!answer) continue;
      const res = await answer;
      asked += 1;
      const label = `${method} ${concrete}`;
      const expected = METHODS.filter((m) => taken.has(m)).join(", ");
      if (res.status !== 405 || res.headers.get("allow") !== expected) {
        problems.push(
          `${label} → ${res.status} Allow: ${res.headers.get("allow")} (expected 405 ${expected})`,
        );
        continue;
      }
      expectLaneShape(concrete, res, label);
    }
    expect(asked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 60_000);

  it("each lane: web, trainee, automation, public, the signing page and a raw route", async () => {
    const cases: [string, string, string][] = [
      ["DELETE", "/v1/web/studio", "GET"],
      ["PUT", "/v1/trainee/water", "GET, POST"],
      ["DELETE", "/v1/automation/validate", "GET"],
      ["GET", "/v1/public/waitlist-leads", "POST"],
      ["PATCH", "/v1/public/sign/some-token", "GET, POST"],
      ["GET", "/v1/web/content/media-upload/part", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const res = (await send(method, path))!;
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expectLaneShape(path, res, `${method} ${path}`);
    }
  });

  it("HEAD is not served: 405 with the path's methods", async () => {
    const res = await t.request("HEAD", "/v1/automation/validate", { headers: { "x-api-key": apiKey } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("unknown paths stay 404 (automation: 400), and a credential is still checked first", async () => {
    const web = await t.web("GET", "/v1/web/no-such-route", owner);
    expect(web.status).toBe(404);
    expect(web.headers.get("allow")).toBeNull();
    const automation = await send("GET", "/v1/automation/no-such-route")!;
    expect(automation.status).toBe(400);
    expect(automation.body).toEqual({ success: false, message: "route not found" });
    // No credential: the lane guard answers before the route table is asked.
    const anonymous = await t.request("DELETE", "/v1/web/studio");
    expect(anonymous.status).toBe(401);
  });
});
