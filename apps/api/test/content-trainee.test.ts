import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createPreviewToken } from "@studio/auth";
import { clients, contentItems } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, studioIdOf } from "./support/team-fixtures";
import {
  createContent,
  createTag,
  putUnlocks,
  sameAnswer,
  taxonomyOf,
  type ContentBody,
} from "./support/content-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

/** A studio with one trainee and that trainee's token. */
async function studioWithTrainee() {
  const user = newOwner();
  const studioId = await studioIdOf(t, user);
  const client = await addClient(t, user);
  return { user, studioId, clientId: client.id as string, token: t.traineeToken(client.id, studioId) };
}

const asTrainee = (token: string, method: string, path: string) =>
  t.request(method, path, { headers: { authorization: `Bearer ${token}` } });

async function traineeList(token: string, query = "") {
  const res = await asTrainee(token, "GET", `/v1/trainee/content${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: ContentBody[]; total: number };
}
const traineeGet = (token: string, id: string) => asTrainee(token, "GET", `/v1/trainee/content/${id}`);
const setBanner = async (user: WebUserContext, contentId: string | null, isLive: boolean) => {
  const res = await t.web("PUT", "/v1/web/studio/home-banner", user, { contentId, isLive });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe("GET /v1/trainee/content", () => {
  it("shows published items of the trainee's studio that are not restricted or are unlocked for this trainee", async () => {
    const { user, clientId, token } = await studioWithTrainee();
    const neighbour = await addClient(t, user);
    const open = await createContent(t, user, { title: "open" });
    await createContent(t, user, { title: "hidden", isPublished: false });
    const mine = await createContent(t, user, { title: "mine", isRestricted: true });
    const theirs = await createContent(t, user, { title: "theirs", isRestricted: true });
    const lockedForAll = await createContent(t, user, { title: "locked", isRestricted: true });
    await putUnlocks(t, user, mine.id, [clientId]);
    await putUnlocks(t, user, theirs.id, [neighbour.id]);
    await createContent(t, newOwner(), { title: "other studio" });
    // An unpublished item stays hidden even when unlocked.
    const unpublishedUnlocked = await createContent(t, user, { isPublished: false, isRestricted: true });
    await putUnlocks(t, user, unpublishedUnlocked.id, [clientId]);

    const { items, total } = await traineeList(token);
    expect(items.map((i) => i.title).sort()).toEqual(["mine", "open"]);
    expect(total).toBe(2);
    expect(items.find((i) => i.id === lockedForAll.id)).toBeUndefined();
    expect(items.find((i) => i.id === open.id)).toBeDefined();
  });

  it("unlockedAt is set only for restricted items (the unlock row's time), null otherwise even with an unlock row", async () => {
    const { user, clientId, token } = await studioWithTrainee();
    const restricted = await createContent(t, user, { title: "r", isRestricted: true });
    const plain = await createContent(t, user, { title: "p" });
    const put = await putUnlocks(t, user, restricted.id, [clientId]);
    await putUnlocks(t, user, plain.id, [clientId]);
    const { items } = await traineeList(token);
    expect(items.find((i) => i.id === restricted.id)!.unlockedAt).toBe(put.body.data.items[0].createdAt);
    expect(items.find((i) => i.id === plain.id)!.unlockedAt).toBeNull();
  });

  it("each item carries the content fields, category (object or null), tags ordered by name and isFeatured; no unlock count", async () => {
    const { user, token } = await studioWithTrainee();
    const [z, a] = [await createTag(t, user, "zz"), await createTag(t, user, "aa")];
    const item = await createContent(t, user, {
      title: "Tagged",
      tagIds: [z.id, a.id],
      isFeatured: true,
      totalKcal: 300,
      steps: [{ type: "step", text: "Mix" }],
    });
    await createContent(t, user, { title: "Loose", categoryId: null });
    const { items } = await traineeList(token);
    const tagged = items.find((i) => i.id === item.id)!;
    expect(tagged).toMatchObject({
      type: "recipe",
      title: "Tagged",
      isFeatured: true,
      totalKcal: 300,
      steps: [{ type: "step", text: "Mix" }],
      category: { systemKey: "recipe" },
      tagIds: [a.id, z.id],
      unlockedAt: null,
    });
    expect(tagged.tags.map((x) => x.name)).toEqual(["aa", "zz"]);
    expect(tagged).not.toHaveProperty("unlockCount");
    expect(items.find((i) => i.title === "Loose")!.category).toBeNull();
  });

  it("orders by sortOrder ascending then createdAt descending; filters by type and title search; total counts all matches", async () => {
    const { user, token } = await studioWithTrainee();
    const a = await createContent(t, user, { title: "Soup A", sortOrder: 2 });
    const b = await createContent(t, user, { title: "soup B", sortOrder: 2 });
    const c = await createContent(t, user, { type: "video", title: "Video", sortOrder: -1 });
    expect((await traineeList(token)).items.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect((await traineeList(token, "?type=video")).items.map((i) => i.id)).toEqual([c.id]);
    const page = await traineeList(token, "?search=SOUP&pageSize=1&page=2");
    expect(page.items.map((i) => i.id)).toEqual([a.id]);
    expect(page.total).toBe(2);
  });

  it("pageSize defaults to 100 and is at most 500; a bad type or paging is VALIDATION", async () => {
    const { studioId, token } = await studioWithTrainee();
    await t.deps.database.db
      .insert(contentItems)
      .values(Array.from({ length: 101 }, (_, i) => ({ studioId, type: "knowledge", title: `K${i}` })));
    const first = await traineeList(token);
    expect(first.items).toHaveLength(100);
    expect(first.total).toBe(101);
    for (const query of ["?type=audio", "?pageSize=501", "?page=0", "?pageSize=abc"]) {
      const res = await asTrainee(token, "GET", `/v1/trainee/content${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });
});

