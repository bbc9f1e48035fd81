import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { foodOverrides, foods } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addCoach, studioIdOf, withoutRequestId } from "./support/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const TOMATO = "sysfood-tomato";
const SALT = "sysfood-salt";

async function createFood(user: WebUserContext, body: Record<string, unknown>) {
  const res = await t.web("POST", "/v1/web/foods", user, { name: "Food", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
async function listFoods(user: WebUserContext, query = "") {
  const res = await t.web("GET", `/v1/web/foods${query}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: any[]; total: number };
}
const putOverride = (user: WebUserContext, id: string, body: Record<string, unknown>) =>
  t.web("PUT", `/v1/web/foods/${id}/override`, user, body);
/** A studio's view of one food through the list (search by a unique name part). */
async function foodInList(user: WebUserContext, id: string) {
  let page = 1;
  for (;;) {
    const { items, total } = await listFoods(user, `?pageSize=500&page=${page}`);
    const found = items.find((f) => f.id === id);
    if (found || page * 500 >= total) return found;
    page += 1;
  }
}
const unique = () => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe("POST /v1/web/foods", () => {
  it("creates a food of the studio: 201 with defaults (brand null, categories [], includeInShopping true, no override)", async () => {
    const owner = newOwner();
    const res = await t.web("POST", "/v1/web/foods", owner, { name: "  Skyr  " });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Skyr",
      system: false,
      brand: null,
      category: null,
      categories: [],
      kcal: null,
      protein: null,
      carbs: null,
      fat: null,
      includeInShopping: true,
      privateAiImport: false,
      override: null,
    });
    expect(res.body.data.id).toEqual(expect.any(String));
    expect(res.body.data.createdAt).toBe(res.body.data.updatedAt);
    const [row] = await t.deps.database.db.select().from(foods).where(eq(foods.id, res.body.data.id));
    expect(row!.studioId).toBe(await studioIdOf(t, owner));
  });

  it("stores every field: blank brand/category become null, categories trimmed and deduplicated", async () => {
    const owner = newOwner();
    const food = await createFood(owner, {
      name: "Protein bar",
      brand: "  ",
      category: " ",
      categories: [" snacks ", "protein", "snacks"],
      kcal: 380.5,
      protein: 30,
      carbs: 40,
      fat: 12.25,
      includeInShopping: false,
    });
    expect(food).toMatchObject({
      brand: null,
      category: null,
      categories: ["snacks", "protein"],
      kcal: 380.5,
      protein: 30,
      carbs: 40,
      fat: 12.25,
      includeInShopping: false,
    });
    const branded = await createFood(owner, { name: "Milk", brand: "Tnuva", category: "dairy" });
    expect(branded).toMatchObject({ brand: "Tnuva", category: "dairy", categories: [] });
  });

  it("VALIDATION 422: missing or blank name, macros out of range (per 100 g), too many categories, NUL", async () => {
    const owner = newOwner();
    const bad: Record<string, unknown>[] = [
      {},
      { name: "   " },
      { name: "x", protein: 100.5 },
      { name: "x", kcal: -1 },
      { name: "x", kcal: 1000.1 },
      { name: "x", categories: Array.from({ length: 21 }, (_, i) => `c${i}`) },
      { name: "x", categories: [""] },
      { name: "x\u0000" },
      { name: "x", includeInShopping: "yes" },
    ];
    for (const body of bad) {
      const res = await t.web("POST", "/v1/web/foods", owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });

  it("any web role may write foods (a SUB_COACH creates, edits and overrides)", async () => {
    const owner = newOwner();
    const { as } = await addCoach(t, owner, { role: "SUB_COACH" });
    const food = await createFood(as, { name: "Sub food" });
    const patched = await t.web("PATCH", `/v1/web/foods/${food.id}`, as, { brand: "B" });
    expect(patched.status).toBe(200);
    const overridden = await putOverride(as, TOMATO, { name: "עגבניות שרי" });
    expect(overridden.status).toBe(200);
  });
});

describe("GET /v1/web/foods", () => {
  it("lists the system foods and the studio's own, never another studio's; total counts all matches", async () => {
    const owner = newOwner();
    const other = newOwner();
    const tag = unique();
    const mine = await createFood(owner, { name: `${tag} mine` });
    await createFood(other, { name: `${tag} theirs` });
    const all = await listFoods(owner, "?pageSize=500");
    const systemCount = all.items.filter((f) => f.system).length;
    expect(systemCount).toBeGreaterThanOrEqual(30);
    expect(all.total).toBe(systemCount + 1);
    expect(all.items.find((f) => f.id === mine.id)).toMatchObject({ system: false });
    expect(all.items.find((f) => f.id === TOMATO)).toMatchObject({
      system: true,
      name: "עגבנייה",
      brand: null,
      category: "vegetables",
      categories: ["vegetables"],
      includeInShopping: true,
      override: null,
    });
    const searched = await listFoods(owner, `?search=${tag}`);
    expect(searched.items.map((f) => f.id)).toEqual([mine.id]);
    expect(searched.total).toBe(1);
  });

  it("orders by name then id; pages with page and pageSize (default 20); total is the filter's", async () => {
    const owner = newOwner();
    const tag = unique();
    const b = await createFood(owner, { name: `${tag} b` });
    const a = await createFood(owner, { name: `${tag} a` });
    const c = await createFood(owner, { name: `${tag} c` });
    expect((await listFoods(owner, `?search=${tag}`)).items.map((f) => f.id)).toEqual([a.id, b.id, c.id]);
    const page2 = await listFoods(owner, `?search=${tag}&pageSize=2&page=2`);
    expect(page2.items.map((f) => f.id)).toEqual([c.id]);
    expect(page2.total).toBe(3);
    expect((await listFoods(owner)).items).toHaveLength(20);
    for (const q of ["?pageSize=501", "?page=0", "?pageSize=abc"]) {
      expect((await t.web("GET", `/v1/web/foods${q}`, owner)).status, q).toBe(422);
    }
  });

  it("search is case-insensitive on the effective name (the override's), with LIKE wildcards literal", async () => {
    const owner = newOwner();
    const tag = unique();
    const food = await createFood(owner, { name: `${tag} Greek YOGURT` });
    await createFood(owner, { name: `${tag} 100% cocoa` });
    expect((await listFoods(owner, `?search=${tag}%20greek%20yogurt`)).items.map((f) => f.id)).toEqual([
      food.id,
    ]);
    expect((await listFoods(owner, `?search=${tag}%25`)).items).toHaveLength(0);
    expect(
      (await listFoods(owner, `?search=${encodeURIComponent("100%")}`)).items.map((f) => f.name),
    ).toEqual([`${tag} 100% cocoa`]);
    // Hebrew names of the system foods, and the override's name.
    expect((await listFoods(owner, `?search=${encodeURIComponent("עגבני")}`)).items.map((f) => f.id)).toEqual(
      [TOMATO],
    );
    expect((await putOverride(owner, TOMATO, { name: `${tag} tomato` })).status).toBe(200);
    expect((await listFoods(owner, `?search=${tag}%20TOMATO`)).items.map((f) => f.id)).toEqual([TOMATO]);
    expect((await listFoods(owner, `?search=${encodeURIComponent("עגבני")}`)).items).toHaveLength(0);
  });

  it("category matches foods whose categories contain it or whose category equals it (uncategorized only literally)", async () => {
    const owner = newOwner();
    const tag = unique();
    const inArray = await createFood(owner, {
      name: `${tag} 1`,
      categories: [`${tag}-cat`, "x"],
      category: "y",
    });
    const single = await createFood(owner, { name: `${tag} 2`, category: `${tag}-cat` });
    await createFood(owner, { name: `${tag} 3`, category: "other" });
    const none = await createFood(owner, { name: `${tag} 4` });
    const literal = await createFood(owner, { name: `${tag} 5`, category: "uncategorized" });
    const ids = async (category: string) =>
      (await listFoods(owner, `?search=${tag}&category=${category}`)).items.map((f) => f.id);
    expect(await ids(`${tag}-cat`)).toEqual([inArray.id, single.id]);
    expect(await ids("y")).toEqual([inArray.id]);
    expect(await ids("uncategorized")).toEqual([literal.id]);
    expect(await ids("uncategorized")).not.toContain(none.id);
  });

  it("shows a private AI import of the studio, flagged privateAiImport", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const tag = unique();
    await t.deps.database.db
      .insert(foods)
      .values({ id: `ai-${tag}`, studioId, name: `${tag} imported`, privateAiImport: true });
    expect((await listFoods(owner, `?search=${tag}`)).items).toEqual([
      expect.objectContaining({ id: `ai-${tag}`, privateAiImport: true, system: false }),
    ]);
  });
});

describe("PATCH /v1/web/foods/{id}", () => {
  it("changes the fields sent; null clears nullable fields; categories are replaced whole", async () => {
    const owner = newOwner();
    const food = await createFood(owner, {
      name: "Bread",
      brand: "Angel",
      category: "bread",
      categories: ["bread", "carbs"],
      kcal: 250,
      protein: 9,
    });
    const res = await t.web("PATCH", `/v1/web/foods/${food.id}`, owner, {
      name: "Rye bread",
      brand: null,
      categories: ["bakery"],
      kcal: 260,
      protein: null,
      includeInShopping: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: food.id,
      name: "Rye bread",
      brand: null,
      category: "bread",
      categories: ["bakery"],
      kcal: 260,
      protein: null,
      includeInShopping: false,
      createdAt: food.createdAt,
    });
    expect(res.body.data.updatedAt >= food.updatedAt).toBe(true);
    const untouched = await t.web("PATCH", `/v1/web/foods/${food.id}`, owner, {});
    expect(untouched.body.data).toMatchObject({ name: "Rye bread", categories: ["bakery"] });
  });

  it("a system food answers 403 FORBIDDEN telling to use the override (reason SYSTEM_FOOD); the row is unchanged", async () => {
    const owner = newOwner();
    const res = await t.web("PATCH", `/v1/web/foods/${SALT}`, owner, { name: "Sea salt" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "FORBIDDEN", details: { reason: "SYSTEM_FOOD" } });
    expect(res.body.message).toContain("/v1/web/foods/{id}/override");
    const [row] = await t.deps.database.db.select().from(foods).where(eq(foods.id, SALT));
    expect(row!.name).toBe("מלח");
  });

  it("another studio's food answers exactly like a missing one (404 food not found) and is not changed", async () => {
    const owner = newOwner();
    const theirs = await createFood(newOwner(), { name: "Theirs" });
    const foreign = await t.web("PATCH", `/v1/web/foods/${theirs.id}`, owner, { name: "Mine now" });
    const missing = await t.web("PATCH", "/v1/web/foods/no-such-food", owner, { name: "Mine now" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND", message: "food not found" });
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    const [row] = await t.deps.database.db.select().from(foods).where(eq(foods.id, theirs.id));
    expect(row!.name).toBe("Theirs");
  });

  it("VALIDATION 422: null name, out-of-range macro, non-array categories", async () => {
    const owner = newOwner();
    const food = await createFood(owner, { name: "V" });
    for (const body of [{ name: null }, { fat: 101 }, { categories: "dairy" }, { includeInShopping: null }]) {
      const res = await t.web("PATCH", `/v1/web/foods/${food.id}`, owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("PUT /v1/web/foods/{id}/override", () => {
  it("creates the studio's override of a system food; the list shows effective values and the override's columns", async () => {
    const owner = newOwner();
    const res = await putOverride(owner, TOMATO, {
      name: "עגבניות שרי",
      brand: "Shufersal",
      categories: ["vegetables", "snacks"],
      kcal: 20,
      includeInShopping: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: TOMATO,
      system: true,
      name: "עגבניות שרי",
      brand: "Shufersal",
      category: "vegetables",
      categories: ["vegetables", "snacks"],
      kcal: 20,
      protein: 0.9,
      includeInShopping: false,
      override: {
        name: "עגבניות שרי",
        brand: "Shufersal",
        category: null,
        categories: ["vegetables", "snacks"],
        kcal: 20,
        protein: null,
        carbs: null,
        fat: null,
        includeInShopping: false,
      },
    });
    expect(await foodInList(owner, TOMATO)).toEqual(res.body.data);
    // The base row is untouched and other studios see it as it was.
    expect(await foodInList(newOwner(), TOMATO)).toMatchObject({ name: "עגבנייה", override: null, kcal: 18 });
  });

  it("a second PUT changes only the fields sent; null clears a field back to the base value", async () => {
    const owner = newOwner();
    await putOverride(owner, TOMATO, { name: "A", kcal: 25, categories: [] });
    const second = await putOverride(owner, TOMATO, { kcal: null, fat: 1 });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      name: "A",
      kcal: 18,
      fat: 1,
      categories: [],
      override: { name: "A", kcal: null, fat: 1, categories: [] },
    });
    const third = await putOverride(owner, TOMATO, { categories: null, name: null, brand: "" });
    expect(third.body.data).toMatchObject({
      name: "עגבנייה",
      categories: ["vegetables"],
      override: { name: null, categories: null, brand: null, fat: 1 },
    });
    const studioId = await studioIdOf(t, owner);
    const rows = await t.deps.database.db
      .select()
      .from(foodOverrides)
      .where(and(eq(foodOverrides.studioId, studioId), eq(foodOverrides.foodId, TOMATO)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.categories).toBeNull();
  });

  it("an override left with no value is removed: the food reads as the base row (override null)", async () => {
    const owner = newOwner();
    await putOverride(owner, SALT, { includeInShopping: true, name: "Salt" });
    const cleared = await putOverride(owner, SALT, { includeInShopping: null, name: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ name: "מלח", includeInShopping: false, override: null });
    const studioId = await studioIdOf(t, owner);
    expect(
      await t.deps.database.db.select().from(foodOverrides).where(eq(foodOverrides.studioId, studioId)),
    ).toHaveLength(0);
    const empty = await putOverride(owner, SALT, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data.override).toBeNull();
  });

  it("the studio's own food answers 400 BAD_REQUEST (PATCH edits it); another studio's food and a missing id 404", async () => {
    const owner = newOwner();
    const mine = await createFood(owner, { name: "Mine" });
    const own = await putOverride(owner, mine.id, { name: "X" });
    expect(own.status).toBe(400);
    expect(own.body.code).toBe("BAD_REQUEST");
    expect(own.body.message).toContain("PATCH /v1/web/foods/{id}");
    const theirs = await createFood(newOwner(), { name: "Theirs" });
    const foreign = await putOverride(owner, theirs.id, { name: "X" });
    const missing = await putOverride(owner, "no-such-food", { name: "X" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND", message: "food not found" });
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    expect(
      await t.deps.database.db.select().from(foodOverrides).where(eq(foodOverrides.foodId, theirs.id)),
    ).toEqual([]);
  });

  it("VALIDATION 422 for out-of-range values, blank name and non-boolean includeInShopping", async () => {
    const owner = newOwner();
    for (const body of [{ kcal: 5000 }, { name: "  " }, { includeInShopping: "no" }, { categories: [1] }]) {
      const res = await putOverride(owner, TOMATO, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});
