import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { contentCategories, contentTags } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { studioIdOf } from "./support/team-fixtures";
import { createCategory, createContent, createTag, sameAnswer, taxonomyOf } from "./support/content-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const KINDS = [
  { kind: "category", path: "/v1/web/content/categories", notFound: "category not found" },
  { kind: "tag", path: "/v1/web/content/tags", notFound: "tag not found" },
] as const;

async function foreignLikeMissing(
  method: string,
  path: (id: string) => string,
  foreignId: string,
  body?: unknown,
) {
  const other = newOwner();
  const foreign = await t.web(method, path(foreignId), other, body);
  const missing = await t.web(method, path("does-not-exist"), other, body);
  expect(sameAnswer(foreign)).toEqual(sameAnswer(missing));
  return foreign;
}

describe("GET /v1/web/content/taxonomy", () => {
  it("a new studio has the three default categories (recipe, video, knowledge) with Hebrew names and negative sort orders, listed first; no tags", async () => {
    const user = newOwner();
    await createCategory(t, user, "Custom");
    const { categories, tags } = await taxonomyOf(t, user);
    expect(categories.map((c) => [c.systemKey, c.name, c.sortOrder])).toEqual([
      ["recipe", "מתכונים", -3],
      ["video", "סרטונים", -2],
      ["knowledge", "ידע", -1],
      [null, "Custom", 0],
    ]);
    expect(tags).toEqual([]);
  });

  it("each list is ordered by sortOrder then createdAt ascending, and categories with no items are included", async () => {
    const user = newOwner();
    const studioId = await studioIdOf(t, user);
    const db = t.deps.database.db;
    const base = Date.now();
    await db.insert(contentCategories).values([
      { studioId, name: "late", sortOrder: 0, createdAt: new Date(base + 2000) },
      { studioId, name: "early", sortOrder: 0, createdAt: new Date(base + 1000) },
      { studioId, name: "first", sortOrder: -10, createdAt: new Date(base + 3000) },
    ]);
    await db.insert(contentTags).values([
      { studioId, name: "t-late", sortOrder: 1, createdAt: new Date(base + 1000) },
      { studioId, name: "t-b", sortOrder: 0, createdAt: new Date(base + 2000) },
      { studioId, name: "t-a", sortOrder: 0, createdAt: new Date(base + 1000) },
    ]);
    const { categories, tags } = await taxonomyOf(t, user);
    expect(categories.map((c) => c.name)).toEqual(["first", "מתכונים", "סרטונים", "ידע", "early", "late"]);
    expect(tags.map((x) => x.name)).toEqual(["t-a", "t-b", "t-late"]);
  });

  it("shows only the caller's studio", async () => {
    const user = newOwner();
    await createTag(t, newOwner(), "elsewhere");
    const { categories, tags } = await taxonomyOf(t, user);
    expect(categories).toHaveLength(3);
    expect(tags).toEqual([]);
  });
});

