import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createPreviewToken } from "@studio/auth";
import { clients, foods, shoppingListItems } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { traineeRequest } from "./support/notification-fixtures";
import { addClient, studioIdOf, withoutRequestId } from "./support/team-fixtures";

/** A strictly increasing clock near real time, so every request's `now` differs (newest-first order). */
let last = 0;
const tick = () => {
  last = Math.max(Date.now(), last + 1);
  return new Date(last);
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: tick });
});
afterAll(async () => t?.close());

const TOMATO = "sysfood-tomato";
const SALT = "sysfood-salt";
const WATER = "sysfood-water";

interface Studio {
  owner: WebUserContext;
  studioId: string;
  clientId: string;
  token: string;
}
async function studioWithTrainee(): Promise<Studio> {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const client = await addClient(t, owner);
  return { owner, studioId, clientId: client.id, token: t.traineeToken(client.id, studioId) };
}
async function anotherTrainee(s: Studio) {
  const client = await addClient(t, s.owner);
  return t.traineeToken(client.id, s.studioId);
}

const call = (token: string, method: string, path: string, body?: unknown) =>
  traineeRequest(t, token, method, path, body);
async function ok(token: string, method: string, path: string, body?: unknown, status = 200) {
  const res = await call(token, method, path, body);
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
  return res.body?.data;
}
async function createFood(owner: WebUserContext, body: Record<string, unknown>) {
  const res = await t.web("POST", "/v1/web/foods", owner, { name: "Food", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string };
}
async function override(owner: WebUserContext, id: string, body: Record<string, unknown>) {
  const res = await t.web("PUT", `/v1/web/foods/${id}/override`, owner, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const categories = async (token: string) =>
  (await ok(token, "GET", "/v1/trainee/shopping/categories")).items as { value: string; count: number }[];
const countOf = (list: { value: string; count: number }[], value: string) =>
  list.find((c) => c.value === value)?.count ?? 0;
const shoppingFoods = async (token: string, query = "") =>
  (await ok(token, "GET", `/v1/trainee/shopping/foods${query}`)) as { items: any[]; total: number };
const list = async (token: string) => (await ok(token, "GET", "/v1/trainee/shopping/list")).items as any[];
const add = (token: string, foodId: string) =>
  ok(token, "POST", "/v1/trainee/shopping/list", { foodId }, 201);
const check = (token: string, id: string, checked: boolean) =>
  ok(token, "PATCH", `/v1/trainee/shopping/list/${id}`, { checked });
const unique = () => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe("GET /v1/trainee/shopping/categories", () => {
  it("the seeded system foods give every studio its categories; foods not for shopping count nowhere", async () => {
    const s = await studioWithTrainee();
    const items = await categories(s.token);
    expect(countOf(items, "vegetables")).toBe(12);
    expect(countOf(items, "fruits")).toBe(7);
    // Salt and black pepper are not for shopping (cinnamon is); water is the only beverage.
    expect(countOf(items, "spices")).toBe(1);
    expect(items.find((c) => c.value === "beverages")).toBeUndefined();
    expect(items.every((c) => c.count > 0)).toBe(true);
    expect(Object.keys(items[0]!).sort()).toEqual(["count", "value"]);
  });

  it("a food counts once per entry of its categories array, else under its category, else under uncategorized", async () => {
    const s = await studioWithTrainee();
    const before = await categories(s.token);
    const tag = unique();
    // Array entries win over the single category.
    await createFood(s.owner, { name: "a", categories: [`${tag}-x`, `${tag}-y`], category: `${tag}-single` });
    await createFood(s.owner, { name: "b", category: `${tag}-single` });
    await createFood(s.owner, { name: "c" });
    await createFood(s.owner, { name: "d", category: "uncategorized" });
    // Not offered: not for shopping, another studio's, a private AI import.
    await createFood(s.owner, { name: "e", categories: [`${tag}-x`], includeInShopping: false });
    await createFood(newOwner(), { name: "f", categories: [`${tag}-x`] });
    await t.deps.database.db.insert(foods).values({
      id: `ai-${tag}`,
      studioId: s.studioId,
      name: "g",
      categories: [`${tag}-x`],
      privateAiImport: true,
    });
    const after = await categories(s.token);
    expect(countOf(after, `${tag}-x`)).toBe(1);
    expect(countOf(after, `${tag}-y`)).toBe(1);
    expect(countOf(after, `${tag}-single`)).toBe(1);
    expect(countOf(after, "uncategorized") - countOf(before, "uncategorized")).toBe(2);
    expect(after.reduce((sum, c) => sum + c.count, 0) - before.reduce((sum, c) => sum + c.count, 0)).toBe(5);
  });

  it("is sorted by count descending, then value", async () => {
    const s = await studioWithTrainee();
    const tag = unique();
    await createFood(s.owner, { name: "1", categories: [`${tag}-b`] });
    await createFood(s.owner, { name: "2", categories: [`${tag}-a`] });
    await createFood(s.owner, { name: "3", categories: [`${tag}-B`] });
    const items = await categories(s.token);
    const sorted = [...items].sort((x, y) =>
      x.count !== y.count ? y.count - x.count : x.value < y.value ? -1 : x.value > y.value ? 1 : 0,
    );
    expect(items).toEqual(sorted);
    const mine = items.filter((c) => c.value.startsWith(tag)).map((c) => c.value);
    expect(mine).toEqual([`${tag}-B`, `${tag}-a`, `${tag}-b`]);
    expect(items[0]).toEqual({ value: "protein", count: 14 });
  });

  it("follows the studio's overrides: includeInShopping and categories from the override, for this studio only", async () => {
    const s = await studioWithTrainee();
    const other = await studioWithTrainee();
    await override(s.owner, TOMATO, { includeInShopping: false });
    await override(s.owner, SALT, { includeInShopping: true, categories: ["spices", "pantry"] });
    const items = await categories(s.token);
    expect(countOf(items, "vegetables")).toBe(11);
    expect(countOf(items, "spices")).toBe(2);
    expect(countOf(items, "pantry")).toBe(1);
    const theirs = await categories(other.token);
    expect(countOf(theirs, "vegetables")).toBe(12);
    expect(countOf(theirs, "pantry")).toBe(0);
  });
});

describe("GET /v1/trainee/shopping/foods", () => {
  it("offers system foods and the studio's own with includeInShopping, never private AI imports or other studios' foods", async () => {
    const s = await studioWithTrainee();
    const tag = unique();
    const mine = await createFood(s.owner, { name: `${tag} mine`, brand: "Brand", kcal: 100 });
    await createFood(s.owner, { name: `${tag} hidden`, includeInShopping: false });
    await createFood(newOwner(), { name: `${tag} theirs` });
    await t.deps.database.db
      .insert(foods)
      .values({ id: `ai-${tag}`, studioId: s.studioId, name: `${tag} ai`, privateAiImport: true });
    const found = await shoppingFoods(s.token, `?search=${tag}`);
    expect(found.items).toEqual([
      {
        id: mine.id,
        name: `${tag} mine`,
        brand: "Brand",
        category: null,
        categories: [],
        kcal: 100,
        protein: null,
        carbs: null,
        fat: null,
      },
    ]);
    expect(found.total).toBe(1);
    const all = await shoppingFoods(s.token, "?pageSize=500");
    const ids = all.items.map((f) => f.id);
    expect(ids).toContain(TOMATO);
    expect(ids).not.toContain(SALT);
    expect(ids).not.toContain(WATER);
    expect(all.total).toBe(all.items.length);
  });

  it("uses the effective values: the override's name, categories and includeInShopping", async () => {
    const s = await studioWithTrainee();
    const tag = unique();
    await override(s.owner, SALT, { includeInShopping: true, name: `${tag} salt` });
    await override(s.owner, TOMATO, { includeInShopping: false });
    const found = await shoppingFoods(s.token, `?search=${tag}`);
    expect(found.items.map((f) => [f.id, f.name])).toEqual([[SALT, `${tag} salt`]]);
    const ids = (await shoppingFoods(s.token, "?pageSize=500")).items.map((f) => f.id);
    expect(ids).not.toContain(TOMATO);
    // Another studio still sees the base rows.
    const other = await studioWithTrainee();
    const theirs = (await shoppingFoods(other.token, "?pageSize=500")).items.map((f) => f.id);
    expect(theirs).toContain(TOMATO);
    expect(theirs).not.toContain(SALT);
  });

  it("category matches the categories array or the single category; uncategorized matches only foods storing it", async () => {
    const s = await studioWithTrainee();
    const tag = unique();
    const inArray = await createFood(s.owner, { name: `${tag} 1`, categories: [`${tag}-c`] });
    const single = await createFood(s.owner, { name: `${tag} 2`, category: `${tag}-c` });
    await createFood(s.owner, { name: `${tag} 3`, category: "x", categories: ["y"] });
    const none = await createFood(s.owner, { name: `${tag} 4` });
    const literal = await createFood(s.owner, { name: `${tag} 5`, categories: ["uncategorized"] });
    const ids = async (query: string) => (await shoppingFoods(s.token, query)).items.map((f) => f.id);
    expect(await ids(`?category=${tag}-c`)).toEqual([inArray.id, single.id]);
    const uncategorized = await ids(`?category=uncategorized&search=${tag}`);
    expect(uncategorized).toEqual([literal.id]);
    expect(uncategorized).not.toContain(none.id);
    // The category filter and search combine; system foods by their stored category.
    expect(await ids(`?category=vegetables&search=${encodeURIComponent("עגבני")}`)).toEqual([TOMATO]);
    expect((await shoppingFoods(s.token, "?category=vegetables")).total).toBe(12);
  });

  it("search is case-insensitive on the name; by name; paged (pageSize default 100, at most 500)", async () => {
    const s = await studioWithTrainee();
    const tag = unique();
    const b = await createFood(s.owner, { name: `${tag} B-Bar` });
    const a = await createFood(s.owner, { name: `${tag} a-bar` });
    expect(
      (await shoppingFoods(s.token, `?search=${tag.toUpperCase()}%20A-BAR`)).items.map((f) => f.id),
    ).toEqual([a.id]);
    expect((await shoppingFoods(s.token, `?search=${tag}`)).items.map((f) => f.id)).toEqual([a.id, b.id]);
    const page = await shoppingFoods(s.token, `?search=${tag}&pageSize=1&page=2`);
    expect(page.items.map((f) => f.id)).toEqual([b.id]);
    expect(page.total).toBe(2);
    const all = await shoppingFoods(s.token);
    expect(all.items.length).toBe(Math.min(all.total, 100));
    expect((await call(s.token, "GET", "/v1/trainee/shopping/foods?pageSize=501")).status).toBe(422);
  });
});

describe("the shopping list", () => {
  it("POST adds an item: 201 with the snapshot of the effective name and brand, unchecked", async () => {
    const s = await studioWithTrainee();
    await override(s.owner, TOMATO, { name: "עגבניות שרי", brand: "Shufersal" });
    const item = await add(s.token, TOMATO);
    expect(item).toEqual({
      id: expect.any(String),
      foodId: TOMATO,
      name: "עגבניות שרי",
      brand: "Shufersal",
      checked: false,
      createdAt: expect.any(String),
    });
    expect(await list(s.token)).toEqual([item]);
  });

  it("the snapshot is unchanged when the food is later renamed (own food or override)", async () => {
    const s = await studioWithTrainee();
    const food = await createFood(s.owner, { name: "Hummus", brand: "Achla" });
    const own = await add(s.token, food.id);
    const system = await add(s.token, TOMATO);
    expect(
      (await t.web("PATCH", `/v1/web/foods/${food.id}`, s.owner, { name: "Humus", brand: null })).status,
    ).toBe(200);
    await override(s.owner, TOMATO, { name: "Renamed" });
    const items = await list(s.token);
    expect(items.find((i) => i.id === own.id)).toMatchObject({ name: "Hummus", brand: "Achla" });
    expect(items.find((i) => i.id === system.id)).toMatchObject({ name: "עגבנייה", brand: null });
  });

  it("adding a food again answers the existing item unchanged (201), checked state included; one row", async () => {
    const s = await studioWithTrainee();
    const first = await add(s.token, TOMATO);
    await check(s.token, first.id, true);
    await override(s.owner, TOMATO, { name: "Renamed" });
    const again = await add(s.token, TOMATO);
    expect(again).toEqual({ ...first, checked: true });
    const rows = await t.deps.database.db
      .select()
      .from(shoppingListItems)
      .where(eq(shoppingListItems.clientId, s.clientId));
    expect(rows).toHaveLength(1);
    // Another trainee of the studio gets an item of their own.
    const other = await anotherTrainee(s);
    const theirs = await add(other, TOMATO);
    expect(theirs.id).not.toBe(first.id);
    expect(theirs).toMatchObject({ checked: false, name: "Renamed" });
  });

  it("an unknown or unavailable food answers 404 food not found (missing, not for shopping, private AI, other studio's)", async () => {
    const s = await studioWithTrainee();
    const tag = unique();
    const hidden = await createFood(s.owner, { name: "hidden", includeInShopping: false });
    const theirs = await createFood(newOwner(), { name: "theirs" });
    await t.deps.database.db
      .insert(foods)
      .values({ id: `ai-${tag}`, studioId: s.studioId, name: "ai", privateAiImport: true });
    await override(s.owner, TOMATO, { includeInShopping: false });
    const missing = await call(s.token, "POST", "/v1/trainee/shopping/list", { foodId: "no-such-food" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ ok: false, code: "NOT_FOUND", message: "food not found" });
    for (const foodId of [hidden.id, theirs.id, `ai-${tag}`, SALT, TOMATO]) {
      const res = await call(s.token, "POST", "/v1/trainee/shopping/list", { foodId });
      expect(res.status, foodId).toBe(404);
      expect(withoutRequestId(res.body)).toEqual(withoutRequestId(missing.body));
    }
    expect(await list(s.token)).toEqual([]);
    for (const body of [{}, { foodId: "" }, { foodId: 5 }]) {
      expect((await call(s.token, "POST", "/v1/trainee/shopping/list", body)).status).toBe(422);
    }
  });

  it("GET lists unchecked items first, then newest first; only the trainee's own", async () => {
    const s = await studioWithTrainee();
    const a = await add(s.token, "sysfood-apple");
    const b = await add(s.token, "sysfood-banana");
    const c = await add(s.token, "sysfood-carrot");
    const d = await add(s.token, "sysfood-onion");
    await check(s.token, a.id, true);
    await check(s.token, c.id, true);
    const other = await anotherTrainee(s);
    await add(other, "sysfood-egg");
    expect((await list(s.token)).map((i) => i.id)).toEqual([d.id, b.id, c.id, a.id]);
    await check(s.token, c.id, false);
    expect((await list(s.token)).map((i) => i.id)).toEqual([d.id, c.id, b.id, a.id]);
  });

  it("PATCH checks and unchecks: 200 with the item; VALIDATION without a boolean checked", async () => {
    const s = await studioWithTrainee();
    const item = await add(s.token, TOMATO);
    expect(await check(s.token, item.id, true)).toEqual({ ...item, checked: true });
    expect(await check(s.token, item.id, true)).toEqual({ ...item, checked: true });
    expect(await check(s.token, item.id, false)).toEqual(item);
    for (const body of [{}, { checked: "true" }, { checked: null }]) {
      expect((await call(s.token, "PATCH", `/v1/trainee/shopping/list/${item.id}`, body)).status).toBe(422);
    }
  });

  it("DELETE /list/{id} answers 204 with no body; the item is gone; a second delete is 404", async () => {
    const s = await studioWithTrainee();
    const item = await add(s.token, TOMATO);
    const keep = await add(s.token, "sysfood-apple");
    await check(s.token, keep.id, true);
    const res = await call(s.token, "DELETE", `/v1/trainee/shopping/list/${item.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect((await list(s.token)).map((i) => i.id)).toEqual([keep.id]);
    const again = await call(s.token, "DELETE", `/v1/trainee/shopping/list/${item.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "NOT_FOUND", message: "shopping list item not found" });
    // Deleted and re-added: a new item.
    expect((await add(s.token, TOMATO)).id).not.toBe(item.id);
  });

  it("DELETE /list removes the checked items only: 204, also when nothing was checked", async () => {
    const s = await studioWithTrainee();
    const a = await add(s.token, "sysfood-apple");
    const b = await add(s.token, "sysfood-banana");
    const c = await add(s.token, "sysfood-carrot");
    const empty = await call(s.token, "DELETE", "/v1/trainee/shopping/list");
    expect(empty.status).toBe(204);
    expect(empty.body).toBe("");
    expect(await list(s.token)).toHaveLength(3);
    await check(s.token, a.id, true);
    await check(s.token, c.id, true);
    // Another trainee's checked item stays.
    const other = await anotherTrainee(s);
    const theirs = await add(other, "sysfood-apple");
    await check(other, theirs.id, true);
    expect((await call(s.token, "DELETE", "/v1/trainee/shopping/list")).status).toBe(204);
    expect((await list(s.token)).map((i) => i.id)).toEqual([b.id]);
    expect((await list(other)).map((i) => i.id)).toEqual([theirs.id]);
  });

  it("another trainee's or another studio's item answers exactly like a missing one (404) and is not touched", async () => {
    const s = await studioWithTrainee();
    const sameStudio = await anotherTrainee(s);
    const otherStudio = await studioWithTrainee();
    const mine = await add(s.token, TOMATO);
    const missing = await call(s.token, "PATCH", "/v1/trainee/shopping/list/no-such-item", { checked: true });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "shopping list item not found" });
    for (const token of [sameStudio, otherStudio.token]) {
      const patch = await call(token, "PATCH", `/v1/trainee/shopping/list/${mine.id}`, { checked: true });
      expect(withoutRequestId(patch.body)).toEqual(withoutRequestId(missing.body));
      const del = await call(token, "DELETE", `/v1/trainee/shopping/list/${mine.id}`);
      expect(del.status).toBe(404);
      expect(del.body.message).toBe("shopping list item not found");
      expect((await call(token, "DELETE", "/v1/trainee/shopping/list")).status).toBe(204);
    }
    expect(await list(s.token)).toEqual([mine]);
  });
});

describe("trainee lane rules", () => {
  it("preview sessions may read every shopping route but every write answers 403 PREVIEW_READ_ONLY and changes nothing", async () => {
    const s = await studioWithTrainee();
    const item = await add(s.token, TOMATO);
    await check(s.token, item.id, true);
    const { token: preview } = createPreviewToken(
      { clientId: s.clientId, studioId: s.studioId },
      t.config.sessionSigningSecret,
      Date.now(),
    );
    for (const path of ["categories", "foods", "list"])
      await ok(preview, "GET", `/v1/trainee/shopping/${path}`);
    const writes: [string, string, unknown?][] = [
      ["POST", "/v1/trainee/shopping/list", { foodId: "sysfood-apple" }],
      ["PATCH", `/v1/trainee/shopping/list/${item.id}`, { checked: false }],
      ["DELETE", `/v1/trainee/shopping/list/${item.id}`],
      ["DELETE", "/v1/trainee/shopping/list"],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(preview, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: "FORBIDDEN", details: { reason: "PREVIEW_READ_ONLY" } });
    }
    expect(await list(s.token)).toEqual([{ ...item, checked: true }]);
  });

  it("no app-access guard: a trainee whose access has ended (app locked) still uses the shopping list", async () => {
    const s = await studioWithTrainee();
    await t.deps.database.db
      .update(clients)
      .set({
        accessEndsAt: new Date("2020-01-01T00:00:00Z"),
        freezeStartedAt: new Date("2019-01-01T00:00:00Z"),
      })
      .where(eq(clients.id, s.clientId));
    const item = await add(s.token, TOMATO);
    await check(s.token, item.id, true);
    await ok(s.token, "GET", "/v1/trainee/shopping/categories");
    await ok(s.token, "GET", "/v1/trainee/shopping/foods");
    expect(await list(s.token)).toHaveLength(1);
    expect((await call(s.token, "DELETE", "/v1/trainee/shopping/list")).status).toBe(204);
  });

  it("a deleted trainee's token answers 404 trainee not found on every route; no token is 401", async () => {
    const s = await studioWithTrainee();
    const item = await add(s.token, TOMATO);
    expect((await t.web("DELETE", `/v1/web/clients/${s.clientId}`, s.owner)).status).toBe(200);
    const routes: [string, string, unknown?][] = [
      ["GET", "/v1/trainee/shopping/categories"],
      ["GET", "/v1/trainee/shopping/foods"],
      ["GET", "/v1/trainee/shopping/list"],
      ["POST", "/v1/trainee/shopping/list", { foodId: "sysfood-apple" }],
      ["PATCH", `/v1/trainee/shopping/list/${item.id}`, { checked: true }],
      ["DELETE", `/v1/trainee/shopping/list/${item.id}`],
      ["DELETE", "/v1/trainee/shopping/list"],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(s.token, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe("trainee not found");
    }
    const anonymous = await t.request("GET", "/v1/trainee/shopping/list");
    expect(anonymous.status).toBe(401);
  });
});
