import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouteTable } from "../src/rest/route-table";
import { appRouter } from "../src/router";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addCoach, addClient } from "./support/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

/** Every web route of the route table, path parameters filled with a placeholder id. */
const webRoutes = RouteTable.fromRouter(appRouter).routes.filter((r) => r.path.startsWith("/v1/web/"));
const concretePath = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

describe("one request scope: the dismissed-member rule is decided once for every web route", () => {
  it("a removed team member (active false) answers 403 this team member has been removed on every web route", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const client = await addClient(t, owner);
    const dismissed = await t.web("DELETE", `/v1/web/coaches/${coach.id}`, owner);
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);

    expect(webRoutes.length).toBeGreaterThan(30);
    const answers = await Promise.all(
      webRoutes.map(async (route) => {
        const res = await t.web(
          route.method,
          concretePath(route.path, client.id),
          as,
          route.method === "GET" ? undefined : {},
        );
        return { route: `${route.method} ${route.path}`, status: res.status, message: res.body.message };
      }),
    );
    const notRefused = answers.filter(
      (a) => a.status !== 403 || a.message !== "this team member has been removed",
    );
    expect(notRefused).toEqual([]);
  });

  it("the same routes answer an active member of the same role (the refusal is the dismissal, not the role)", async () => {
    const owner = newOwner();
    const { as } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const studio = await t.web("GET", "/v1/web/studio", as);
    expect(studio.status).toBe(200);
    const board = await t.web("GET", "/v1/web/crm/board", as);
    expect(board.status).toBe(200);
  });

  it("the OWNER keeps full access even when their own Coach row is inactive", async () => {
    const owner = newOwner();
    expect((await t.web("GET", "/v1/web/studio", owner)).status).toBe(200);
    const studioId = (await t.web("GET", "/v1/web/studio", owner)).body.data.id as string;
    const { coaches } = await import("@studio/db");
    const { and, eq } = await import("drizzle-orm");
    await t.deps.database.db
      .update(coaches)
      .set({ active: false })
      .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, owner.userId!)));
    expect((await t.web("GET", "/v1/web/crm/board", owner)).status).toBe(200);
    expect((await t.web("GET", "/v1/web/clients", owner)).status).toBe(200);
  });
});

describe("one request scope: domain time comes from the scope", () => {
  it("a fixed clock reaches the domain: a task created as DONE is resolved at the scope's now", async () => {
    // Frozen a few seconds in the past: inside the signature window, yet never the wall clock.
    const fixed = new Date(Math.floor(Date.now() / 1000) * 1000 - 7_000);
    const fixedApp = await startTestApp({ database: "postgres", now: () => fixed });
    try {
      const owner = newOwner();
      const res = await fixedApp.web("POST", "/v1/web/tasks", owner, {
        title: "done already",
        status: "DONE",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.resolvedAt).toBe(fixed.toISOString());
    } finally {
      await fixedApp.close();
    }
  });
});
