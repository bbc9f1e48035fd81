import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { programs, programTemplates, templateFolders, type Db } from "@studio/db";
import { listProgramTemplates } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, studioIdOf } from "./support/team-fixtures";
import { sameAnswer } from "./support/content-fixtures";

// Document 2 "Program template", "Plan content (normalized on save)" and the template routes
// list, create, get, PATCH, DELETE and duplicate, over the real app on a socket.

const BASE = "/v1/web/program-templates";
const FILE_PLAN_MESSAGE = "a file plan carries no content beyond meta.workoutsPerWeek";

type TemplateBody = {
  id: string;
  type: string;
  name: string;
  displayName: string | null;
  description: string | null;
  level: string | null;
  folderId: string | null;
  pdfUrl: string | null;
  content: Record<string, any>;
  assignedCount: number;
  createdAt: string;
  updatedAt: string;
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

async function create(user: WebUserContext, body: Record<string, unknown>): Promise<TemplateBody> {
  const res = await t.web("POST", BASE, user, { type: "TRAINING", name: "Strength", content: {}, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
const get = (user: WebUserContext, id: string) => t.web("GET", `${BASE}/${id}`, user);
const patch = (user: WebUserContext, id: string, body: Record<string, unknown>) =>
  t.web("PATCH", `${BASE}/${id}`, user, body);
async function list(user: WebUserContext, query = "") {
  const res = await t.web("GET", `${BASE}${query}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: TemplateBody[]; total: number };
}

async function addFolder(user: WebUserContext, name = "Folder"): Promise<string> {
  const studioId = await studioIdOf(t, user);
  const [row] = await db()
    .insert(templateFolders)
    .values({ studioId, name })
    .returning({ id: templateFolders.id });
  return row!.id;
}

/** A program row made from the template (the assignment routes write these; here the table directly). */
async function addProgram(user: WebUserContext, templateId: string, status: string) {
  const studioId = await studioIdOf(t, user);
  const client = await addClient(t, user);
  await db().insert(programs).values({
    studioId,
    clientId: client.id,
    type: "TRAINING",
    name: "P",
    sourceTemplateId: templateId,
    status,
  });
}

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
  expect(foreign.status).toBe(404);
  expect(foreign.body).toMatchObject({ ok: false, code: "NOT_FOUND", message: "program template not found" });
  expect(sameAnswer(foreign)).toEqual(sameAnswer(missing));
}

describe("POST /v1/web/program-templates", () => {
  it("TRAINING: 201, content normalized (schemaVersion 2, one empty day d1 / Day A), unknown keys dropped, assignedCount 0", async () => {
    const user = newOwner();
    const res = await t.web("POST", BASE, user, {
      type: "TRAINING",
      name: "  Strength A  ",
      content: { unknown: 1, meta: { workoutsPerWeek: 3, extra: true } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body.data as TemplateBody;
    expect(body).toMatchObject({
      type: "TRAINING",
      name: "Strength A",
      displayName: null,
      description: null,
      level: null,
      folderId: null,
      pdfUrl: null,
      assignedCount: 0,
    });
    expect(body.content.schemaVersion).toBe(2);
    expect(body.content).not.toHaveProperty("unknown");
    expect(body.content.meta).toEqual({
      workoutsPerWeek: 3,
      requirement: { mode: "both", scope: "weekly", cardioMinutes: 0, stepsDaily: 0 },
    });
    expect(body.content.days).toEqual([
      { id: "d1", label: "Day A", strength: [], cardioMinutes: "", stepsDaily: "" },
    ]);
    // What was answered is what was stored.
    expect((await get(user, body.id)).body.data).toEqual(body);
  });

  it("NUTRITION: normalized (schemaVersion 1, default targets, meal time by type, qty default 100)", async () => {
    const body = await create(newOwner(), {
      type: "NUTRITION",
      name: "Cut",
      content: { days: [{ meals: [{ type: "lunch", items: [{ foodId: "f1" }] }] }], junk: "x" },
    });
    expect(body.content).not.toHaveProperty("junk");
    expect(body.content.schemaVersion).toBe(1);
    const day = body.content.days[0];
    expect(day.targets).toEqual({
      kcal: 2000,
      protein: 150,
      carbs: 200,
      fat: 60,
      water: 3,
      kcalOverride: false,
    });
    expect(day.meals[0]).toMatchObject({ type: "lunch", time: "13:00" });
    expect(day.meals[0].items[0]).toMatchObject({ foodId: "f1", qty: "100" });
  });

  it("COMBINED: content stored as sent", async () => {
    const content = { anything: { goes: [1, "two", null] }, days: "not a list" };
    const body = await create(newOwner(), { type: "COMBINED", name: "Both", content });
    expect(body.content).toEqual(content);
  });

  it("file template (pdfUrl): {} and {meta: {workoutsPerWeek}} stored as sent, not normalized", async () => {
    const user = newOwner();
    const pdfUrl = "https://cdn.example.com/plans/a.pdf";
    const a = await create(user, { pdfUrl, content: { meta: { workoutsPerWeek: 4 } } });
    expect(a).toMatchObject({ pdfUrl, content: { meta: { workoutsPerWeek: 4 } } });
    const b = await create(user, { type: "NUTRITION", pdfUrl: "http://cdn.example.com/b.pdf", content: {} });
    expect(b.content).toEqual({});
  });

  it("a file plan carrying content beyond meta.workoutsPerWeek: BAD_REQUEST 400, nothing created", async () => {
    const user = newOwner();
    for (const content of [
      { days: [] },
      { meta: { workoutsPerWeek: 3, requirement: {} } },
      { meta: { workoutsPerWeek: "3" } },
    ]) {
      const res = await t.web("POST", BASE, user, {
        type: "TRAINING",
        name: "File",
        pdfUrl: "https://cdn.example.com/a.pdf",
        content,
      });
      expect(res.status, JSON.stringify(content)).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: "BAD_REQUEST", message: FILE_PLAN_MESSAGE });
    }
    expect((await list(user)).total).toBe(0);
  });

  it("VALIDATION: blank name, content not an object or missing, unknown type, pdfUrl not http(s)", async () => {
    const user = newOwner();
    const bad = [
      { type: "TRAINING", name: "   ", content: {} },
      { type: "TRAINING", name: "x", content: [] },
      { type: "TRAINING", name: "x", content: "text" },
      { type: "TRAINING", name: "x" },
      { type: "YOGA", name: "x", content: {} },
      { name: "x", content: {} },
      { type: "TRAINING", name: "x", content: {}, pdfUrl: "ftp://cdn.example.com/a.pdf" },
      { type: "TRAINING", name: "x", content: {}, pdfUrl: "not a url" },
      { type: "TRAINING", name: "x".repeat(201), content: {} },
    ];
    for (const body of bad) {
      const res = await t.web("POST", BASE, user, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });

  it("optional texts are trimmed and a blank one is stored as null", async () => {
    const body = await create(newOwner(), {
      displayName: "  ",
      description: "  Heavy days  ",
      level: " מתחילים ",
    });
    expect(body).toMatchObject({ displayName: null, description: "Heavy days", level: "מתחילים" });
  });

  it("folderId is not checked by the API: an unknown folder and another studio's both answer CONFLICT from the database", async () => {
    const user = newOwner();
    const own = await addFolder(user);
    expect((await create(user, { folderId: own })).folderId).toBe(own);
    const foreign = await addFolder(newOwner());
    const answers = [];
    for (const folderId of [foreign, "no-such-folder"]) {
      const res = await t.web("POST", BASE, user, { type: "TRAINING", name: "x", content: {}, folderId });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "CONFLICT", message: "related resource constraint failed" });
      answers.push(sameAnswer(res));
    }
    expect(answers[0]).toEqual(answers[1]);
  });
});

describe("GET /v1/web/program-templates", () => {
  it("most recently updated first, data.items + data.total, paging (default 20, max 500)", async () => {
    const user = newOwner();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await create(user, { name: `T${i}` })).id);
    // Spread updatedAt so the order is fixed: T0 oldest … T24 newest.
    for (const [i, id] of ids.entries())
      await db()
        .update(programTemplates)
        .set({ updatedAt: new Date(Date.UTC(2020, 0, 1, 0, i)) })
        .where(eq(programTemplates.id, id));
    const first = await list(user);
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.name).toBe("T24");
    const second = await list(user, "?page=2&pageSize=10");
    expect(second.items.map((x) => x.name)).toEqual([
      "T14",
      "T13",
      "T12",
      "T11",
      "T10",
      "T9",
      "T8",
      "T7",
      "T6",
      "T5",
    ]);
    // A PATCH moves the template to the top.
    const renamed = await patch(user, ids[0]!, { description: "touched" });
    expect(renamed.status).toBe(200);
    expect((await list(user, "?pageSize=1")).items[0]!.id).toBe(ids[0]);
    expect((await t.web("GET", `${BASE}?pageSize=501`, user)).status).toBe(422);
    expect((await t.web("GET", `${BASE}?page=0`, user)).status).toBe(422);
    expect((await list(user, "?pageSize=500")).items).toHaveLength(25);
  });

  it("filters: type, folderId, search (case-insensitive contains on name, wildcards literal); another studio's are never listed", async () => {
    const user = newOwner();
    const folder = await addFolder(user);
    await create(user, { name: "Upper Body Power", folderId: folder });
    await create(user, { name: "lower body", type: "NUTRITION" });
    await create(user, { name: "100% cardio", type: "COMBINED", folderId: folder });
    await create(newOwner(), { name: "Upper Body Power" });
    const names = async (query: string) => (await list(user, query)).items.map((x) => x.name).sort();
    expect(await names("")).toEqual(["100% cardio", "Upper Body Power", "lower body"]);
    expect(await names("?type=NUTRITION")).toEqual(["lower body"]);
    expect(await names(`?folderId=${folder}`)).toEqual(["100% cardio", "Upper Body Power"]);
    expect(await names("?search=BODY")).toEqual(["Upper Body Power", "lower body"]);
    expect(await names("?search=%25")).toEqual(["100% cardio"]);
    expect(await names("?search=_")).toEqual([]);
    expect(await names(`?type=COMBINED&folderId=${folder}&search=cardio`)).toEqual(["100% cardio"]);
    expect((await list(user, "?search=body")).total).toBe(2);
    expect((await t.web("GET", `${BASE}?type=YOGA`, user)).status).toBe(422);
  });

  it("assignedCount counts the programs made from the template in every status (list and get)", async () => {
    const user = newOwner();
    const counted = await create(user, { name: "Counted" });
    const other = await create(user, { name: "Other" });
    for (const status of ["ACTIVE", "PAUSED", "ENDED"]) await addProgram(user, counted.id, status);
    const items = (await list(user)).items;
    expect(items.find((x) => x.id === counted.id)!.assignedCount).toBe(3);
    expect(items.find((x) => x.id === other.id)!.assignedCount).toBe(0);
    expect((await get(user, counted.id)).body.data.assignedCount).toBe(3);
  });

  it("a page's assignedCounts come from one statement plus the total (no query per template)", async () => {
    const user = newOwner();
    const studioId = await studioIdOf(t, user);
    for (let i = 0; i < 8; i++) {
      const template = await create(user, { name: `Page ${i}` });
      if (i % 2 === 0) await addProgram(user, template.id, "ACTIVE");
    }
    let statements = 0;
    const counting = new Proxy(db(), {
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
    const page = await listProgramTemplates(counting, scope, { page: 1, pageSize: 100 });
    expect(page.items).toHaveLength(8);
    expect(statements).toBe(2);
    expect(page.items.filter((x) => x.assignedCount === 1)).toHaveLength(4);
  });
});

describe("GET /v1/web/program-templates/:id", () => {
  it("NOT_FOUND program template not found; another studio's id answers exactly like a missing one", async () => {
    const template = await create(newOwner(), {});
    await expectForeignLikeMissing("GET", (id) => `${BASE}/${id}`, template.id);
  });
});

describe("PATCH /v1/web/program-templates/:id", () => {
  it("only the fields sent are written; null clears displayName, description, level and unfiles folderId", async () => {
    const user = newOwner();
    const folder = await addFolder(user);
    const template = await create(user, {
      name: "Base",
      displayName: "Shown",
      description: "Desc",
      level: "Advanced",
      folderId: folder,
      content: { meta: { workoutsPerWeek: 2 } },
    });
    const renamed = await patch(user, template.id, { name: "Renamed" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: "Renamed",
      displayName: "Shown",
      description: "Desc",
      level: "Advanced",
      folderId: folder,
      content: template.content,
    });
    expect(Date.parse(renamed.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(template.updatedAt));
    const cleared = await patch(user, template.id, {
      displayName: null,
      description: null,
      level: null,
      folderId: null,
    });
    expect(cleared.body.data).toMatchObject({
      name: "Renamed",
      displayName: null,
      description: null,
      level: null,
      folderId: null,
    });
  });

  it("content is normalized for the existing type; import keys stored earlier survive a save that does not echo them", async () => {
    const user = newOwner();
    const template = await create(user, {
      content: {
        meta: { imported: true, source: { app: "x" }, workoutsPerWeek: 3 },
        days: [{ label: "Push" }],
      },
    });
    expect(template.content.meta).toMatchObject({ imported: true, source: { app: "x" } });
    const res = await patch(user, template.id, {
      content: { meta: { workoutsPerWeek: 5 }, days: [{}], bogus: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const content = res.body.data.content;
    expect(content).not.toHaveProperty("bogus");
    expect(content.schemaVersion).toBe(2);
    expect(content.meta).toMatchObject({ workoutsPerWeek: 5, imported: true, source: { app: "x" } });
    expect(content.days[0]).toMatchObject({ id: "d1", label: "Day A" });
    // Imported content: the builder's default sets are not filled.
    const withRow = await patch(user, template.id, {
      content: { days: [{ strength: [{ muscle: "Chest" }] }] },
    });
    expect(withRow.body.data.content.days[0].strength[0].sets).toEqual([]);
  });

  it("type cannot change: another type answers VALIDATION and nothing is written; the same type is accepted", async () => {
    const user = newOwner();
    const template = await create(user, { type: "NUTRITION", name: "Meals" });
    const res = await patch(user, template.id, { type: "TRAINING", name: "Changed", content: {} });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "VALIDATION", details: { issues: [{ path: "type" }] } });
    expect((await get(user, template.id)).body.data).toMatchObject({ type: "NUTRITION", name: "Meals" });
    const same = await patch(user, template.id, {
      type: "NUTRITION",
      name: "Meals 2",
      content: { days: [] },
    });
    expect(same.status).toBe(200);
    // Normalized as nutrition (its type), not as training.
    expect(same.body.data).toMatchObject({
      type: "NUTRITION",
      name: "Meals 2",
      content: { schemaVersion: 1 },
    });
  });

  it("becoming a file template: content must pass the file plan rule (the stored builder content does not)", async () => {
    const user = newOwner();
    const template = await create(user, { content: { days: [{ label: "A" }] } });
    const pdfUrl = "https://cdn.example.com/p.pdf";
    const refused = await patch(user, template.id, { pdfUrl });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "BAD_REQUEST", message: FILE_PLAN_MESSAGE });
    const refusedWithContent = await patch(user, template.id, {
      pdfUrl,
      content: { meta: { workoutsPerWeek: 3 }, days: [] },
    });
    expect(refusedWithContent.status).toBe(400);
    expect((await get(user, template.id)).body.data.pdfUrl).toBeNull();
    const ok = await patch(user, template.id, { pdfUrl, content: { meta: { workoutsPerWeek: 3 } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ pdfUrl, content: { meta: { workoutsPerWeek: 3 } } });
  });

  it("a file template stays one: content sent must pass the file rule; other fields change freely", async () => {
    const user = newOwner();
    const pdfUrl = "https://cdn.example.com/p.pdf";
    const template = await create(user, { type: "NUTRITION", pdfUrl, content: {} });
    const refused = await patch(user, template.id, { content: { days: [{}] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FILE_PLAN_MESSAGE);
    const renamed = await patch(user, template.id, { name: "Still a file" });
    expect(renamed.body.data).toMatchObject({ name: "Still a file", pdfUrl, content: {} });
  });

  it("pdfUrl null removes the file: the content becomes builder content of the template's type", async () => {
    const user = newOwner();
    const template = await create(user, {
      pdfUrl: "https://cdn.example.com/p.pdf",
      content: { meta: { workoutsPerWeek: 4 } },
    });
    const res = await patch(user, template.id, { pdfUrl: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pdfUrl).toBeNull();
    expect(res.body.data.content).toMatchObject({ schemaVersion: 2, meta: { workoutsPerWeek: 4 } });
    expect(res.body.data.content.days).toHaveLength(1);
  });

  it("COMBINED content is stored as sent on PATCH too", async () => {
    const user = newOwner();
    const template = await create(user, { type: "COMBINED", content: { a: 1 } });
    const res = await patch(user, template.id, { content: { b: [2] } });
    expect(res.body.data.content).toEqual({ b: [2] });
  });

  it("assigned programs are untouched; assignedCount is answered", async () => {
    const user = newOwner();
    const template = await create(user, { name: "Assigned" });
    await addProgram(user, template.id, "ACTIVE");
    const res = await patch(user, template.id, { name: "Renamed", content: { days: [{ label: "New" }] } });
    expect(res.body.data.assignedCount).toBe(1);
    const [program] = await db().select().from(programs).where(eq(programs.sourceTemplateId, template.id));
    expect(program).toMatchObject({ name: "P", content: {} });
  });

  it("folderId: another studio's or an unknown one answers CONFLICT", async () => {
    const user = newOwner();
    const template = await create(user, {});
    for (const folderId of [await addFolder(newOwner()), "nope"]) {
      const res = await patch(user, template.id, { folderId });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("CONFLICT");
    }
    expect((await get(user, template.id)).body.data.folderId).toBeNull();
  });

  it("NOT_FOUND for another studio's template, exactly like a missing one (nothing written)", async () => {
    const user = newOwner();
    const template = await create(user, { name: "Mine" });
    await expectForeignLikeMissing("PATCH", (id) => `${BASE}/${id}`, template.id, { name: "Stolen" });
    expect((await get(user, template.id)).body.data.name).toBe("Mine");
  });
});

describe("DELETE /v1/web/program-templates/:id", () => {
  it("204 without a body; programs keep the stale sourceTemplateId; a second delete is NOT_FOUND", async () => {
    const user = newOwner();
    const template = await create(user, {});
    await addProgram(user, template.id, "ACTIVE");
    const res = await t.web("DELETE", `${BASE}/${template.id}`, user);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect((await get(user, template.id)).status).toBe(404);
    const rows = await db().select().from(programs).where(eq(programs.sourceTemplateId, template.id));
    expect(rows).toHaveLength(1);
    expect((await t.web("DELETE", `${BASE}/${template.id}`, user)).status).toBe(404);
  });

  it("another studio's template answers like a missing one and is not deleted", async () => {
    const user = newOwner();
    const template = await create(user, {});
    await expectForeignLikeMissing("DELETE", (id) => `${BASE}/${id}`, template.id);
    expect((await get(user, template.id)).status).toBe(200);
  });
});

describe("POST /v1/web/program-templates/:id/duplicate", () => {
  it("201: copies type, content as stored, displayName, description, level, folderId, pdfUrl; name + ' (העתק)'; assignedCount 0", async () => {
    const user = newOwner();
    const folder = await addFolder(user);
    const original = await create(user, {
      type: "NUTRITION",
      name: "Meal plan",
      displayName: "Shown",
      description: "Desc",
      level: "Beginner",
      folderId: folder,
      pdfUrl: "https://cdn.example.com/x.pdf",
      content: { meta: { workoutsPerWeek: 3 } },
    });
    await addProgram(user, original.id, "ACTIVE");
    const res = await t.web("POST", `${BASE}/${original.id}/duplicate`, user);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body.data as TemplateBody;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      type: "NUTRITION",
      name: "Meal plan (העתק)",
      displayName: "Shown",
      description: "Desc",
      level: "Beginner",
      folderId: folder,
      pdfUrl: "https://cdn.example.com/x.pdf",
      content: { meta: { workoutsPerWeek: 3 } },
      assignedCount: 0,
    });
  });

  it("content is copied as stored (not normalized again), and a 200-character name stays within 200", async () => {
    const user = newOwner();
    const original = await create(user, { name: "n".repeat(200) });
    // A stored content the normalizer would change (as an older save could have left it).
    await db()
      .update(programTemplates)
      .set({ content: sql`'{"legacy": true}'::jsonb` })
      .where(eq(programTemplates.id, original.id));
    const copy = (await t.web("POST", `${BASE}/${original.id}/duplicate`, user)).body.data as TemplateBody;
    expect(copy.content).toEqual({ legacy: true });
    expect(copy.name).toHaveLength(200);
    expect(copy.name.endsWith(" (העתק)")).toBe(true);
  });

  it("another studio's template answers like a missing one (NOT_FOUND) and nothing is copied", async () => {
    const user = newOwner();
    const template = await create(user, {});
    await expectForeignLikeMissing("POST", (id) => `${BASE}/${id}/duplicate`, template.id);
    expect((await list(user)).total).toBe(1);
  });
});
