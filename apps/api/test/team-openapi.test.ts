import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SwaggerParser from "@apidevtools/swagger-parser";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
  doc = (await t.request("GET", "/openapi.json")).body;
});
afterAll(async () => t?.close());

/** Every team, clients, tasks and studio-settings route with its success status and how its input travels. */
const ROUTES: [method: string, path: string, status: string, input: "body" | "query" | "path"][] = [
  ["get", "/v1/web/coaches", "200", "query"],
  ["post", "/v1/web/coaches", "201", "body"],
  ["get", "/v1/web/coaches/{id}", "200", "path"],
  ["get", "/v1/web/coaches/{id}/impact", "200", "path"],
  ["patch", "/v1/web/coaches/{id}", "200", "body"],
  ["delete", "/v1/web/coaches/{id}", "200", "body"],
  ["get", "/v1/web/clients", "200", "query"],
  ["post", "/v1/web/clients", "201", "body"],
  ["get", "/v1/web/clients/{id}", "200", "path"],
  ["patch", "/v1/web/clients/{id}", "200", "body"],
  ["delete", "/v1/web/clients/{id}", "200", "path"],
  ["post", "/v1/web/clients/{id}/preview-token", "200", "path"],
  ["get", "/v1/web/tasks", "200", "query"],
  ["post", "/v1/web/tasks", "201", "body"],
  ["get", "/v1/web/tasks/{id}", "200", "path"],
  ["patch", "/v1/web/tasks/{id}", "200", "body"],
  ["patch", "/v1/web/studio/settings", "200", "body"],
];

describe("OpenAPI document: team, clients, tasks, studio settings", () => {
  it("the document still validates as OpenAPI 3.x with these routes", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it("lists every route with its request schema and its response schema in the envelope", () => {
    for (const [method, path, status, input] of ROUTES) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeTruthy();
      const ok = op.responses[status]?.content["application/json"].schema;
      expect(ok?.required, `${method} ${path}`).toEqual(["ok", "data", "requestId"]);
      expect(ok.properties.data, `${method} ${path}`).toBeTruthy();
      const error = (status: string) => op.responses[status]?.content["application/json"].schema.$ref;
      expect(error("401"), `${method} ${path}`).toBe("#/components/schemas/UnauthorizedError");
      expect(error("403"), `${method} ${path}`).toBe("#/components/schemas/ForbiddenError");
      expect(error("422"), `${method} ${path}`).toBe("#/components/schemas/ValidationError");
      if (path.includes("{id}"))
        expect(error("404"), `${method} ${path}`).toBe("#/components/schemas/NotFoundError");
      if (method !== "get") {
        expect(error("400"), `${method} ${path}`).toBe("#/components/schemas/BadRequestError");
        expect(error("409"), `${method} ${path}`).toBe("#/components/schemas/ConflictError");
      }
      if (input === "body")
        expect(op.requestBody?.content["application/json"].schema, `${method} ${path}`).toBeTruthy();
      const params = (op.parameters ?? []).map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
      if (path.includes("{id}")) expect(params).toContain("path:id");
      if (input === "query")
        expect(
          params.some((p: string) => p.startsWith("query:")),
          `${method} ${path}`,
        ).toBe(true);
    }
  });

  it("names the shared shapes: Coach, Client, Task, CoachDismissResult, StudioWithLimits", () => {
    for (const name of [
      "Coach",
      "Client",
      "Task",
      "CoachDismissResult",
      "CoachImpact",
      "PreviewToken",
      "StudioWithLimits",
      "Permissions",
    ]) {
      expect(doc.components.schemas[name], name).toBeTruthy();
    }
    const listQuery = doc.paths["/v1/web/coaches"].get.parameters.map((p: { name: string }) => p.name);
    expect(listQuery).toEqual(expect.arrayContaining(["role", "active", "search", "page", "pageSize"]));
  });
});
