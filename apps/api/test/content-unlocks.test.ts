import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { clients, contentUnlocks } from "@studio/db";
import { grantContentUnlock } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, studioIdOf } from "./support/team-fixtures";
import { createContent, putUnlocks, sameAnswer } from "./support/content-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

type UnlockBody = { id: string; contentId: string; clientId: string; source: string; createdAt: string };

const listUnlocks = async (user: WebUserContext, contentId: string): Promise<UnlockBody[]> => {
  const res = await t.web("GET", `/v1/web/content/${contentId}/unlocks`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items;
};
const rowsOf = (contentId: string) =>
  t.deps.database.db.select().from(contentUnlocks).where(eq(contentUnlocks.contentId, contentId));

/** The internal write operation, as an automation flow or an import calls it. */
async function grant(user: WebUserContext, contentId: string, clientId: string) {
  return grantContentUnlock(t.deps.database.db, t.scopeFor(await studioIdOf(t, user)), {
    contentId,
    clientId,
  });
}

async function studioWithClients(n: number) {
  const user = newOwner();
  const list = [];
  for (let i = 0; i < n; i++) list.push(await addClient(t, user));
  return { user, ids: list.map((c) => c.id as string) };
}

describe("PUT /v1/web/content/:id/unlocks", () => {
  it("replaces the manual set: unlisted manual rows are deleted, listed ones inserted, kept ones untouched", async () => {
    const { user, ids } = await studioWithClients(3);
    const [a, b, c] = ids as [string, string, string];
    const item = await createContent(t, user, { isRestricted: true });
    const first = await putUnlocks(t, user, item.id, [a, b]);
    expect(first.status).toBe(200);
    expect(first.body.data.items.map((u: UnlockBody) => u.clientId).sort()).toEqual([a, b].sort());
    const keptRow = first.body.data.items.find((u: UnlockBody) => u.clientId === b);

    await new Promise((r) => setTimeout(r, 5));
    const second = await putUnlocks(t, user, item.id, [b, c]);
    expect(second.status).toBe(200);
    const after = second.body.data.items as UnlockBody[];
    expect(after.map((u) => u.clientId).sort()).toEqual([b, c].sort());
    expect(after.find((u) => u.clientId === b)).toEqual(keptRow);
    expect(after.every((u) => u.source === "manual" && u.contentId === item.id)).toBe(true);
    // The answer is the full list after the change, newest first.
    expect(after.map((u) => u.clientId)).toEqual([c, b]);
    expect(await listUnlocks(user, item.id)).toEqual(after);
  });

  it("duplicates are removed", async () => {
    const { user, ids } = await studioWithClients(2);
    const item = await createContent(t, user);
    const res = await putUnlocks(t, user, item.id, [ids[0]!, ids[1]!, ids[0]!, ids[0]!]);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(2);
    expect(await rowsOf(item.id)).toHaveLength(2);
  });

  it("an empty array removes every manual unlock, and automation rows are never deleted", async () => {
    const { user, ids } = await studioWithClients(3);
    const [a, b, c] = ids as [string, string, string];
    const item = await createContent(t, user);
    expect(await grant(user, item.id, c)).toEqual({ unlocked: true, already: false });
    await putUnlocks(t, user, item.id, [a, b]);
    const res = await putUnlocks(t, user, item.id, []);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toMatchObject([{ clientId: c, source: "automation" }]);
  });

  it("a trainee holding an automation row gets no second row and keeps the automation source", async () => {
    const { user, ids } = await studioWithClients(2);
    const [a, b] = ids as [string, string];
    const item = await createContent(t, user);
    await grant(user, item.id, a);
    const res = await putUnlocks(t, user, item.id, [a, b]);
    expect(res.status).toBe(200);
    const rows = await rowsOf(item.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.clientId === a)!.source).toBe("automation");
    expect(rows.find((r) => r.clientId === b)!.source).toBe("manual");
    // Not listed any more: the automation row stays.
    await putUnlocks(t, user, item.id, [b]);
    expect((await rowsOf(item.id)).map((r) => r.clientId).sort()).toEqual([a, b].sort());
  });

  it("VALIDATION client not found when an id is not a trainee of the studio (unknown, another studio's, deleted); nothing changes", async () => {
    const { user, ids } = await studioWithClients(2);
    const [a, b] = ids as [string, string];
    const foreign = await addClient(t, newOwner());
    const deleted = await addClient(t, user);
    expect((await t.web("DELETE", `/v1/web/clients/${deleted.id}`, user)).status).toBe(200);
    const item = await createContent(t, user);
    await putUnlocks(t, user, item.id, [a]);
    for (const stranger of ["does-not-exist", foreign.id, deleted.id]) {
      const res = await putUnlocks(t, user, item.id, [b, stranger]);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: "VALIDATION",
        message: "client not found",
        details: { clientIds: [stranger] },
      });
    }
    const unknown = await putUnlocks(t, user, item.id, [b, "does-not-exist"]);
    const foreignAnswer = await putUnlocks(t, user, item.id, [b, foreign.id]);
    expect({
      ...sameAnswer(foreignAnswer),
      body: { ...foreignAnswer.body, requestId: "", details: null },
    }).toEqual({
      ...sameAnswer(unknown),
      body: { ...unknown.body, requestId: "", details: null },
    });
    expect((await rowsOf(item.id)).map((r) => r.clientId)).toEqual([a]);
  });

  it("at most 5000 ids (VALIDATION beyond)", async () => {
    const { user } = await studioWithClients(0);
    const item = await createContent(t, user);
    const res = await putUnlocks(
      t,
      user,
      item.id,
      Array.from({ length: 5001 }, (_, i) => `id-${i}`),
    );
    expect(res.status).toBe(422);
    expect(res.body.details.issues[0].path).toBe("clientIds");
    expect((await t.web("PUT", `/v1/web/content/${item.id}/unlocks`, user, {})).status).toBe(422);
  });

  it("does not set isRestricted and sends no notification", async () => {
    const { user, ids } = await studioWithClients(1);
    const item = await createContent(t, user);
    await putUnlocks(t, user, item.id, ids);
    const res = await t.web("GET", `/v1/web/content/${item.id}`, user);
    expect(res.body.data).toMatchObject({ isRestricted: false, unlockCount: 1 });
    expect(await t.jobsNamed("deliver-push")).toEqual([]);
  });

  it("concurrent PUTs of one item apply one after the other: the result is exactly one of the sets", async () => {
    const { user, ids } = await studioWithClients(4);
    const item = await createContent(t, user);
    const sets = [ids.slice(0, 2), ids.slice(2, 4), ids.slice(1, 3)];
    const answers = await Promise.all(sets.map((set) => putUnlocks(t, user, item.id, set)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const final = (await rowsOf(item.id)).map((r) => r.clientId).sort();
    expect(sets.map((s) => [...s].sort())).toContainEqual(final);
  });

  it("a PUT while a grant of one of its pairs is uncommitted waits for it, then keeps the automation row (no unique conflict)", async () => {
    const { user, ids } = await studioWithClients(2);
    const item = await createContent(t, user);
    const scope = t.scopeFor(await studioIdOf(t, user));
    let put!: Promise<{ status: number }>;
    await t.deps.database.db.transaction(async (tx) => {
      expect(await grantContentUnlock(tx, scope, { contentId: item.id, clientId: ids[0]! })).toEqual({
        unlocked: true,
        already: false,
      });
      // Uncommitted: the PUT's plain insert would fail on this pair if it did not wait for it.
      put = putUnlocks(t, user, item.id, ids);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await put).status).toBe(200);
    const rows = await rowsOf(item.id);
    expect(rows.map((r) => [r.clientId, r.source]).sort()).toEqual(
      [
        [ids[0], "automation"],
        [ids[1], "manual"],
      ].sort(),
    );
  });

  it("NOT_FOUND content item not found; another studio's item answers exactly like a missing one", async () => {
    const { user, ids } = await studioWithClients(1);
    const item = await createContent(t, user);
    const other = newOwner();
    const otherClient = await addClient(t, other);
    const foreign = await putUnlocks(t, other, item.id, [otherClient.id]);
    const missing = await putUnlocks(t, other, "does-not-exist", [otherClient.id]);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("content item not found");
    expect(sameAnswer(foreign)).toEqual(sameAnswer(missing));
    expect(await rowsOf(item.id)).toEqual([]);
    expect(ids).toHaveLength(1);
  });
});

