import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, foods } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { traineeRequest } from "./support/notification-fixtures";
import { newTrainee } from "./support/tracking-fixtures";
import { addClient, studioIdOf, withoutRequestId } from "./support/team-fixtures";

/**
 * GET /v1/trainee/foods (free meal logging): system foods with the studio's override applied and
 * the studio's own, never another studio's nor a private AI import; search on name and brand;
 * paging. Trainee token only (document 1: foods is one of the smaller routers without the
 * app-access guard). docs/decisions/foods-and-shopping.md "Trainee foods".
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const unique = () => `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const client = await addClient(t, owner);
  return { owner, studioId, clientId: client.id, token: t.traineeToken(client.id, studioId) };
}
async function createFood(owner: WebUserContext, body: Record<string, unknown>) {
  const res = await t.web("POST", "/v1/web/foods", owner, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}
const search = async (token: string, query: string) => {
  const res = await traineeRequest(t, token, "GET", `/v1/trainee/foods${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: any[]; total: number };
};

describe("GET /v1/trainee/foods", () => {
  it("lists system foods and the studio's own by name; not another studio's, not a private AI import", async () => {
    const a = await studio();
    const b = await studio();
    const tag = unique();
    const own = await createFood(a.owner, { name: `${tag} granola`, brand: "Acme", kcal: 450, protein: 10 });
    const foreign = await createFood(b.owner, { name: `${tag} foreign` });
    await t.deps.database.db
      .insert(foods)
      .values({ id: `ai-${tag}`, studioId: a.studioId, name: `${tag} imported`, privateAiImport: true });
    const page = await search(a.token, `?search=${tag}`);
    expect(page).toEqual({
      total: 1,
      items: [
        {
          id: own.id,
          name: `${tag} granola`,
          brand: "Acme",
          category: null,
          categories: [],
          kcal: 450,
          protein: 10,
          carbs: null,
          fat: null,
          system: false,
        },
      ],
    });
    const all = await search(a.token, "?pageSize=500");
    expect(all.items.some((f) => f.id === "sysfood-tomato" && f.system === true)).toBe(true);
    expect(all.items.map((f) => f.id)).toContain(own.id);
    expect(all.items.map((f) => f.id)).not.toContain(foreign.id);
    expect(all.items.map((f) => f.id)).not.toContain(`ai-${tag}`);
    // Foods not for shopping are still loggable (water, salt).
    expect(all.items.map((f) => f.id)).toContain("sysfood-water");
    expect(all.total).toBe(all.items.length);
  });

  it("applies the studio's override of a system food (values and search), only for that studio", async () => {
    const a = await studio();
    const b = await studio();
    const tag = unique();
    const res = await t.web("PUT", "/v1/web/foods/sysfood-tomato/override", a.owner, {
      name: `${tag} cherry tomato`,
      brand: `${tag}brand`,
      kcal: 20,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byName = await search(a.token, `?search=${encodeURIComponent(`${tag} CHERRY`)}`);
    expect(byName.items).toEqual([
      expect.objectContaining({ id: "sysfood-tomato", name: `${tag} cherry tomato`, kcal: 20, system: true }),
    ]);
    const byBrand = await search(a.token, `?search=${tag}BRA`);
    expect(byBrand.items.map((f) => f.id)).toEqual(["sysfood-tomato"]);
    expect((await search(b.token, `?search=${tag}`)).total).toBe(0);
    const plain = (await search(b.token, "?pageSize=500")).items.find((f) => f.id === "sysfood-tomato");
    expect(plain).toMatchObject({ name: "עגבנייה", kcal: 18, brand: null });
  });

  it("search is by part of the name or the brand, letter case ignored, LIKE wildcards literal", async () => {
    const a = await studio();
    const tag = unique();
    await createFood(a.owner, { name: `${tag} Yogurt`, brand: "Tnuva" });
    await createFood(a.owner, { name: `${tag} bread`, brand: `${tag}-BAKERY` });
    await createFood(a.owner, { name: `${tag} 100% juice` });
    expect((await search(a.token, `?search=${tag}%20yog`)).items.map((f) => f.name)).toEqual([
      `${tag} Yogurt`,
    ]);
    expect((await search(a.token, `?search=${tag}-bakery`)).items.map((f) => f.name)).toEqual([
      `${tag} bread`,
    ]);
    expect((await search(a.token, `?search=${tag}%20100%25`)).items.map((f) => f.name)).toEqual([
      `${tag} 100% juice`,
    ]);
    expect((await search(a.token, `?search=${tag}_`)).total).toBe(0);
    expect((await search(a.token, "?search=zz-no-such-food-zz")).items).toEqual([]);
  });

  it("pages with page and pageSize (default 100), total counts every match", async () => {
    const a = await studio();
    const tag = unique();
    for (const n of ["a", "b", "c", "d", "e"]) await createFood(a.owner, { name: `${tag} ${n}` });
    const first = await search(a.token, `?search=${tag}&pageSize=2`);
    const third = await search(a.token, `?search=${tag}&pageSize=2&page=3`);
    const beyond = await search(a.token, `?search=${tag}&pageSize=2&page=4`);
    expect(first.total).toBe(5);
    expect(first.items.map((f) => f.name)).toEqual([`${tag} a`, `${tag} b`]);
    expect(third.items.map((f) => f.name)).toEqual([`${tag} e`]);
    expect(beyond).toEqual({ items: [], total: 5 });
    const all = await search(a.token, "");
    expect(all.items.length).toBe(Math.min(100, all.total));
  });

  it("bad input answers 422 VALIDATION naming the field", async () => {
    const a = await studio();
    for (const [query, field] of [
      ["?pageSize=0", "pageSize"],
      ["?pageSize=501", "pageSize"],
      ["?page=0", "page"],
      ["?page=abc", "page"],
      ["?search=a%00b", "search"],
      [`?search=${"x".repeat(201)}`, "search"],
    ] as const) {
      const res = await traineeRequest(t, a.token, "GET", `/v1/trainee/foods${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(
        res.body.details.issues.map((i: any) => i.path),
        query,
      ).toContain(field);
    }
  });

  it("no app-access guard: a locked trainee and a preview session read it; a deleted trainee is 404; no token 401", async () => {
    const locked = await newTrainee(t, {
      accessEndsAt: new Date("2020-01-01T00:00:00Z"),
      freezeStartedAt: new Date("2019-01-01T00:00:00Z"),
    });
    expect((await locked.call("GET", "/v1/trainee/plans")).body.code).toBe("APP_LOCKED");
    expect((await locked.call("GET", "/v1/trainee/foods?pageSize=1")).status).toBe(200);
    const preview = await t.request("GET", "/v1/trainee/foods?pageSize=1", {
      headers: { authorization: `Bearer ${locked.previewToken(Date.now())}` },
    });
    expect(preview.status).toBe(200);

    const gone = await newTrainee(t);
    await t.deps.database.db
      .update(clients)
      .set({ deletedAt: new Date() })
      .where(eq(clients.id, gone.clientId));
    const res = await gone.call("GET", "/v1/trainee/foods");
    expect(res.status).toBe(404);
    expect(withoutRequestId(res.body)).toEqual({
      ok: false,
      code: "NOT_FOUND",
      message: "trainee not found",
      requestId: "",
    });
    expect((await t.request("GET", "/v1/trainee/foods")).status).toBe(401);
  });
});