describe.each(KINDS)("$kind routes", ({ kind, path, notFound }) => {
  const create = (user: WebUserContext, name: unknown) => t.web("POST", path, user, { name });
  const rename = (user: WebUserContext, id: string, name: unknown) =>
    t.web("PATCH", `${path}/${id}`, user, { name });

  it(`POST creates a ${kind} (201) with a trimmed name`, async () => {
    const user = newOwner();
    const res = await create(user, "  Breakfast ");
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Breakfast",
      sortOrder: 0,
      studioId: await studioIdOf(t, user),
    });
  });

  it("a name that exists (case-insensitive) returns the existing row, still 201", async () => {
    const user = newOwner();
    const first = await create(user, "Breakfast");
    const again = await create(user, "bREAKFAST ");
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
  });

  it("the same name in another studio is another row", async () => {
    const mine = await create(newOwner(), "Shared");
    const theirs = await create(newOwner(), "Shared");
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
  });

  it("concurrent creates of one name end with one row", async () => {
    const user = newOwner();
    const answers = await Promise.all(["Race", "race", "RACE", "Race", "rAce"].map((n) => create(user, n)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
  });

  it("name: trimmed, 1 to 80 characters (VALIDATION otherwise)", async () => {
    const user = newOwner();
    expect((await create(user, "x".repeat(80))).status).toBe(201);
    for (const name of ["x".repeat(81), "", "   ", 5, undefined]) {
      const res = await create(user, name);
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });

  it("PATCH renames (200)", async () => {
    const user = newOwner();
    const row = (await create(user, "Old")).body.data;
    const res = await rename(user, row.id, " New ");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, name: "New" });
  });

  it("a clash with another name (case-insensitive) skips the rename and returns the row unchanged", async () => {
    const user = newOwner();
    await create(user, "Taken");
    const row = (await create(user, "Mine")).body.data;
    const res = await rename(user, row.id, "TAKEN");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(row);
    // Changing only the case of its own name is not a clash.
    expect((await rename(user, row.id, "MINE")).body.data.name).toBe("MINE");
  });

  it(`NOT_FOUND (${notFound}) on PATCH; another studio's id answers exactly like a missing one`, async () => {
    const row = (await create(newOwner(), "Theirs")).body.data;
    const res = await foreignLikeMissing("PATCH", (id) => `${path}/${id}`, row.id, { name: "Mine now" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(notFound);
    const name = await t.deps.database.db
      .select({ name: (kind === "category" ? contentCategories : contentTags).name })
      .from(kind === "category" ? contentCategories : contentTags)
      .where(eq((kind === "category" ? contentCategories : contentTags).id, row.id));
    expect(name).toEqual([{ name: "Theirs" }]);
  });

  it("PATCH name errors are VALIDATION", async () => {
    const user = newOwner();
    const row = (await create(user, "Ok")).body.data;
    expect((await rename(user, row.id, "x".repeat(81))).status).toBe(422);
    expect((await rename(user, row.id, " ")).status).toBe(422);
  });

  it(`DELETE answers 204 with no body; NOT_FOUND after; another studio's id answers exactly like a missing one`, async () => {
    const user = newOwner();
    const row = (await create(user, "Gone")).body.data;
    const foreign = await foreignLikeMissing("DELETE", (id) => `${path}/${id}`, row.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(notFound);
    const res = await t.web("DELETE", `${path}/${row.id}`, user);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    const again = await t.web("DELETE", `${path}/${row.id}`, user);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(notFound);
  });
});

describe("deleting taxonomy rows", () => {
  it("items in a deleted category become uncategorized", async () => {
    const user = newOwner();
    const category = await createCategory(t, user, "Soon gone");
    const item = await createContent(t, user, { categoryId: category.id });
    expect((await t.web("DELETE", `/v1/web/content/categories/${category.id}`, user)).status).toBe(204);
    const res = await t.web("GET", `/v1/web/content/${item.id}`, user);
    expect(res.body.data).toMatchObject({ categoryId: null, category: null });
  });

  it("a deleted tag leaves every item that had it; the items stay", async () => {
    const user = newOwner();
    const [keep, drop] = [await createTag(t, user, "keep"), await createTag(t, user, "drop")];
    const item = await createContent(t, user, { tagIds: [keep.id, drop.id] });
    expect((await t.web("DELETE", `/v1/web/content/tags/${drop.id}`, user)).status).toBe(204);
    const res = await t.web("GET", `/v1/web/content/${item.id}`, user);
    expect(res.body.data.tagIds).toEqual([keep.id]);
  });

  it("a default category may be renamed and deleted like any row", async () => {
    const user = newOwner();
    const studioId = await studioIdOf(t, user);
    const video = (await taxonomyOf(t, user)).categories.find((c) => c.systemKey === "video")!;
    const renamed = await t.web("PATCH", `/v1/web/content/categories/${video.id}`, user, { name: "Videos" });
    expect(renamed.body.data).toMatchObject({ name: "Videos", systemKey: "video" });
    expect((await t.web("DELETE", `/v1/web/content/categories/${video.id}`, user)).status).toBe(204);
    const rows = await t.deps.database.db
      .select()
      .from(contentCategories)
      .where(and(eq(contentCategories.studioId, studioId), eq(contentCategories.systemKey, "video")));
    expect(rows).toEqual([]);
    expect((await createContent(t, user, { type: "video" })).category).toBeNull();
  });
});
