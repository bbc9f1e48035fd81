import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cardioSessions } from "@studio/db";
import { startTestApp, type TestApp } from "./support/harness";
import { newTrainee, traineeCall } from "./support/tracking-fixtures";

let t: TestApp;
const START = Date.parse("2026-03-10T10:00:00Z"); // 12:00 on 2026-03-10 in Jerusalem
let clock = START;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock = START;
});

const sessionsOf = (clientId: string) =>
  t.deps.database.db.select().from(cardioSessions).where(eq(cardioSessions.clientId, clientId));

describe("POST /v1/trainee/cardio", () => {
  it("201: performedOn today and startedAt now by default; source MANUAL; plan ids kept as plain ids", async () => {
    const s = await newTrainee(t);
    const res = await s.call("POST", "/v1/trainee/cardio", { kind: "running", minutes: 30 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: "running",
      minutes: 30,
      performedOn: "2026-03-10",
      startedAt: new Date(START).toISOString(),
      planId: null,
      planDayId: null,
      source: "MANUAL",
    });
    const planned = await s.ok("POST", "/v1/trainee/cardio", {
      kind: "cycling",
      minutes: 600,
      planId: "no-such-program",
      planDayId: "d2",
      source: "WORKOUT",
    });
    expect(planned).toMatchObject({
      planId: "no-such-program",
      planDayId: "d2",
      source: "WORKOUT",
      minutes: 600,
    });
  });

  it("a past date starts at the day's local start; a day not started yet in the trainee zone is VALIDATION", async () => {
    const s = await newTrainee(t);
    const past = await s.ok("POST", "/v1/trainee/cardio", {
      kind: "walking",
      minutes: 20,
      date: "2026-03-05",
    });
    expect(past).toMatchObject({ performedOn: "2026-03-05", startedAt: "2026-03-04T22:00:00.000Z" });
    const future = await s.call("POST", "/v1/trainee/cardio", {
      kind: "walking",
      minutes: 20,
      date: "2026-03-11",
    });
    expect(future.status).toBe(422);
    expect(future.body.message).toBe("date: must not be in the future");
    // 00:30 on 03-11 in Jerusalem (22:30 UTC on 03-10): 03-11 has started there.
    clock = Date.parse("2026-03-10T22:30:00Z");
    const justStarted = await s.ok("POST", "/v1/trainee/cardio", {
      kind: "stairs",
      minutes: 5,
      date: "2026-03-11",
    });
    expect(justStarted).toMatchObject({ performedOn: "2026-03-11", startedAt: "2026-03-10T22:30:00.000Z" });
    const ny = await newTrainee(t, { timezone: "America/New_York" });
    expect(
      (await ny.call("POST", "/v1/trainee/cardio", { kind: "stairs", minutes: 5, date: "2026-03-11" }))
        .status,
    ).toBe(422);
    expect(
      await ny.ok("POST", "/v1/trainee/cardio", { kind: "other", minutes: 5, date: "2026-03-05" }),
    ).toMatchObject({
      startedAt: "2026-03-05T05:00:00.000Z",
    });
  });

  it("VALIDATION 422 for an unknown kind or source, minutes outside 1..600, plan ids outside 1..100 characters", async () => {
    const s = await newTrainee(t);
    for (const body of [
      { kind: "swimming", minutes: 10 },
      { kind: "running", minutes: 0 },
      { kind: "running", minutes: 601 },
      { kind: "running", minutes: 12.5 },
      { kind: "running" },
      { minutes: 10 },
      { kind: "running", minutes: 10, planId: "" },
      { kind: "running", minutes: 10, planDayId: "x".repeat(101) },
      { kind: "running", minutes: 10, source: "AUTO" },
      { kind: "running", minutes: 10, date: "2026-13-01" },
    ]) {
      expect((await s.call("POST", "/v1/trainee/cardio", body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await sessionsOf(s.clientId)).toEqual([]);
  });
});

describe("GET and DELETE /v1/trainee/cardio", () => {
  it("sessions over the last `days` local days ending today (default 7), newest first", async () => {
    const s = await newTrainee(t);
    for (const date of ["2026-03-03", "2026-03-04", "2026-03-08", "2026-03-10"]) {
      await s.ok("POST", "/v1/trainee/cardio", { kind: "running", minutes: 10, date });
    }
    const week = await s.ok("GET", "/v1/trainee/cardio");
    expect(week.from).toBe("2026-03-04");
    expect(week.to).toBe("2026-03-10");
    expect(week.items.map((i: any) => i.performedOn)).toEqual(["2026-03-10", "2026-03-08", "2026-03-04"]);
    expect((await s.ok("GET", "/v1/trainee/cardio?days=1")).items.map((i: any) => i.performedOn)).toEqual([
      "2026-03-10",
    ]);
    expect((await s.ok("GET", "/v1/trainee/cardio?days=90")).items).toHaveLength(4);
    for (const days of ["0", "91", "1.5", "x"]) {
      expect((await s.call("GET", `/v1/trainee/cardio?days=${days}`)).status, days).toBe(422);
    }
  });

  it("DELETE answers 204, then not found; another trainee's or studio's id answers like a missing one", async () => {
    const s = await newTrainee(t);
    const mine = await s.ok("POST", "/v1/trainee/cardio", { kind: "running", minutes: 10 });
    const other = await newTrainee(t);
    const theirs = await other.ok("POST", "/v1/trainee/cardio", { kind: "running", minutes: 10 });
    const neighbour = await newTrainee(t, {}, { studioId: s.studioId });
    const neighbours = await neighbour.ok("POST", "/v1/trainee/cardio", { kind: "cycling", minutes: 15 });
    const res = await s.call("DELETE", `/v1/trainee/cardio/${mine.id}`);
    expect(res.status).toBe(204);
    expect(await sessionsOf(s.clientId)).toEqual([]);
    const again = await s.call("DELETE", `/v1/trainee/cardio/${mine.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "NOT_FOUND", message: "cardio entry not found" });
    for (const id of [theirs.id, neighbours.id]) {
      const foreign = await s.call("DELETE", `/v1/trainee/cardio/${id}`);
      expect(foreign.status).toBe(404);
      expect({ ...foreign.body, requestId: "" }).toEqual({ ...again.body, requestId: "" });
    }
    expect(await sessionsOf(other.clientId)).toHaveLength(1);
    expect(await sessionsOf(neighbour.clientId)).toHaveLength(1);
    // Their sessions are not listed either.
    expect((await s.ok("GET", "/v1/trainee/cardio")).items).toEqual([]);
  });

  it("previews may list but not log or delete", async () => {
    const s = await newTrainee(t);
    const mine = await s.ok("POST", "/v1/trainee/cardio", { kind: "running", minutes: 10 });
    const preview = s.previewToken(clock);
    expect((await traineeCall(t, preview, "GET", "/v1/trainee/cardio")).body.data.items).toHaveLength(1);
    for (const [method, path, body] of [
      ["POST", "/v1/trainee/cardio", { kind: "running", minutes: 5 }],
      ["DELETE", `/v1/trainee/cardio/${mine.id}`, undefined],
    ] as const) {
      const res = await traineeCall(t, preview, method, path, body);
      expect(res.status).toBe(403);
      expect(res.body.details).toEqual({ reason: "PREVIEW_READ_ONLY" });
    }
    expect(await sessionsOf(s.clientId)).toHaveLength(1);
  });
});