describe("GET /v1/web/content/:id/unlocks", () => {
  it("lists manual and automation unlocks, newest first", async () => {
    const { user, ids } = await studioWithClients(3);
    const [a, b, c] = ids as [string, string, string];
    const item = await createContent(t, user);
    await grant(user, item.id, a);
    await new Promise((r) => setTimeout(r, 5));
    await putUnlocks(t, user, item.id, [b]);
    await new Promise((r) => setTimeout(r, 5));
    await grant(user, item.id, c);
    const items = await listUnlocks(user, item.id);
    expect(items.map((u) => [u.clientId, u.source])).toEqual([
      [c, "automation"],
      [b, "manual"],
      [a, "automation"],
    ]);
  });

  it("createdAt is the row's instant as Date#toISOString writes it (UTC, microseconds cut); ties newest first by trainee id descending", async () => {
    const { user, ids } = await studioWithClients(4);
    const [a, b, c, d] = ids as [string, string, string, string];
    const item = await createContent(t, user);
    const studioId = await studioIdOf(t, user);
    const at = (text: string) => sql`${text}::timestamptz`;
    await t.deps.database.db
      .execute(sql`insert into ${contentUnlocks} (studio_id, content_id, client_id, source, created_at)
      values (${studioId}, ${item.id}, ${a}, 'manual', ${at("2026-03-01 10:00:00.123987+00")}),
        (${studioId}, ${item.id}, ${b}, 'automation', ${at("2026-03-01 12:00:00.999999+02")}),
        (${studioId}, ${item.id}, ${c}, 'manual', ${at("2026-02-28 23:59:59+00")}),
        (${studioId}, ${item.id}, ${d}, 'manual', ${at("2026-03-01 11:00:00.123987+01")})`);
    const items = await listUnlocks(user, item.id);
    const [first, second] = [a, d].sort().reverse();
    expect(items.map((u) => [u.clientId, u.createdAt, u.source])).toEqual([
      [b, "2026-03-01T10:00:00.999Z", "automation"],
      [first, "2026-03-01T10:00:00.123Z", "manual"],
      [second, "2026-03-01T10:00:00.123Z", "manual"],
      [c, "2026-02-28T23:59:59.000Z", "manual"],
    ]);
    expect(items.every((u) => u.contentId === item.id)).toBe(true);
  });

  it("a deleted trainee's rows are neither listed nor counted", async () => {
    const { user, ids } = await studioWithClients(2);
    const item = await createContent(t, user);
    await putUnlocks(t, user, item.id, ids);
    await t.deps.database.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, ids[0]!));
    expect((await listUnlocks(user, item.id)).map((u) => u.clientId)).toEqual([ids[1]]);
    expect((await t.web("GET", `/v1/web/content/${item.id}`, user)).body.data.unlockCount).toBe(1);
    // Re-sending the listed set is accepted; the deleted trainee's manual row goes with it.
    expect((await putUnlocks(t, user, item.id, [ids[1]!])).status).toBe(200);
    expect(await rowsOf(item.id)).toHaveLength(1);
  });

  it("NOT_FOUND content item not found; another studio's item answers exactly like a missing one", async () => {
    const { user } = await studioWithClients(0);
    const item = await createContent(t, user);
    const other = newOwner();
    const foreign = await t.web("GET", `/v1/web/content/${item.id}/unlocks`, other);
    const missing = await t.web("GET", "/v1/web/content/does-not-exist/unlocks", other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("content item not found");
    expect(sameAnswer(foreign)).toEqual(sameAnswer(missing));
  });
});

