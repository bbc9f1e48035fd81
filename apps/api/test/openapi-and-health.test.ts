import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SwaggerParser from "@apidevtools/swagger-parser";
import { appRouter } from "../src/router";
import { RouteTable } from "../src/rest/route-table";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "pglite" });
});
afterAll(async () => t?.close());

describe("OpenAPI document", () => {
  it("GET /openapi.json validates as OpenAPI 3.x", async () => {
    const res = await t.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(res.body))).resolves.toBeTruthy();
  });

  it("lists every REST route with its success status wrapped in the lane's envelope", async () => {
    const doc = (await t.request("GET", "/openapi.json")).body;
    const create = doc.paths["/v1/web/studios/current/api-keys"].post;
    expect(Object.keys(create.responses)).toEqual([
      "201",
      "400",
      "401",
      "403",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    const created = create.responses["201"].content["application/json"].schema;
    expect(created.required).toEqual(["ok", "data", "requestId"]);
    expect(create.requestBody.content["application/json"].schema).toBeTruthy();
    const automation =
      doc.paths["/v1/automation/validate"].get.responses["200"].content["application/json"].schema;
    expect(automation.required).toEqual(["success", "message", "data"]);
    for (const status of ["401", "429", "500", "503"])
      expect(
        doc.paths["/v1/automation/validate"].get.responses[status].content["application/json"].schema.$ref,
      ).toBe("#/components/schemas/AutomationErrorBody");
    for (const path of ["/v1/web/studio", "/v1/web/studios/current/api-keys/{id}", "/v1/trainee/me"])
      expect(doc.paths[path]).toBeTruthy();
  });

  it("every REST route of every lane is in the document, with its success status and its error responses", async () => {
    const doc = (await t.request("GET", "/openapi.json")).body;
    const routes = RouteTable.fromRouter(appRouter).routes;
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeTruthy();
      const statuses = Object.keys(op.responses);
      expect(statuses[0], `${route.method} ${route.path}`).toBe(String(route.successStatus));
      // No catch-all: each error status is listed on its own, the ones every /v1 request can get included.
      expect(statuses, `${route.method} ${route.path}`).not.toContain("default");
      expect(statuses, `${route.method} ${route.path}`).toEqual(
        expect.arrayContaining(["429", "500", "503"]),
      );
      for (const status of statuses.slice(1)) expect(Number(status)).toBeGreaterThanOrEqual(400);
    }
  });

  it("GET /docs serves the interactive reference", async () => {
    const res = await fetch(`${t.baseUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("/openapi.json");
  });
});

describe("health", () => {
  it("/healthz answers for the process; /readyz checks the database and the store", async () => {
    expect((await t.request("GET", "/healthz")).body).toEqual({ ok: true });
    const ready = await t.request("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, checks: { database: "ok", store: "ok" } });
  });

  it("every answer carries x-request-id, and an unknown route is NOT_FOUND in the envelope", async () => {
    const res = await t.request("GET", "/nowhere");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
      requestId: res.headers.get("x-request-id"),
    });
  });
});
