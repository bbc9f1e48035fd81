import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { notificationThrottles, plans } from "@studio/db";
import { assignSubscription } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, addCoach, studioIdOf, withoutRequestId } from "./support/team-fixtures";
import {
  addTemplate,
  addTraineeWithDevice,
  deliveryJobs,
  programsOf,
  pushesOf,
} from "./support/program-fixtures";

// A coach changes a program a trainee holds (issue 28 item 5; docs/decisions/templates-and-programs.md
// "Changing a held program"): GET /v1/web/clients/:id/programs and PATCH /v1/web/programs/:id, with
// PLAN_UPDATED through notify in the PATCH's transaction when an ACTIVE program's content or
// schedule changed, at most one push per trainee per 6 hours (recorded THROTTLED otherwise).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

const patch = (owner: WebUserContext, id: string, body: Record<string, unknown>) =>
  t.web("PATCH", `/v1/web/programs/${id}`, owner, body);

const recorded = async (owner: WebUserContext, clientId: string) => {
  const res = await t.web("GET", `/v1/web/clients/${clientId}/notifications`, owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.items as any[]).filter((r) => r.type === "PLAN_UPDATED");
};

/** A studio, a trainee with a device and an ACTIVE TRAINING program assigned over the API. */
async function assigned(templateFields: Parameters<typeof addTemplate>[2] = {}) {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const template = await addTemplate(t, studioId, templateFields);
  const trainee = await addTraineeWithDevice(t, studioId);
  const res = await t.web("POST", `/v1/web/program-templates/${template.id}/assign`, owner, {
    clientId: trainee.id,
    startDate: "2026-03-01",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, studioId, template, trainee, program: res.body.data };
}

const trainingContent = (label: string) => ({
  schemaVersion: 2,
  meta: { workoutsPerWeek: 3 },
  days: [{ id: "d1", label }],
});

describe("PATCH /v1/web/programs/:id", () => {
  it("a content change is stored normalized like a template's and queues one PLAN_UPDATED ({{plan}}, data.programId), recorded for the trainee; the delivery job is enqueued with it", async () => {
    const s = await assigned();
    const res = await patch(s.owner, s.program.id, { content: trainingContent("Day B") });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.program.id, status: "ACTIVE", startDate: "2026-03-01" });
    const [stored] = await programsOf(t, s.trainee.id);
    // Normalized: the builder's defaults filled in (what a template save stores for the same body).
    const template = await t.web("POST", "/v1/web/program-templates", s.owner, {
      type: "TRAINING",
      name: "same content",
      content: trainingContent("Day B"),
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    expect(stored!.content).toEqual(template.body.data.content);
    expect(res.body.data.content).toEqual(template.body.data.content);
    expect(stored!.content).not.toEqual(trainingContent("Day B"));

    const pushes = await recorded(s.owner, s.trainee.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ status: "queued", skipReason: null });
    expect(pushes[0].body).toContain("תוכנית הכוח שלך");
    const [row] = await pushesOf(t, s.trainee.id, "PLAN_UPDATED");
    expect(row!.data).toMatchObject({ programId: s.program.id, type: "PLAN_UPDATED" });
    const jobs = (await deliveryJobs(t, s.studioId)).filter((j) => j.data.notificationId === row!.id);
    expect(jobs).toHaveLength(1);
  });

  it("a second change within 6 hours is recorded THROTTLED (no delivery job); after the window the next change is sent again", async () => {
    const s = await assigned();
    expect((await patch(s.owner, s.program.id, { content: trainingContent("Day B") })).status).toBe(200);
    expect((await patch(s.owner, s.program.id, { startDate: "2026-03-08" })).status).toBe(200);
    let pushes = await recorded(s.owner, s.trainee.id);
    expect(pushes.map((p) => [p.status, p.skipReason])).toEqual([
      ["skipped", "THROTTLED"],
      ["queued", null],
    ]);
    const throttled = (await pushesOf(t, s.trainee.id, "PLAN_UPDATED")).find(
      (p) => p.skipReason === "THROTTLED",
    )!;
    expect((await deliveryJobs(t, s.studioId)).some((j) => j.data.notificationId === throttled.id)).toBe(
      false,
    );

    // Six hours pass (the throttle's last push moved back past the window).
    await db()
      .update(notificationThrottles)
      .set({ lastSentAt: sql`now() - interval '6 hours 1 minute'` })
      .where(
        and(eq(notificationThrottles.clientId, s.trainee.id), eq(notificationThrottles.type, "PLAN_UPDATED")),
      );
    expect((await patch(s.owner, s.program.id, { startDate: "2026-03-15" })).status).toBe(200);
    pushes = await recorded(s.owner, s.trainee.id);
    expect(pushes.map((p) => p.status)).toEqual(["queued", "skipped", "queued"]);
  });

  it("a no-op save, a rename alone, and changes to a held (PAUSED) program push nothing; the no-op writes nothing", async () => {
    const s = await assigned();
    const [before] = await programsOf(t, s.trainee.id);
    // The same content as stored, the same start date: nothing changes, not even updatedAt.
    const same = await patch(s.owner, s.program.id, { content: before!.content, startDate: "2026-03-01" });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const [after] = await programsOf(t, s.trainee.id);
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    // The template's unnormalized content normalizes to what is stored: no change either.
    expect((await patch(s.owner, s.program.id, { content: s.template.content })).status).toBe(200);
    const renamed = await patch(s.owner, s.program.id, { name: "New name", displayName: null });
    expect(renamed.body.data).toMatchObject({ name: "New name", displayName: null });
    expect(await recorded(s.owner, s.trainee.id)).toEqual([]);

    await db().execute(
      sql`update programs set status = 'PAUSED', release_pending = true where id = ${s.program.id}`,
    );
    const held = await patch(s.owner, s.program.id, { content: trainingContent("Day C") });
    expect(held.status).toBe(200);
    expect(held.body.data).toMatchObject({ status: "PAUSED" });
    expect(await recorded(s.owner, s.trainee.id)).toEqual([]);
  });

  it("a subscription assignment's PLAN_UPDATED and a program change share the trainee's 6-hour window", async () => {
    const s = await assigned();
    const [plan] = await db()
      .insert(plans)
      .values({ studioId: s.studioId, name: "Gold", durationValue: 30, durationUnit: "DAYS" })
      .returning();
    await assignSubscription(db(), t.scopeFor(s.studioId), { clientId: s.trainee.id, planId: plan!.id });
    expect((await patch(s.owner, s.program.id, { content: trainingContent("Day B") })).status).toBe(200);
    expect((await recorded(s.owner, s.trainee.id)).map((p) => [p.status, p.skipReason])).toEqual([
      ["skipped", "THROTTLED"],
      ["queued", null],
    ]);
    const rows = (await pushesOf(t, s.trainee.id, "PLAN_UPDATED")).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
    expect(
      rows.map((r) => [
        r.status,
        (r.data as any).subscriptionId ? "subscription" : (r.data as any).programId,
      ]),
    ).toEqual([
      ["queued", "subscription"],
      ["skipped", s.program.id],
    ]);
  });

  it("a file program: pdfUrl is a content change; content beyond the file plan rule is BAD_REQUEST and nothing changes", async () => {
    const s = await assigned({ pdfUrl: "https://example.com/a.pdf", content: {} });
    const bad = await patch(s.owner, s.program.id, { content: trainingContent("Day B") });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "BAD_REQUEST" });
    expect(await recorded(s.owner, s.trainee.id)).toEqual([]);
    const moved = await patch(s.owner, s.program.id, { pdfUrl: "https://example.com/b.pdf" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.pdfUrl).toBe("https://example.com/b.pdf");
    expect((await recorded(s.owner, s.trainee.id)).map((p) => p.status)).toEqual(["queued"]);
  });

  it("another studio's program answers like a missing one (404 program not found) and nothing changes", async () => {
    const s = await assigned();
    const stranger = newOwner();
    await studioIdOf(t, stranger);
    const foreign = await patch(stranger, s.program.id, { startDate: "2026-04-01" });
    const missing = await patch(stranger, "no-such-program", { startDate: "2026-04-01" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND", message: "program not found" });
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    const [program] = await programsOf(t, s.trainee.id);
    expect(program!.startDate).toBe("2026-03-01");
    expect(await pushesOf(t, s.trainee.id, "PLAN_UPDATED")).toEqual([]);
  });

  it("a coach limited to assigned trainees changes their trainees' programs; any other answers 404 program not found", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const mine = await addClient(t, owner, { coachIds: [coach.id] });
    const notMine = await addClient(t, owner);
    const template = await addTemplate(t, studioId);
    const programOf = async (clientId: string) => {
      const res = await t.web("POST", `/v1/web/program-templates/${template.id}/assign`, owner, { clientId });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const minePrograms = await programOf(mine.id);
    const otherProgram = await programOf(notMine.id);
    expect((await patch(as, minePrograms, { startDate: "2026-05-01" })).status).toBe(200);
    const refused = await patch(as, otherProgram, { startDate: "2026-05-01" });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("program not found");
    expect((await programsOf(t, notMine.id))[0]!.startDate).toBeNull();
    expect((await t.web("GET", `/v1/web/clients/${notMine.id}/programs`, as)).status).toBe(404);
    expect((await t.web("GET", `/v1/web/clients/${mine.id}/programs`, as)).status).toBe(200);
  });

  it("bad input is VALIDATION (422): a bad date, a blank name, a non-http pdfUrl, content not an object", async () => {
    const s = await assigned();
    for (const body of [
      { startDate: "2026-13-01" },
      { name: "" },
      { pdfUrl: "ftp://example.com/a.pdf" },
      { content: "days" },
      { content: [1, 2] },
    ]) {
      const res = await patch(s.owner, s.program.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect(await pushesOf(t, s.trainee.id, "PLAN_UPDATED")).toEqual([]);
  });
});

describe("GET /v1/web/clients/:id/programs", () => {
  it("lists the trainee's programs newest first, paged, every status; another studio's trainee is 404 client not found", async () => {
    const s = await assigned();
    const second = await t.web("POST", `/v1/web/program-templates/${s.template.id}/assign`, s.owner, {
      clientId: s.trainee.id,
    });
    expect(second.status).toBe(201);
    const page = await t.web("GET", `/v1/web/clients/${s.trainee.id}/programs?pageSize=1`, s.owner);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.items.map((p: any) => p.id)).toEqual([second.body.data.id]);
    const page2 = await t.web("GET", `/v1/web/clients/${s.trainee.id}/programs?pageSize=1&page=2`, s.owner);
    expect(page2.body.data.items.map((p: any) => p.id)).toEqual([s.program.id]);

    const stranger = newOwner();
    await studioIdOf(t, stranger);
    const foreign = await t.web("GET", `/v1/web/clients/${s.trainee.id}/programs`, stranger);
    const missing = await t.web("GET", "/v1/web/clients/nope/programs", stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("client not found");
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
  });
});