describe("the internal write operation grantContentUnlock", () => {
  it("inserts an automation row; a unique collision is success with unlocked false, already true", async () => {
    const { user, ids } = await studioWithClients(2);
    const item = await createContent(t, user);
    expect(await grant(user, item.id, ids[0]!)).toEqual({ unlocked: true, already: false });
    expect(await grant(user, item.id, ids[0]!)).toEqual({ unlocked: false, already: true });
    await putUnlocks(t, user, item.id, [ids[1]!]);
    expect(await grant(user, item.id, ids[1]!)).toEqual({ unlocked: false, already: true });
    const rows = await rowsOf(item.id);
    expect(rows.map((r) => [r.clientId, r.source]).sort()).toEqual(
      [
        [ids[0], "automation"],
        [ids[1], "manual"],
      ].sort(),
    );
  });

  it("concurrent grants of one pair end with one row, every call a success", async () => {
    const { user, ids } = await studioWithClients(1);
    const item = await createContent(t, user);
    const answers = await Promise.all([1, 2, 3, 4].map(() => grant(user, item.id, ids[0]!)));
    expect(answers.filter((a) => a.unlocked)).toHaveLength(1);
    expect(answers.filter((a) => a.already)).toHaveLength(3);
    expect(await rowsOf(item.id)).toHaveLength(1);
  });

  it("another studio's item or trainee is NOT_FOUND like a missing one", async () => {
    const { user, ids } = await studioWithClients(1);
    const item = await createContent(t, user);
    const other = newOwner();
    const theirItem = await createContent(t, other);
    const theirClient = await addClient(t, other);
    await expect(grant(user, theirItem.id, ids[0]!)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "content item not found",
    });
    await expect(grant(user, item.id, theirClient.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "client not found",
    });
    await expect(grant(user, item.id, "")).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
