import { silentLogger } from "@studio/observability";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { clients, plans, studios, subscriptions } from "@studio/db";
import { addDays, localParts } from "@studio/domain";
import type { AppDeps } from "../src/context";
import type { AppEnv } from "../src/hono-env";
import { requestIdMiddleware } from "../src/http/request-id";
import { createRestHandler } from "../src/rest/rest-adapter";
import { router } from "../src/trpc";
import { traineeAppProcedure } from "../src/procedures/trainee-app-access";
import { createProcessCaches } from "../src/caches/process-caches";
import { freshPostgres } from "./support/databases";

/**
 * requireTraineeAppAccess with the live subscriptions' coverage (document 1 "Trainee lane";
 * decisions.md "App lock inputs"): a trainee-lane route behind traineeAppProcedure over a real
 * database. No product route uses the guard yet, so the route is purpose-built (as in
 * rest-adapter.test.ts). Each case is its own trainee: the verdict is cached 30 s per trainee.
 */
const testRouter = router({
  probe: traineeAppProcedure
    .meta({ openapi: { method: "GET", path: "/v1/trainee/app-probe" } })
    .input(z.object({}))
    .output(z.object({ open: z.literal(true) }))
    .query(() => ({ open: true as const })),
});

let db: Awaited<ReturnType<typeof freshPostgres>>;
let studioId = "";
let planId = "";
let app: Hono<AppEnv>;
const today = () => localParts(new Date(), "Asia/Jerusalem").date;
let phone = 0;

beforeAll(async () => {
  db = await freshPostgres();
  const deps = {
    database: db.handle,
    logger: silentLogger,
    now: () => new Date(),
    config: { appWebUrl: "http://localhost:3000" },
    // The process's caches (createApp makes them in the real app): the verdict cache under test.
    caches: createProcessCaches(() => Date.now()),
  } as unknown as AppDeps;
  const [studio] = await db.handle.db.insert(studios).values({ name: "Lock", slug: "lock" }).returning();
  studioId = studio!.id;
  const [plan] = await db.handle.db
    .insert(plans)
    .values({ studioId, name: "Monthly", durationValue: 1, durationUnit: "MONTHS" })
    .returning();
  planId = plan!.id;
  const { handler } = createRestHandler(testRouter);
  app = new Hono<AppEnv>();
  app.use("*", requestIdMiddleware);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("auth", { lane: "trainee", studioId, clientId: c.req.header("x-test-trainee")!, preview: false });
    await next();
  });
  app.all("/v1/*", handler);
});
afterAll(async () => db?.drop());

type SubscriptionFields = Partial<typeof subscriptions.$inferInsert>;
async function trainee(subs: SubscriptionFields[], fields: Partial<typeof clients.$inferInsert> = {}) {
  phone += 1;
  const [client] = await db.handle.db
    .insert(clients)
    .values({ studioId, firstName: "T", phone: `+97250100${String(phone).padStart(4, "0")}`, ...fields })
    .returning();
  for (const sub of subs)
    await db.handle.db.insert(subscriptions).values({
      studioId,
      clientId: client!.id,
      planId,
      status: "ACTIVE",
      durationValue: 1,
      durationUnit: "MONTHS",
      ...sub,
    });
  return client!.id;
}
const probe = async (clientId: string) => {
  const res = await app.request("/v1/trainee/app-probe", { headers: { "x-test-trainee": clientId } });
  return { status: res.status, body: (await res.json()) as any };
};
const running = () => ({ startDate: addDays(today(), -10), endDate: addDays(today(), 20) });
const ended = () => ({ startDate: addDays(today(), -40), endDate: addDays(today(), -2) });

describe("the app lock reads the live subscriptions", () => {
  it("a running plan keeps the app open", async () => {
    expect((await probe(await trainee([{ ...running() }]))).status).toBe(200);
  });

  it("a FROZEN subscription locks the app: 403 APP_LOCKED", async () => {
    const id = await trainee([{ ...running(), status: "FROZEN", frozenAt: new Date(Date.now() - 60_000) }]);
    const res = await probe(id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, code: "APP_LOCKED" });
  });

  it("a FROZEN subscription leaves the app open when the trainee (or the studio) allows the app while frozen", async () => {
    const id = await trainee([{ ...running(), status: "FROZEN", frozenAt: new Date(Date.now() - 60_000) }], {
      allowAppWhileFrozen: true,
    });
    expect((await probe(id)).status).toBe(200);
  });

  it("an ended plan (judged by its end date: open through that day, locked after) locks the app", async () => {
    const res = await probe(await trainee([{ ...ended() }]));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("APP_LOCKED");
    expect(
      (await probe(await trainee([{ startDate: addDays(today(), -30), endDate: today() }]))).status,
    ).toBe(200);
  });

  it("a renewal queued behind the ended running one keeps the app open", async () => {
    const last = ended();
    const id = await trainee([
      { ...last },
      { status: "PENDING", startDate: last.endDate, endDate: addDays(today(), 25) },
    ]);
    expect((await probe(id)).status).toBe(200);
  });

  it("live coverage wins over the trainee's own past end date; without live subscriptions that end date still locks", async () => {
    const past = { accessEndsAt: new Date(Date.now() - 86_400_000) };
    expect((await probe(await trainee([{ ...running() }], past))).status).toBe(200);
    expect((await probe(await trainee([{ ...running(), status: "CANCELED" }], past))).status).toBe(403);
  });

  it("no end date and no freeze: never locked (no subscriptions, only canceled ones, one waiting for FIRST_PLAN)", async () => {
    expect((await probe(await trainee([]))).status).toBe(200);
    expect((await probe(await trainee([{ ...ended(), status: "CANCELED" }]))).status).toBe(200);
    expect(
      (
        await probe(
          await trainee([
            { status: "PENDING", waitingForTrigger: "FIRST_PLAN", startDate: null, endDate: null },
          ]),
        )
      ).status,
    ).toBe(200);
  });

  it("a subscription the scheduler ENDED keeps the app locked (the lock follows the transition, issue 28)", async () => {
    expect((await probe(await trainee([{ ...ended(), status: "ENDED" }]))).status).toBe(403);
    expect((await probe(await trainee([{ ...ended(), status: "ACTIVE" }]))).status).toBe(403);
  });

  it("the verdict is cached 30 s per trainee: a freeze right after an open answer does not lock yet", async () => {
    const id = await trainee([{ ...running() }]);
    expect((await probe(id)).status).toBe(200);
    await db.handle.db
      .update(subscriptions)
      .set({ status: "FROZEN", frozenAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.clientId, id));
    expect((await probe(id)).status).toBe(200);
    const twin = await trainee([{ ...running(), status: "FROZEN", frozenAt: new Date(Date.now() - 1000) }]);
    expect((await probe(twin)).status).toBe(403);
  });
});
