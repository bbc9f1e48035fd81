import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

// POST/GET/PATCH /v1/web/plans (decisions.md "Supporting web routes"), over the real app.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

async function addPlan(owner: WebUserContext, body: Record<string, unknown> = {}) {
  const res = await t.web("POST", "/v1/web/plans", owner, { name: "חודשי", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
const names = (res: { body: any }) => res.body.data.items.map((p: { name: string }) => p.name);

describe("POST /v1/web/plans", () => {
  it("creates a plan with defaults: active, trigger NONE, price and duration decided per trainee", async () => {
    const plan = await addPlan(newOwner());
    expect(plan).toMatchObject({
      name: "חודשי",
      priceAgorot: null,
      durationValue: null,
      durationUnit: null,
      isActive: true,
      trigger: "NONE",
    });
    expect(typeof plan.id).toBe("string");
  });

  it("stores price, duration, trigger and isActive", async () => {
    const plan = await addPlan(newOwner(), {
      priceAgorot: 49_900,
      durationValue: 3,
      durationUnit: "MONTHS",
      trigger: "FIRST_PLAN",
      isActive: false,
    });
    expect(plan).toMatchObject({
      priceAgorot: 49_900,
      durationValue: 3,
      durationUnit: "MONTHS",
      trigger: "FIRST_PLAN",
      isActive: false,
    });
  });

  it("a duration value without its unit (or the reverse) is BAD_REQUEST", async () => {
    const owner = newOwner();
    for (const body of [{ durationValue: 3 }, { durationUnit: "DAYS" }]) {
      const res = await t.web("POST", "/v1/web/plans", owner, { name: "x", ...body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "BAD_REQUEST",
        message: "durationValue and durationUnit go together: send both or neither",
      });
    }
  });

  it("bounds: negative price, zero or non-integer duration, an int4 overflow, an unknown unit or trigger are VALIDATION", async () => {
    const owner = newOwner();
    for (const body of [
      { priceAgorot: -1 },
      { priceAgorot: 2_147_483_648 },
      { durationValue: 0, durationUnit: "DAYS" },
      { durationValue: 1.5, durationUnit: "DAYS" },
      { durationValue: 1, durationUnit: "WEEKS" },
      { trigger: "ALWAYS" },
      { name: "" },
    ]) {
      const res = await t.web("POST", "/v1/web/plans", owner, { name: "x", ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });
});

describe("GET /v1/web/plans", () => {
  it("lists the studio's plans (active or not) by name, a case-insensitive search, pages", async () => {
    const owner = newOwner();
    await addPlan(owner, { name: "Gold" });
    await addPlan(owner, { name: "bronze" });
    await addPlan(owner, { name: "Silver", isActive: false });
    await addPlan(newOwner(), { name: "Other studio" });
    const all = await t.web("GET", "/v1/web/plans", owner);
    expect(all.status).toBe(200);
    expect(names(all)).toEqual(["Gold", "Silver", "bronze"]);
    expect(all.body.data.total).toBe(3);
    expect(names(await t.web("GET", "/v1/web/plans?search=GOL", owner))).toEqual(["Gold"]);
    expect(names(await t.web("GET", "/v1/web/plans?search=%25", owner))).toEqual([]);
    const page = await t.web("GET", "/v1/web/plans?page=2&pageSize=2", owner);
    expect(names(page)).toEqual(["bronze"]);
    expect(page.body.data.total).toBe(3);
  });
});

describe("PATCH /v1/web/plans/:id", () => {
  it("changes the fields sent and keeps the others; null clears price and duration", async () => {
    const owner = newOwner();
    const plan = await addPlan(owner, { priceAgorot: 100, durationValue: 30, durationUnit: "DAYS" });
    const renamed = await t.web("PATCH", `/v1/web/plans/${plan.id}`, owner, {
      name: "Renamed",
      isActive: false,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: "Renamed",
      isActive: false,
      priceAgorot: 100,
      durationValue: 30,
      durationUnit: "DAYS",
    });
    const cleared = await t.web("PATCH", `/v1/web/plans/${plan.id}`, owner, {
      priceAgorot: null,
      durationValue: null,
      durationUnit: null,
      trigger: "FIRST_PLAN",
    });
    expect(cleared.body.data).toMatchObject({
      priceAgorot: null,
      durationValue: null,
      durationUnit: null,
      trigger: "FIRST_PLAN",
    });
  });

  it("the duration the plan would hold must stay a pair", async () => {
    const owner = newOwner();
    const plan = await addPlan(owner, { durationValue: 30, durationUnit: "DAYS" });
    const res = await t.web("PATCH", `/v1/web/plans/${plan.id}`, owner, { durationUnit: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("durationValue and durationUnit go together: send both or neither");
    const pairless = await addPlan(owner);
    const half = await t.web("PATCH", `/v1/web/plans/${pairless.id}`, owner, { durationValue: 2 });
    expect(half.status).toBe(400);
    const ok = await t.web("PATCH", `/v1/web/plans/${plan.id}`, owner, { durationValue: 2 });
    expect(ok.body.data).toMatchObject({ durationValue: 2, durationUnit: "DAYS" });
  });

  it("another studio's plan answers like a missing one and is left unchanged", async () => {
    const owner = newOwner();
    const foreign = await addPlan(newOwner(), { name: "Theirs" });
    const res = await t.web("PATCH", `/v1/web/plans/${foreign.id}`, owner, { name: "Mine" });
    const missing = await t.web("PATCH", "/v1/web/plans/nope", owner, { name: "Mine" });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "plan not found" });
    expect({ status: missing.status, code: missing.body.code, message: missing.body.message }).toEqual({
      status: res.status,
      code: res.body.code,
      message: res.body.message,
    });
    expect(names(await t.web("GET", "/v1/web/plans", owner))).toEqual([]);
  });
});
