import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RouteTable } from "../src/rest/route-table";
import {
  buildRouteMap,
  currentRouteMarkdown,
  domainFunctionTables,
  formatRouteMarkdown,
  isTypeOnlyImport,
} from "../src/route-map";
import { testFilesOfRoutes } from "../src/route-test-files";
import { router, webProcedure } from "../src/trpc";

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
const fileName = (path: string) => path.split("/").at(-1)!.replace(/\.ts$/, "");

describe("findable routes", () => {
  const entries = buildRouteMap();

  it("every route traces to one route file and one exported domain function", () => {
    expect(entries.length).toBeGreaterThan(40);
    for (const e of entries) {
      expect(e.routeFile).toMatch(/^apps\/api\/src\/(routes|raw)\/[\w-]+\//);
      expect(e.domainFile).toMatch(/^packages\/domain\/src\/[\w-]+\//);
    }
  });

  it("route and domain files are named after the operation they serve", () => {
    const misnamed = entries
      .filter(
        (e) =>
          fileName(e.domainFile) !== kebab(e.domainFunction) ||
          fileName(e.routeFile) !== kebab(e.domainFunction),
      )
      .map((e) => `${e.method} ${e.path}: ${e.routeFile} → ${e.domainFunction} in ${e.domainFile}`);
    expect(misnamed).toEqual([]);
  });

  it("each route names the tables it reaches, through the domain modules its function imports", () => {
    const tablesOf = (method: string, path: string) =>
      entries.find((e) => e.method === method && e.path === path)?.tables;
    // Both measurement routes delegate their write to merge-day-measurements.ts.
    expect(tablesOf("POST", "/v1/trainee/measurements")).toContain("dailyMetrics");
    expect(tablesOf("POST", "/v1/web/clients/{id}/tracking/measurements")).toContain("dailyMetrics");
    // Only the routes whose work is the key-value store, the object storage or the model read no table.
    expect(entries.filter((e) => e.tables.length === 0).map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /v1/automation/validate",
      "POST /v1/public/onboarding/request-email-otp",
      "POST /v1/public/onboarding/request-otp",
      "POST /v1/public/onboarding/verify-email-otp",
      "POST /v1/public/onboarding/verify-otp",
      "POST /v1/web/content/generate-recipe",
      "POST /v1/web/content/media",
      "POST /v1/web/content/media-upload/abort",
      "POST /v1/web/content/media-upload/complete",
      "POST /v1/web/content/media-upload/part",
      "POST /v1/web/content/media-upload/start",
      "POST /v1/web/content/media-url",
    ]);
    // Only tables: helpers @studio/db also exports (preparedQuery) are not listed.
    expect(entries.flatMap((e) => e.tables)).not.toContain("preparedQuery");
  });

  it("a module imported for its types only adds no tables (it runs no query)", () => {
    expect(isTypeOnlyImport("type { CoachScope }")).toBe(true);
    expect(isTypeOnlyImport("{ type ClientRow, type ClientView }")).toBe(true);
    expect(isTypeOnlyImport("{ type ClientRow, loadClientRow }")).toBe(false);
    expect(isTypeOnlyImport("{ AppError }")).toBe(false);
    expect(isTypeOnlyImport("* as schema")).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), "domain-tables-"));
    try {
      mkdirSync(join(dir, "team"));
      mkdirSync(join(dir, "forms"));
      const files: Record<string, string> = {
        // scope.ts's shape: types only, next to the access check that reads coaches and studios.
        "scope.ts":
          'import type { CoachAccess } from "./team/coach-access";\nexport type Scope = { access: CoachAccess };',
        "team/coach-access.ts":
          'import { coaches, studios } from "@studio/db";\nexport type CoachAccess = { coachId: string };\nexport function loadCoachAccess() {}',
        "forms/list-forms.ts":
          'import { forms } from "@studio/db";\nimport type { Scope } from "../scope";\nimport { type CoachAccess } from "../team/coach-access";\nexport async function listForms() {}',
        "forms/assign-form.ts":
          'import { formAssignments } from "@studio/db";\nimport { type Scope } from "../scope";\nimport { loadCoachAccess } from "../team/coach-access";\nexport async function assignForm() {}',
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const tables = domainFunctionTables(dir);
      expect(tables.get("listForms")?.tables).toEqual(["forms"]);
      expect(tables.get("assignForm")?.tables).toEqual(["coaches", "formAssignments", "studios"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // scope.ts (types only) no longer brings the access checks' coaches and studios to every route.
    expect(entries.find((e) => e.path === "/v1/automation/forms")?.tables).toEqual(["forms"]);
  });

  it("each route names the test files that request it", () => {
    const testsOf = (method: string, path: string) =>
      entries.find((e) => e.method === method && e.path === path)?.testFiles ?? [];
    expect(testsOf("POST", "/v1/web/crm/leads")).toContain("crm-leads.test.ts");
    // A path the test builds from a constant: `${AVAILABILITY}/${id}`.
    expect(testsOf("DELETE", "/v1/web/calendar/availability/{id}")).toContain("calendar-web.test.ts");
    // A helper that prefixes its lane: s.call("GET", "/rpc/tags").
    expect(testsOf("GET", "/v1/automation/rpc/tags")).toContain("automation-weights-message.test.ts");
    // The map's own test names routes without requesting them.
    expect(entries.flatMap((e) => e.testFiles)).not.toContain("route-map.test.ts");
  });

  it("a test file counts for a route when a path it writes matches the route's path and method", () => {
    const dir = mkdtempSync(join(tmpdir(), "route-tests-"));
    try {
      mkdirSync(join(dir, "nested"));
      const files: Record<string, string> = {
        "leads.test.ts":
          'await t.web("POST", "/v1/web/crm/leads", user, body);\nawait t.web("POST", "/v1/web/crm/leads");',
        "lead.test.ts": 'await t.web("GET", `/v1/web/crm/leads/${lead.id}?full=1`);',
        "titles.test.ts": 'describe("GET, PATCH /v1/web/crm/leads/:id", () => {});',
        "any-method.test.ts": "for (const method of methods) await t.web(method, `/v1/web/crm/leads/${id}`);",
        "constant.test.ts": 'const LEADS = "/v1/web/crm/leads";\nawait t.web("DELETE", `${LEADS}/${id}`);',
        "two-ids.test.ts": 'await t.web("DELETE", `/v1/web/crm/leads/${a}${suffix}`);',
        "nested/lane-helper.test.ts": 'await s.call("GET", "/crm/leads/x");',
        "support.ts": 'await t.web("POST", "/v1/web/crm/leads");',
        "skipped.test.ts": 'await t.web("POST", "/v1/web/crm/leads");',
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const routes = [
        { method: "POST", path: "/v1/web/crm/leads" },
        { method: "GET", path: "/v1/web/crm/leads/{id}" },
        { method: "PATCH", path: "/v1/web/crm/leads/{id}" },
        { method: "DELETE", path: "/v1/web/crm/leads/{id}" },
        { method: "PUT", path: "/v1/web/crm/leads/{id}/stage" },
      ];
      expect(Object.fromEntries(testFilesOfRoutes(routes, dir, ["skipped.test.ts"]))).toEqual({
        "POST /v1/web/crm/leads": ["leads.test.ts"],
        "GET /v1/web/crm/leads/{id}": ["any-method.test.ts", "lead.test.ts", "titles.test.ts"],
        "PATCH /v1/web/crm/leads/{id}": ["any-method.test.ts", "titles.test.ts"],
        "DELETE /v1/web/crm/leads/{id}": ["any-method.test.ts", "constant.test.ts"],
        "PUT /v1/web/crm/leads/{id}/stage": [],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("docs/ROUTES.md is the generated map (run `pnpm routes --write` when this fails)", () => {
    expect(currentRouteMarkdown()).toBe(formatRouteMarkdown(entries));
  });

  it("the route table refuses at start a procedure whose path lies outside its lane's prefix", () => {
    const stray = webProcedure
      .meta({ openapi: { method: "GET", path: "/v1/trainee/stray" } })
      .input(z.object({}))
      .output(z.object({}))
      .query(() => ({}));
    expect(() => RouteTable.fromRouter(router({ web: router({ stray }) }))).toThrow(
      /web\.stray has path \/v1\/trainee\/stray, outside its lane \(web\)/,
    );
    const fine = router({ trainee: router({ stray }) });
    expect(RouteTable.fromRouter(fine).routes).toHaveLength(1);
  });
});