describe("GET /v1/trainee/content/:id", () => {
  it("answers a visible item in the list shape", async () => {
    const { user, token } = await studioWithTrainee();
    const item = await createContent(t, user, { title: "Open" });
    const res = await traineeGet(token, item.id);
    expect(res.status).toBe(200);
    const listed = (await traineeList(token)).items.find((i) => i.id === item.id);
    expect(res.body.data).toEqual(listed);
  });

  it("NOT_FOUND when unpublished, restricted without an unlock, missing, or another studio's; each answers alike", async () => {
    const { user, clientId, token } = await studioWithTrainee();
    const hidden = await createContent(t, user, { isPublished: false });
    const restricted = await createContent(t, user, { isRestricted: true });
    const foreign = await createContent(t, newOwner());
    const missing = await traineeGet(token, "does-not-exist");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("content item not found");
    for (const id of [hidden.id, restricted.id, foreign.id])
      expect(sameAnswer(await traineeGet(token, id))).toEqual(sameAnswer(missing));
    await putUnlocks(t, user, restricted.id, [clientId]);
    expect((await traineeGet(token, restricted.id)).status).toBe(200);
  });

  it("the live home banner's item opens by id even when unpublished (not in the list); the restricted check still applies", async () => {
    const { user, clientId, token } = await studioWithTrainee();
    const item = await createContent(t, user, { title: "Banner", isPublished: false });
    expect((await traineeGet(token, item.id)).status).toBe(404);
    await setBanner(user, item.id, false);
    expect((await traineeGet(token, item.id)).status).toBe(404);
    await setBanner(user, item.id, true);
    const res = await traineeGet(token, item.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: item.id, isPublished: false });
    expect((await traineeList(token)).items).toEqual([]);

    const restricted = await createContent(t, user, { isPublished: false, isRestricted: true });
    await setBanner(user, restricted.id, true);
    expect((await traineeGet(token, restricted.id)).status).toBe(404);
    await putUnlocks(t, user, restricted.id, [clientId]);
    expect((await traineeGet(token, restricted.id)).status).toBe(200);
    // The exception follows the banner: the first item is hidden again.
    expect((await traineeGet(token, item.id)).status).toBe(404);
  });

  it("another studio's live banner opens nothing here", async () => {
    const { token } = await studioWithTrainee();
    const other = newOwner();
    const theirs = await createContent(t, other, { isPublished: false });
    await setBanner(other, theirs.id, true);
    expect((await traineeGet(token, theirs.id)).status).toBe(404);
  });
});

describe("GET /v1/trainee/content/taxonomy", () => {
  it("answers every category and tag of the trainee's studio as raw rows, ordered by sortOrder then creation", async () => {
    const { user, token } = await studioWithTrainee();
    await createTag(t, user, "b-tag");
    await createTag(t, user, "a-tag");
    await createTag(t, newOwner(), "elsewhere");
    const res = await asTrainee(token, "GET", "/v1/trainee/content/taxonomy");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(await taxonomyOf(t, user));
    expect(res.body.data.tags.map((x: { name: string }) => x.name)).toEqual(["b-tag", "a-tag"]);
    expect(res.body.data.categories.map((c: { systemKey: string }) => c.systemKey)).toEqual([
      "recipe",
      "video",
      "knowledge",
    ]);
  });
});

