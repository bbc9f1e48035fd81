import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RouteTable } from "../src/rest/route-table";
import { buildRouteMap, currentRouteMarkdown, formatRouteMarkdown } from "../src/route-map";
import { router, webProcedure } from "../src/trpc";

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
const fileName = (path: string) => path.split("/").at(-1)!.replace(/\.ts$/, "");

describe("findable routes", () => {
  const entries = buildRouteMap();

  it("every route traces to one route file and one exported domain function", () => {
    expect(entries.length).toBeGreaterThan(40);
    for (const e of entries) {
      expect(e.routeFile).toMatch(/^apps\/api\/src\/(routes|raw)\/\w+\//);
      expect(e.domainFile).toMatch(/^packages\/domain\/src\/\w+\//);
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
    expect(entries.filter((e) => e.tables.length === 0).map((e) => `${e.method} ${e.path}`)).toEqual([]);
    // Only tables: helpers @studio/db also exports (preparedQuery) are not listed.
    expect(entries.flatMap((e) => e.tables)).not.toContain("preparedQuery");
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
