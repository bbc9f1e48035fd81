import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPreviewToken } from "@studio/auth";
import { formAssignments } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

import { calendarStudio, insertEvent } from "./support/calendar-fixtures";
import { createContent, putUnlocks } from "./support/content-fixtures";
import { addForm } from "./support/form-fixtures";
import { addTrainee, traineeRequest } from "./support/notification-fixtures";
import { insertProgram, trainingDays } from "./support/tracking-fixtures";

/**
 * GET /v1/trainee/home: the live home banner's item under document 2's visibility rules, today's
 * TRAINING and NUTRITION plan days, pending forms, today's water and steps, the next meeting.
 * Behind the app lock (document 1: home is not a guard-free route). docs/decisions/trainee-app.md "Home".
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;

async function studio() {
  const owner = newOwner();
  const { studioId, ownerCoachId } = await calendarStudio(t, owner);
  const trainee = await addTrainee(t, studioId, {
    timezone: "Asia/Jerusalem",
    stepsGoal: 8000,
    waterGoalMl: 2500,
  });
  return {
    owner,
    studioId,
    coachId: ownerCoachId,
    clientId: trainee.id,
    token: t.traineeToken(trainee.id, studioId),
  };
}
type Studio = Awaited<ReturnType<typeof studio>>;
const home = async (s: { token: string }) => {
  const res = await traineeRequest(t, s.token, "GET", "/v1/trainee/home");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const setBanner = async (owner: WebUserContext, contentId: string | null, isLive: boolean) => {
  const res = await t.web("PUT", "/v1/web/studio/home-banner", owner, { contentId, isLive });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe("GET /v1/trainee/home", () => {
  it("a trainee with nothing yet: empty parts, today's key in the trainee's zone", async () => {
    const s = await studio();
    const data = await home(s);
    expect(data).toEqual({
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      timezone: "Asia/Jerusalem",
      banner: null,
      training: null,
      nutrition: null,
      pendingForms: [],
      water: { waterMl: 0, goalMl: 2500 },
      steps: { steps: 0, goal: 8000 },
      nextMeeting: null,
    });
  });

  it("the live banner's item (even unpublished); none when not live; a restricted item only once unlocked", async () => {
    const s = await studio();
    const item = await createContent(t, s.owner, { title: "Welcome", isPublished: false });
    await setBanner(s.owner, item.id, false);
    expect((await home(s)).banner).toBeNull();
    await setBanner(s.owner, item.id, true);
    expect((await home(s)).banner).toMatchObject({ id: item.id, title: "Welcome", isPublished: false });

    const locked = await createContent(t, s.owner, { title: "Members", isRestricted: true });
    await setBanner(s.owner, locked.id, true);
    expect((await home(s)).banner).toBeNull();
    await putUnlocks(t, s.owner, locked.id, [s.clientId]);
    expect((await home(s)).banner).toMatchObject({ id: locked.id, unlockedAt: expect.any(String) });

    // Another studio's live banner never shows.
    const other = await studio();
    expect((await home(other)).banner).toBeNull();
  });

  it("today's day of the active TRAINING and NUTRITION programs (most recently updated first), by rotation", async () => {
    const s = await studio();
    const today = (await home(s)).today as string;
    const twoDaysAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 48 * HOUR).toISOString().slice(0, 10);
    await insertProgram(t, s, {
      name: "Old",
      content: trainingDays(2),
      startDate: twoDaysAgo,
      updatedAt: new Date(Date.now() - 10 * HOUR),
    });
    const training = await insertProgram(t, s, {
      name: "Strength",
      content: trainingDays(3),
      startDate: twoDaysAgo,
    });
    await insertProgram(t, s, { name: "Ended", content: trainingDays(3), status: "ENDED" });
    const nutrition = await insertProgram(t, s, {
      type: "NUTRITION",
      name: "Menu",
      content: { schemaVersion: 1, days: [{ id: "n1", label: "Any day", meals: [] }] },
    });
    const data = await home(s);
    expect(data.training).toMatchObject({
      programId: training.id,
      name: "Strength",
      filePlan: false,
      today: { date: today, offset: 2, dayIndex: 2, dayId: "d3", label: "Day 3" },
      day: { id: "d3", label: "Day 3" },
    });
    expect(data.nutrition).toMatchObject({
      programId: nutrition.id,
      today: { dayIndex: 0, dayId: "n1" },
      day: expect.objectContaining({ id: "n1" }),
    });
    // The same day as GET /v1/trainee/plans says.
    const plans = (await traineeRequest(t, s.token, "GET", "/v1/trainee/plans")).body.data;
    expect(plans.items.find((p: any) => p.id === training.id).today).toEqual(data.training.today);
  });

  it("pending forms the trainee can open, today's water and steps, the next CONFIRMED meeting not yet ended", async () => {
    const s = await studio();
    const form = await addForm(t, s.studioId, { name: "Weekly" });
    const [pending] = await t.deps.database.db
      .insert(formAssignments)
      .values({ studioId: s.studioId, formId: form.id, clientId: s.clientId, frozenSchema: form.fields })
      .returning();
    await t.deps.database.db.insert(formAssignments).values({
      studioId: s.studioId,
      formId: form.id,
      clientId: s.clientId,
      frozenSchema: form.fields,
      visibleFrom: new Date(Date.now() + 48 * HOUR),
    });
    const water = await traineeRequest(t, s.token, "POST", "/v1/trainee/water", { amountMl: 300 });
    expect(water.status).toBe(201);
    expect((await traineeRequest(t, s.token, "POST", "/v1/trainee/steps", { steps: 4321 })).status).toBe(201);
    const now = Date.now();
    await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.coachId,
      clientId: s.clientId,
      startsAt: new Date(now - 3 * HOUR),
      endsAt: new Date(now - 2 * HOUR),
    });
    await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.coachId,
      clientId: s.clientId,
      startsAt: new Date(now + HOUR),
      endsAt: new Date(now + 2 * HOUR),
      status: "CANCELLED",
    });
    const next = await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.coachId,
      clientId: s.clientId,
      startsAt: new Date(now + 5 * HOUR),
      endsAt: new Date(now + 6 * HOUR),
    });
    await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.coachId,
      clientId: s.clientId,
      startsAt: new Date(now + 30 * HOUR),
      endsAt: new Date(now + 31 * HOUR),
    });
    // Another trainee's sooner meeting is not this trainee's.
    const neighbour = await addTrainee(t, s.studioId);
    await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.coachId,
      clientId: neighbour.id,
      startsAt: new Date(now + HOUR),
      endsAt: new Date(now + 2 * HOUR),
    });

    const data = await home(s);
    expect(data.water).toEqual({ waterMl: 300, goalMl: 2500 });
    expect(data.steps).toEqual({ steps: 4321, goal: 8000 });
    expect(data.nextMeeting).toMatchObject({ id: next.id, status: "CONFIRMED" });
    const forms = (await traineeRequest(t, s.token, "GET", "/v1/trainee/forms")).body.data.items;
    expect(data.pendingForms).toEqual(forms);
    expect(data.pendingForms.map((f: any) => f.id)).toEqual([pending!.id]);
  });

  it("behind the app lock: APP_LOCKED for an ended plan; a preview reads; a deleted trainee is 404; no token 401", async () => {
    const s = await studio();
    const preview = await t.request("GET", "/v1/trainee/home", {
      headers: {
        authorization: `Bearer ${createPreviewToken({ clientId: s.clientId, studioId: s.studioId }, t.config.sessionSigningSecret, Date.now()).token}`,
      },
    });
    expect(preview.status).toBe(200);
    const lockedTrainee = await addTrainee(t, s.studioId, {
      accessEndsAt: new Date("2020-01-01T00:00:00Z"),
      freezeStartedAt: new Date("2019-01-01T00:00:00Z"),
    });
    const locked = await traineeRequest(
      t,
      t.traineeToken(lockedTrainee.id, s.studioId),
      "GET",
      "/v1/trainee/home",
    );
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe("APP_LOCKED");

    const gone = await addTrainee(t, s.studioId, { deletedAt: new Date() });
    const res = await traineeRequest(t, t.traineeToken(gone.id, s.studioId), "GET", "/v1/trainee/home");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "trainee not found" });
    expect((await t.request("GET", "/v1/trainee/home")).status).toBe(401);
  });

  it("a token of studio A naming studio B's trainee answers like a missing trainee", async () => {
    const a: Studio = await studio();
    const b: Studio = await studio();
    const crossed = await traineeRequest(
      t,
      t.traineeToken(b.clientId, a.studioId),
      "GET",
      "/v1/trainee/home",
    );
    const missing = await traineeRequest(
      t,
      t.traineeToken("no-such-trainee", a.studioId),
      "GET",
      "/v1/trainee/home",
    );
    expect(crossed.status).toBe(404);
    expect({ ...crossed.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
  });
});
