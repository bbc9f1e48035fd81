import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { studios } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient } from "./support/team-fixtures";

// Issue 9 item 1: the web context links a studio by slug only when no organization holds it.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const sha8 = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 8);
const studioRow = async (id: string) =>
  (await t.deps.database.db.select().from(studios).where(eq(studios.id, id)))[0]!;
const clientIds = async (user: Parameters<TestApp["web"]>[2]) => {
  const res = await t.web("GET", "/v1/web/clients", user);
  expect(res.status).toBe(200);
  return res.body.data.items.map((c: { id: string }) => c.id);
};

describe("web context: slug linking never takes another organization's studio", () => {
  it("a new organization naming a held studio's slug gets its own studio, not the other's trainees", async () => {
    const slug = `held-${Date.now().toString(36)}`;
    const victim = newOwner({ studioSlug: slug });
    const victimStudio = await t.web("GET", "/v1/web/studio", victim);
    expect(victimStudio.body.data.slug).toBe(slug);
    const trainee = await addClient(t, victim);

    const attacker = newOwner({ studioSlug: slug });
    const res = await t.web("GET", "/v1/web/studio", attacker);
    expect(res.status).toBe(200);
    expect(res.body.data.id).not.toBe(victimStudio.body.data.id);
    expect(res.body.data.organizationId).toBe(attacker.studioId);
    expect(res.body.data.slug).not.toBe(slug);
    expect(res.body.data.slug.startsWith(`${slug}-`)).toBe(true);
    expect(await clientIds(attacker)).not.toContain(trainee.id);

    // The victim keeps its studio and its trainees.
    expect((await studioRow(victimStudio.body.data.id)).organizationId).toBe(victim.studioId);
    expect(await clientIds(victim)).toEqual([trainee.id]);
  });

  it("organization ids compare exactly: the upper-case form of an id does not reach the lower-case one's studio", async () => {
    const lower = newOwner();
    lower.studioId = lower.studioId!.toLowerCase();
    const lowerStudio = await t.web("GET", "/v1/web/studio", lower);
    const trainee = await addClient(t, lower);

    const upper = newOwner({ studioId: lower.studioId.toUpperCase() });
    const res = await t.web("GET", "/v1/web/studio", upper);
    expect(res.status).toBe(200);
    expect(res.body.data.id).not.toBe(lowerStudio.body.data.id);
    expect(res.body.data.organizationId).toBe(upper.studioId);
    expect(await clientIds(upper)).not.toContain(trainee.id);
    expect((await studioRow(lowerStudio.body.data.id)).organizationId).toBe(lower.studioId);
  });

  it("the clash slug is stable per organization and a taken one falls back to another free slug", async () => {
    const slug = `busy-${Date.now().toString(36)}`;
    await t.web("GET", "/v1/web/studio", newOwner({ studioSlug: slug }));
    const second = newOwner({ studioSlug: slug });
    const secondStudio = await t.web("GET", "/v1/web/studio", second);
    const clashSlug = secondStudio.body.data.slug as string;
    expect(clashSlug).toMatch(new RegExp(`^${slug}-[0-9a-f]{8}$`));
    expect(clashSlug).toBe(`${slug}-${sha8(second.studioId!)}`);
    // Another studio already sits on the slug the next organization would get: it gets a free one.
    const third = newOwner({ studioSlug: slug });
    await t.web("GET", "/v1/web/studio", newOwner({ studioSlug: `${slug}-${sha8(third.studioId!)}` }));
    const thirdStudio = await t.web("GET", "/v1/web/studio", third);
    expect(thirdStudio.status).toBe(200);
    expect(thirdStudio.body.data.organizationId).toBe(third.studioId);
    expect(thirdStudio.body.data.slug).toMatch(new RegExp(`^${slug}-[0-9a-f]{8}$`));
    expect([slug, clashSlug, `${slug}-${sha8(third.studioId!)}`]).not.toContain(thirdStudio.body.data.slug);
  });

  it("a studio no organization holds is still linked by slug (and only once)", async () => {
    const slug = `free-${Date.now().toString(36)}`;
    const [free] = await t.deps.database.db.insert(studios).values({ name: "Free", slug }).returning();
    const a = newOwner({ studioSlug: slug });
    const b = newOwner({ studioSlug: slug });
    const [ra, rb] = await Promise.all([
      t.web("GET", "/v1/web/studio", a),
      t.web("GET", "/v1/web/studio", b),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const winners = [ra, rb].filter((r) => r.body.data.id === free!.id);
    expect(winners).toHaveLength(1);
    const [loser] = [ra, rb].filter((r) => r.body.data.id !== free!.id);
    expect(loser!.body.data.slug.startsWith(`${slug}-`)).toBe(true);
    expect((await studioRow(free!.id)).organizationId).toBe(winners[0]!.body.data.organizationId);
  });

  it("twenty concurrent first requests of an organization whose slug is taken create exactly one studio", async () => {
    const slug = `race-${Date.now().toString(36)}`;
    await t.web("GET", "/v1/web/studio", newOwner({ studioSlug: slug }));
    const user = newOwner({ studioSlug: slug });
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.web("GET", "/v1/web/studio", user)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const rows = await t.deps.database.db
      .select()
      .from(studios)
      .where(eq(studios.organizationId, user.studioId!));
    expect(rows).toHaveLength(1);
  });
});
