import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalObjectStorage } from "@studio/providers/storage";
import { eq, sql } from "drizzle-orm";
import {
  contentItems,
  contentItemTags,
  contentUnlocks,
  homeBanners,
  notifications,
  type Db,
} from "@studio/db";
import { listContent } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, studioIdOf } from "./support/team-fixtures";
import {
  createCategory,
  createContent,
  createTag,
  defaultCategory,
  putUnlocks,
  sameAnswer,
  type ContentBody,
} from "./support/content-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const get = (user: WebUserContext, id: string) => t.web("GET", `/v1/web/content/${id}`, user);
const patch = (user: WebUserContext, id: string, body: Record<string, unknown>) =>
  t.web("PATCH", `/v1/web/content/${id}`, user, body);
const list = async (user: WebUserContext, query = "") => {
  const res = await t.web("GET", `/v1/web/content${query}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: ContentBody[]; total: number };
};

/** Another studio's id and a missing id get the same answer (status and body). */
async function expectForeignLikeMissing(
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

describe("POST /v1/web/content", () => {
  it("creates an item (201) with the defaults: published, not featured, not restricted, sortOrder 0, media kind none", async () => {
    const user = newOwner();
    const res = await t.web("POST", "/v1/web/content", user, {
      type: "recipe",
      title: "  Shakshuka ",
      description: "Eggs in tomato sauce",
      ingredients: "4 eggs\n2 tomatoes",
      steps: [
        { type: "step", text: "Fry" },
        { type: "tip", text: "Serve hot" },
      ],
      totalKcal: 420.5,
      servingGrams: 250,
      posterUrl: "https://cdn.example.com/p.jpg",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      type: "recipe",
      title: "Shakshuka",
      description: "Eggs in tomato sauce",
      ingredients: "4 eggs\n2 tomatoes",
      steps: [
        { type: "step", text: "Fry" },
        { type: "tip", text: "Serve hot" },
      ],
      totalKcal: 420.5,
      servingGrams: 250,
      totalProtein: null,
      mediaType: "none",
      posterUrl: "https://cdn.example.com/p.jpg",
      isPublished: true,
      isFeatured: false,
      isRestricted: false,
      sortOrder: 0,
      tagIds: [],
      tags: [],
      unlockCount: 0,
    });
  });

  it("categoryId omitted files the item under its type's default category: recipe and video their own, every other type knowledge", async () => {
    const user = newOwner();
    const expected: Record<string, string> = {
      recipe: "recipe",
      video: "video",
      knowledge: "knowledge",
      pdf: "knowledge",
      other: "knowledge",
      link: "knowledge",
    };
    for (const [type, key] of Object.entries(expected)) {
      const item = await createContent(t, user, { type, otherLabel: "Misc", mediaUrl: "https://x.example" });
      const category = await defaultCategory(t, user, key);
      expect(item.categoryId, type).toBe(category.id);
      expect(item.category, type).toMatchObject({ id: category.id, systemKey: key, name: category.name });
    }
  });

  it("categoryId null means uncategorized", async () => {
    const user = newOwner();
    const item = await createContent(t, user, { categoryId: null });
    expect(item.categoryId).toBeNull();
    expect(item.category).toBeNull();
  });

  it("a default category can be deleted, after which new items of its type get no category (others keep theirs)", async () => {
    const user = newOwner();
    const recipes = await defaultCategory(t, user, "recipe");
    const deleted = await t.web("DELETE", `/v1/web/content/categories/${recipes.id}`, user);
    expect(deleted.status).toBe(204);
    expect((await createContent(t, user, { type: "recipe" })).categoryId).toBeNull();
    const knowledge = await defaultCategory(t, user, "knowledge");
    expect((await createContent(t, user, { type: "pdf" })).categoryId).toBe(knowledge.id);
  });

  it("a custom category and tags are filed; tags are answered ordered by name and duplicates are removed", async () => {
    const user = newOwner();
    const category = await createCategory(t, user, "Breakfast");
    const zucchini = await createTag(t, user, "zucchini");
    const apple = await createTag(t, user, "apple");
    const item = await createContent(t, user, {
      categoryId: category.id,
      tagIds: [zucchini.id, apple.id, zucchini.id],
    });
    expect(item.category).toMatchObject({ id: category.id, name: "Breakfast", systemKey: null });
    expect(item.tags.map((x) => x.name)).toEqual(["apple", "zucchini"]);
    expect(item.tagIds).toEqual([apple.id, zucchini.id]);
    const rows = await t.deps.database.db
      .select()
      .from(contentItemTags)
      .where(eq(contentItemTags.itemId, item.id));
    expect(rows).toHaveLength(2);
  });

  it("otherLabel is required and non-blank when type is other (VALIDATION)", async () => {
    const user = newOwner();
    for (const otherLabel of [undefined, "   ", null]) {
      const res = await t.web("POST", "/v1/web/content", user, { type: "other", title: "Misc", otherLabel });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: "VALIDATION",
        message: "otherLabel required when type is other",
      });
    }
    expect((await createContent(t, user, { type: "other", otherLabel: "Podcast" })).otherLabel).toBe(
      "Podcast",
    );
  });

  it("mediaUrl is required and non-blank when type is link (VALIDATION)", async () => {
    const user = newOwner();
    for (const mediaUrl of [undefined, "  "]) {
      const res = await t.web("POST", "/v1/web/content", user, { type: "link", title: "Site", mediaUrl });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "mediaUrl required when type is link" });
    }
    expect((await createContent(t, user, { type: "link", mediaUrl: "https://example.com" })).mediaUrl).toBe(
      "https://example.com",
    );
  });

  it("a missing category or tag is VALIDATION (category not found, tag not found), not NOT_FOUND; another studio's alike", async () => {
    const user = newOwner();
    const other = newOwner();
    const foreignCategory = await createCategory(t, other, "Theirs");
    const foreignTag = await createTag(t, other, "theirs");
    for (const categoryId of ["does-not-exist", foreignCategory.id]) {
      const res = await t.web("POST", "/v1/web/content", user, { type: "recipe", title: "A", categoryId });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: "VALIDATION",
        message: "category not found",
        details: { issues: [{ path: "categoryId", message: "category not found" }] },
      });
    }
    const mine = await createTag(t, user, "mine");
    for (const tagId of ["does-not-exist", foreignTag.id]) {
      const res = await t.web("POST", "/v1/web/content", user, {
        type: "recipe",
        title: "A",
        tagIds: [mine.id, tagId],
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "tag not found" });
    }
    const [{ n }] = (await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contentItems)
      .where(eq(contentItems.studioId, await studioIdOf(t, user)))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("sortOrder is coerced to an integer (a fraction is truncated), inside the integer column's range", async () => {
    const user = newOwner();
    expect((await createContent(t, user, { sortOrder: 7 })).sortOrder).toBe(7);
    expect((await createContent(t, user, { sortOrder: 3.9 })).sortOrder).toBe(3);
    expect((await createContent(t, user, { sortOrder: -2.5 })).sortOrder).toBe(-2);
    for (const sortOrder of ["abc", 2_147_483_648, -2_147_483_649]) {
      const bad = await t.web("POST", "/v1/web/content", user, { type: "recipe", title: "A", sortOrder });
      expect(bad.status, String(sortOrder)).toBe(422);
    }
  });

  it("numeric macros are 0 to 1,000,000 or null", async () => {
    const user = newOwner();
    const ok = await createContent(t, user, { totalKcal: 1_000_000, servingFat: 0, totalFat: null });
    expect(ok).toMatchObject({ totalKcal: 1_000_000, servingFat: 0, totalFat: null });
    for (const value of [1_000_001, -1, "12"]) {
      const res = await t.web("POST", "/v1/web/content", user, {
        type: "recipe",
        title: "A",
        totalKcal: value,
      });
      expect(res.status, String(value)).toBe(422);
    }
  });

  it("a type outside the six values and a missing or blank title are VALIDATION", async () => {
    const user = newOwner();
    for (const body of [
      { type: "audio", title: "A" },
      { type: "recipe" },
      { type: "recipe", title: "  " },
      { type: "recipe", title: "A", steps: [{ type: "step", text: "" }] },
      { type: "recipe", title: "A", mediaType: "gif" },
    ]) {
      const res = await t.web("POST", "/v1/web/content", user, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it("sends no notification and writes no activity", async () => {
    const user = newOwner();
    await addClient(t, user);
    const studioId = await studioIdOf(t, user);
    await createContent(t, user, { title: "Quiet" });
    const sent = await t.deps.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.studioId, studioId));
    expect(sent).toEqual([]);
    expect(await t.jobsNamed("deliver-push")).toEqual([]);
  });
});

describe("GET /v1/web/content/:id", () => {
  it("answers one item, published or not, with category, tags and unlock count", async () => {
    const user = newOwner();
    const client = await addClient(t, user);
    const tag = await createTag(t, user, "quick");
    const item = await createContent(t, user, { isPublished: false, tagIds: [tag.id] });
    expect((await putUnlocks(t, user, item.id, [client.id])).status).toBe(200);
    const res = await get(user, item.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: item.id,
      isPublished: false,
      tags: [{ id: tag.id, name: "quick" }],
      unlockCount: 1,
    });
    expect(res.body.data.category.systemKey).toBe("recipe");
  });

  it("NOT_FOUND content item not found; another studio's id answers exactly like a missing one", async () => {
    const user = newOwner();
    const item = await createContent(t, user);
    const res = await expectForeignLikeMissing("GET", (id) => `/v1/web/content/${id}`, item.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "content item not found" });
  });
});

describe("GET /v1/web/content", () => {
  it("orders by sortOrder ascending, then createdAt descending; unpublished items are listed", async () => {
    const user = newOwner();
    const a = await createContent(t, user, { title: "a", sortOrder: 1 });
    const b = await createContent(t, user, { title: "b", sortOrder: 0, isPublished: false });
    const c = await createContent(t, user, { title: "c", sortOrder: 1 });
    const d = await createContent(t, user, { title: "d", sortOrder: -5 });
    const { items, total } = await list(user);
    expect(items.map((i) => i.id)).toEqual([d.id, b.id, c.id, a.id]);
    expect(total).toBe(4);
  });

  it("filters by type and by a case-insensitive contains on title (LIKE wildcards taken literally)", async () => {
    const user = newOwner();
    const soup = await createContent(t, user, { title: "Lentil SOUP" });
    await createContent(t, user, { title: "Salad" });
    const video = await createContent(t, user, { type: "video", title: "Soup 100% video" });
    expect((await list(user, "?search=soup")).items.map((i) => i.id).sort()).toEqual(
      [soup.id, video.id].sort(),
    );
    expect((await list(user, "?type=video")).items.map((i) => i.id)).toEqual([video.id]);
    expect((await list(user, "?type=recipe&search=SOUP")).items.map((i) => i.id)).toEqual([soup.id]);
    expect((await list(user, `?search=${encodeURIComponent("0%")}`)).items.map((i) => i.id)).toEqual([
      video.id,
    ]);
    expect((await list(user, "?search=_")).items).toEqual([]);
    const bad = await t.web("GET", "/v1/web/content?type=audio", user);
    expect(bad.status).toBe(422);
  });

  it("pageSize defaults to 100 and is at most 500; total counts every match", async () => {
    const user = newOwner();
    const studioId = await studioIdOf(t, user);
    await t.deps.database.db.insert(contentItems).values(
      Array.from({ length: 105 }, (_, i) => ({
        studioId,
        type: "knowledge",
        title: `Item ${i}`,
        sortOrder: i,
      })),
    );
    const first = await list(user);
    expect(first.items).toHaveLength(100);
    expect(first.total).toBe(105);
    const second = await list(user, "?page=2");
    expect(second.items.map((i) => i.title)).toEqual([
      "Item 100",
      "Item 101",
      "Item 102",
      "Item 103",
      "Item 104",
    ]);
    expect((await list(user, "?pageSize=500")).items).toHaveLength(105);
    expect((await t.web("GET", "/v1/web/content?pageSize=501", user)).status).toBe(422);
    expect((await t.web("GET", "/v1/web/content?page=0", user)).status).toBe(422);
  });

  it("category, tags and unlock count of a whole page come from one statement plus the total (no query per item)", async () => {
    const user = newOwner();
    const studioId = await studioIdOf(t, user);
    const client = await addClient(t, user);
    const tags = [await createTag(t, user, "b"), await createTag(t, user, "a")];
    const category = await createCategory(t, user, "Mains");
    for (let i = 0; i < 12; i++) {
      const item = await createContent(t, user, {
        title: `Dish ${i}`,
        categoryId: i % 2 ? category.id : null,
        tagIds: tags.map((x) => x.id),
      });
      if (i % 3 === 0) await putUnlocks(t, user, item.id, [client.id]);
    }
    const db = t.deps.database.db;
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (["select", "execute", "selectDistinct", "transaction"].includes(String(prop))) statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Db;
    const scope = await t.coachScopeFor(studioId, user.userId!);
    const page = await listContent(counting, scope, { page: 1, pageSize: 100 });
    expect(page.items).toHaveLength(12);
    expect(statements).toBe(2);
    expect(page.items.filter((i) => i.unlockCount === 1)).toHaveLength(4);
    expect(page.items.filter((i) => i.category?.name === "Mains")).toHaveLength(6);
    expect(page.items.every((i) => i.tags.map((x) => x.name).join() === "a,b")).toBe(true);
  });
});

describe("PATCH /v1/web/content/:id", () => {
  it("the quirk: omitted isPublished, isFeatured, isRestricted and sortOrder are written as true, false, false and 0", async () => {
    const user = newOwner();
    const item = await createContent(t, user, {
      isPublished: false,
      isFeatured: true,
      isRestricted: true,
      sortOrder: 9,
    });
    const res = await patch(user, item.id, { title: "Renamed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      title: "Renamed",
      isPublished: true,
      isFeatured: false,
      isRestricted: false,
      sortOrder: 0,
    });
    const sent = await patch(user, item.id, {
      isPublished: false,
      isFeatured: true,
      isRestricted: true,
      sortOrder: 4.5,
    });
    expect(sent.body.data).toMatchObject({
      isPublished: false,
      isFeatured: true,
      isRestricted: true,
      sortOrder: 4,
    });
    expect(sent.body.data.title).toBe("Renamed");
  });

  it("fields sent change, fields omitted are kept; null clears a nullable field", async () => {
    const user = newOwner();
    const item = await createContent(t, user, { description: "d", totalKcal: 100, ingredients: "x" });
    const res = await patch(user, item.id, {
      description: null,
      totalProtein: 12,
      steps: [{ type: "tip", text: "t" }],
    });
    expect(res.body.data).toMatchObject({
      description: null,
      totalKcal: 100,
      totalProtein: 12,
      ingredients: "x",
      steps: [{ type: "tip", text: "t" }],
      type: "recipe",
    });
  });

  it("the record is validated as it will be after the patch: switching to other or link with a blank otherLabel or mediaUrl is rejected", async () => {
    const user = newOwner();
    const item = await createContent(t, user);
    const toOther = await patch(user, item.id, { type: "other" });
    expect(toOther.status).toBe(422);
    expect(toOther.body.message).toBe("otherLabel required when type is other");
    const toLink = await patch(user, item.id, { type: "link", mediaUrl: " " });
    expect(toLink.status).toBe(422);
    expect(toLink.body.message).toBe("mediaUrl required when type is link");
    const ok = await patch(user, item.id, { type: "other", otherLabel: "Podcast" });
    expect(ok.status).toBe(200);
    // Still other: clearing the label alone is refused too.
    const cleared = await patch(user, item.id, { otherLabel: "  " });
    expect(cleared.status).toBe(422);
    // A link item stays valid when the patch does not touch mediaUrl.
    const link = await createContent(t, user, { type: "link", mediaUrl: "https://e.example" });
    expect((await patch(user, link.id, { title: "Still a link" })).status).toBe(200);
    expect((await get(user, item.id)).body.data).toMatchObject({ type: "other", otherLabel: "Podcast" });
  });

  it("tagIds sent replaces the tags, omitted keeps them, [] clears them", async () => {
    const user = newOwner();
    const [a, b, c] = [
      await createTag(t, user, "a"),
      await createTag(t, user, "b"),
      await createTag(t, user, "c"),
    ];
    const item = await createContent(t, user, { tagIds: [a.id, b.id] });
    expect((await patch(user, item.id, { title: "x" })).body.data.tagIds).toEqual([a.id, b.id]);
    expect((await patch(user, item.id, { tagIds: [c.id, b.id, c.id] })).body.data.tagIds).toEqual([
      b.id,
      c.id,
    ]);
    expect((await patch(user, item.id, { tagIds: [] })).body.data.tags).toEqual([]);
  });

  it("a patch with an unknown tag changes nothing: tags and fields are written in one transaction", async () => {
    const user = newOwner();
    const a = await createTag(t, user, "a");
    const item = await createContent(t, user, { title: "Before", tagIds: [a.id] });
    const res = await patch(user, item.id, { title: "After", tagIds: ["does-not-exist"] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("tag not found");
    const now = (await get(user, item.id)).body.data;
    expect(now).toMatchObject({ title: "Before", tagIds: [a.id] });
  });

  it("categoryId: unknown or another studio's is VALIDATION category not found; null uncategorizes; omitted keeps", async () => {
    const user = newOwner();
    const foreign = await createCategory(t, newOwner(), "Theirs");
    const item = await createContent(t, user);
    for (const categoryId of ["does-not-exist", foreign.id]) {
      const res = await patch(user, item.id, { categoryId });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "category not found" });
    }
    expect((await patch(user, item.id, { title: "x" })).body.data.categoryId).toBe(item.categoryId);
    const mine = await createCategory(t, user, "Mine");
    expect((await patch(user, item.id, { categoryId: mine.id })).body.data.category.name).toBe("Mine");
    expect((await patch(user, item.id, { categoryId: null })).body.data.category).toBeNull();
  });

  it("NOT_FOUND for a missing item; another studio's id answers exactly like a missing one", async () => {
    const item = await createContent(t, newOwner());
    const res = await expectForeignLikeMissing("PATCH", (id) => `/v1/web/content/${id}`, item.id, {
      title: "x",
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("content item not found");
    expect((await get(newOwner(), item.id)).status).toBe(404);
  });
});

describe("DELETE /v1/web/content/:id", () => {
  it("answers 204 with no body; unlock rows cascade; the home banner keeps existing with its content reference null", async () => {
    const user = newOwner();
    const client = await addClient(t, user);
    const tag = await createTag(t, user, "x");
    const item = await createContent(t, user, {
      tagIds: [tag.id],
      mediaUrl: "https://cdn.example.com/a.mp4",
    });
    expect((await putUnlocks(t, user, item.id, [client.id])).status).toBe(200);
    const banner = await t.web("PUT", "/v1/web/studio/home-banner", user, {
      contentId: item.id,
      isLive: true,
    });
    expect(banner.status).toBe(200);

    const res = await t.web("DELETE", `/v1/web/content/${item.id}`, user);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect((await get(user, item.id)).status).toBe(404);
    const db = t.deps.database.db;
    expect(await db.select().from(contentUnlocks).where(eq(contentUnlocks.contentId, item.id))).toEqual([]);
    expect(await db.select().from(contentItemTags).where(eq(contentItemTags.itemId, item.id))).toEqual([]);
    const rows = await db
      .select()
      .from(homeBanners)
      .where(eq(homeBanners.studioId, await studioIdOf(t, user)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contentId: null, isLive: true });
    // The tag itself is not removed with the item.
    const again = await t.web("DELETE", `/v1/web/content/${item.id}`, user);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("content item not found");
  });

  it("the stored media object is not deleted with the item", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-media-"));
    const storage = new LocalObjectStorage({ dir, publicBaseUrl: "http://127.0.0.1/media" });
    const withStorage = await startTestApp({ database: "postgres", storage });
    try {
      const user = newOwner();
      const bytes = Buffer.from("a poster that outlives its item");
      const upload = await withStorage.web("POST", "/v1/web/content/media", user, {
        media: bytes.toString("base64"),
        contentType: "image/png",
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      const url = upload.body.data.url as string;
      const key = url.slice("http://127.0.0.1/media/".length);
      const item = await createContent(withStorage, user, { type: "video", mediaUrl: url, posterUrl: url });
      expect((await withStorage.web("DELETE", `/v1/web/content/${item.id}`, user)).status).toBe(204);
      expect(readFileSync(join(dir, "objects", key))).toEqual(bytes);
    } finally {
      await withStorage.close();
    }
  });

  it("another studio's id answers exactly like a missing one, and the item survives", async () => {
    const owner = newOwner();
    const item = await createContent(t, owner);
    const res = await expectForeignLikeMissing("DELETE", (id) => `/v1/web/content/${id}`, item.id);
    expect(res.status).toBe(404);
    expect((await get(owner, item.id)).status).toBe(200);
  });
});