describe("trainee content lane: trainee token only", () => {
  it("no app-access guard: a trainee whose plan has ended still reads content", async () => {
    const { user, clientId, token } = await studioWithTrainee();
    const item = await createContent(t, user);
    await t.deps.database.db
      .update(clients)
      .set({
        accessEndsAt: new Date(Date.now() - 86_400_000),
        freezeStartedAt: new Date(Date.now() - 86_400_000),
      })
      .where(eq(clients.id, clientId));
    expect((await traineeList(token)).items).toHaveLength(1);
    expect((await traineeGet(token, item.id)).status).toBe(200);
    expect((await asTrainee(token, "GET", "/v1/trainee/content/taxonomy")).status).toBe(200);
  });

  it("a coach preview session may read every content route", async () => {
    const { user, studioId, clientId } = await studioWithTrainee();
    const item = await createContent(t, user);
    const { token } = createPreviewToken({ clientId, studioId }, t.config.sessionSigningSecret, Date.now());
    expect((await traineeList(token)).items.map((i) => i.id)).toEqual([item.id]);
    expect((await traineeGet(token, item.id)).status).toBe(200);
    expect((await asTrainee(token, "GET", "/v1/trainee/content/taxonomy")).status).toBe(200);
  });

  it("the token's trainee once deleted answers NOT_FOUND trainee not found; no token answers 401", async () => {
    const { user, clientId, token } = await studioWithTrainee();
    const item = await createContent(t, user);
    expect((await t.web("DELETE", `/v1/web/clients/${clientId}`, user)).status).toBe(200);
    for (const path of [
      "/v1/trainee/content",
      `/v1/trainee/content/${item.id}`,
      "/v1/trainee/content/taxonomy",
    ]) {
      const res = await asTrainee(token, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe("trainee not found");
      expect((await t.request("GET", path)).status).toBe(401);
    }
  });

  it("a token for a trainee of another studio (forged studio id) sees nothing of either studio", async () => {
    const a = await studioWithTrainee();
    const b = await studioWithTrainee();
    await createContent(t, b.user);
    const forged = t.traineeToken(a.clientId, b.studioId);
    const res = await asTrainee(forged, "GET", "/v1/trainee/content");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("trainee not found");
  });
});

describe("home banner (PUT /v1/web/studio/home-banner)", () => {
  it("starts empty, is set and read back; contentId null clears the item", async () => {
    const { user } = await studioWithTrainee();
    const initial = await t.web("GET", "/v1/web/studio/home-banner", user);
    expect(initial.body.data).toEqual({ contentId: null, isLive: false, updatedAt: null });
    const item = await createContent(t, user, { isPublished: false });
    expect(await setBanner(user, item.id, true)).toMatchObject({ contentId: item.id, isLive: true });
    expect((await t.web("GET", "/v1/web/studio/home-banner", user)).body.data).toMatchObject({
      contentId: item.id,
      isLive: true,
    });
    expect(await setBanner(user, null, true)).toMatchObject({ contentId: null, isLive: true });
  });

  it("a missing or another studio's contentId is VALIDATION content item not found, answered alike; the banner is unchanged", async () => {
    const { user } = await studioWithTrainee();
    const mine = await createContent(t, user);
    await setBanner(user, mine.id, true);
    const foreign = await createContent(t, newOwner());
    const a = await t.web("PUT", "/v1/web/studio/home-banner", user, { contentId: foreign.id, isLive: true });
    const b = await t.web("PUT", "/v1/web/studio/home-banner", user, {
      contentId: "does-not-exist",
      isLive: true,
    });
    expect(a.status).toBe(422);
    expect(a.body).toMatchObject({ code: "VALIDATION", message: "content item not found" });
    expect(sameAnswer(a)).toEqual(sameAnswer(b));
    expect((await t.web("GET", "/v1/web/studio/home-banner", user)).body.data.contentId).toBe(mine.id);
    expect((await t.web("PUT", "/v1/web/studio/home-banner", user, { contentId: mine.id })).status).toBe(422);
  });

  it("deleting the banner's item keeps the banner with contentId null", async () => {
    const { user } = await studioWithTrainee();
    const item = await createContent(t, user);
    await setBanner(user, item.id, true);
    expect((await t.web("DELETE", `/v1/web/content/${item.id}`, user)).status).toBe(204);
    expect((await t.web("GET", "/v1/web/studio/home-banner", user)).body.data).toMatchObject({
      contentId: null,
      isLive: true,
    });
  });
});
