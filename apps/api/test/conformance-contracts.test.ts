import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foods, programs } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { createContent } from "./support/content-fixtures";
import { studioIdOf } from "./support/team-fixtures";

/**
 * Issue 26 ("Conformance sweep"), spec rules on input coercion:
 * - item 1: a content item's sortOrder is "coerced to integer" (document 2): "3" is 3;
 * - item 4: plan-day snapshot bodies and custom meals take a plan food's qty as plan content
 *   holds it, a string (document 2: "qty (string, default 100)"), as well as a number.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

describe("content item sortOrder is coerced to integer (document 2)", () => {
  it('accepts "3" as 3 on create and "-5" as -5 on patch', async () => {
    const user = newOwner();
    const created = await createContent(t, user, { sortOrder: "3" });
    expect(created.sortOrder).toBe(3);
    expect((await createContent(t, user, { sortOrder: " 12 " })).sortOrder).toBe(12);
    const patched = await t.web("PATCH", `/v1/web/content/${created.id}`, user, { sortOrder: "-5" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.sortOrder).toBe(-5);
    const read = await t.web("GET", `/v1/web/content/${created.id}`, user);
    expect(read.body.data.sortOrder).toBe(-5);
  });

  it("refuses strings that are not whole numbers inside the integer column's range (422 VALIDATION)", async () => {
    const user = newOwner();
    for (const sortOrder of ["abc", "", "3.5x", "2147483648", "-2147483649", "1e3", "x".repeat(40)]) {
      const res = await t.web("POST", "/v1/web/content", user, { type: "recipe", title: "A", sortOrder });
      expect(res.status, JSON.stringify(sortOrder)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });
});

describe("plan food quantities as plan content holds them (document 2: qty is a string)", () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  async function traineeWithPlan() {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const trainee = await addTrainee(t, studioId, { timezone: "Asia/Jerusalem" });
    const [food] = await t.deps.database.db.insert(foods).values({ studioId, name: "Oats" }).returning();
    await t.deps.database.db.insert(programs).values({
      studioId,
      clientId: trainee.id,
      type: "NUTRITION",
      name: "Plan",
      content: {
        schemaVersion: 1,
        days: [
          {
            id: "nd1",
            meals: [{ id: "m1", type: "breakfast", items: [{ id: "i1", foodId: food!.id, qty: "80" }] }],
          },
        ],
      },
    });
    const token = t.traineeToken(trainee.id, studioId);
    const call = (method: string, path: string, body: unknown) =>
      t.request(method, path, {
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    return { call, foodId: food!.id };
  }

  it('PUT .../meals/:mealId takes "150" in items and addedItems as 150', async () => {
    const { call, foodId } = await traineeWithPlan();
    const res = await call("PUT", `/v1/trainee/nutrition/days/${daysAgo(2)}/meals/m1`, {
      status: "eaten",
      items: [{ itemId: "i1", eaten: true, qty: "150" }],
      addedItems: [
        { foodId, qty: "20.5" },
        { foodId, qty: 30 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items).toMatchObject([{ itemId: "i1", eaten: true, qty: 150 }]);
    expect(res.body.data.addedItems).toEqual([
      { foodId, qty: 20.5 },
      { foodId, qty: 30 },
    ]);
  });

  it("refuses non-numeric or out-of-range quantity strings with 422 VALIDATION", async () => {
    const { call, foodId } = await traineeWithPlan();
    const path = `/v1/trainee/nutrition/days/${daysAgo(2)}/meals/m1`;
    for (const qty of ["abc", "", "0", "-5", "10001", "1e3", "12,5"]) {
      for (const body of [
        { status: "eaten", items: [{ itemId: "i1", eaten: true, qty }] },
        { status: "eaten", addedItems: [{ foodId, qty }] },
      ]) {
        const res = await call("PUT", path, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.code).toBe("VALIDATION");
      }
    }
  });

  it('POST .../custom-meals takes an item qty "60" as 60 and refuses "sixty"', async () => {
    const { call, foodId } = await traineeWithPlan();
    const path = `/v1/trainee/nutrition/days/${daysAgo(2)}/custom-meals`;
    const res = await call("POST", path, { label: "Snack", items: [{ foodId, name: "Oats", qty: "60" }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.items).toMatchObject([{ foodId, name: "Oats", qty: 60 }]);
    const bad = await call("POST", path, { label: "Snack", items: [{ foodId, name: "Oats", qty: "sixty" }] });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("VALIDATION");
  });
});
