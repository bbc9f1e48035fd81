import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { weightEntries } from "@studio/db";
import { startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { clientRow, insertWeighIn, newTrainee, traineeCall } from "./support/tracking-fixtures";

let t: TestApp;
const START = Date.parse("2026-03-10T10:00:00Z"); // 12:00 in Jerusalem
let clock = START;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock = START;
});

const entryRow = async (id: string) =>
  (await t.deps.database.db.select().from(weightEntries).where(eq(weightEntries.id, id)))[0];

describe("POST /v1/trainee/weight", () => {
  it("201: a weigh-in with source APP (document 3), recordedAt now by default, note trimmed", async () => {
    const s = await newTrainee(t);
    const res = await s.call("POST", "/v1/trainee/weight", { weightKg: 81.4, note: "  after run  " });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      weightKg: 81.4,
      recordedAt: new Date(START).toISOString(),
      note: "after run",
      source: "APP",
      editable: true,
    });
    expect((await entryRow(res.body.data.id))!.source).toBe("APP");
    expect((await clientRow(t, s.clientId)).weightKg).toBe(81.4);
    const blank = await s.ok("POST", "/v1/trainee/weight", { weightKg: 81, note: "   " });
    expect(blank.note).toBeNull();
  });

  it("the headline weight is the latest weigh-in by recordedAt, whatever order or source they arrive in", async () => {
    const s = await newTrainee(t, { weightKg: 90 });
    await s.ok("POST", "/v1/trainee/weight", { weightKg: 80, recordedAt: "2026-03-09T08:00:00Z" });
    expect((await clientRow(t, s.clientId)).weightKg).toBe(80);
    // An older weigh-in logged later does not move the headline.
    await s.ok("POST", "/v1/trainee/weight", { weightKg: 85, recordedAt: "2026-03-01T08:00:00Z" });
    expect((await clientRow(t, s.clientId)).weightKg).toBe(80);
    // A newer coach weigh-in is the latest: the next app write syncs to it.
    await insertWeighIn(t, s, { weightKg: 78, recordedAt: "2026-03-10T07:00:00Z", source: "coach" });
    await s.ok("POST", "/v1/trainee/weight", { weightKg: 83, recordedAt: "2026-03-02T08:00:00Z" });
    expect((await clientRow(t, s.clientId)).weightKg).toBe(78);
  });

  it("parallel weigh-ins settle on the one with the latest recordedAt", async () => {
    const s = await newTrainee(t);
    const hours = Array.from({ length: 12 }, (_, i) => i);
    const answers = await Promise.all(
      hours.map((h) =>
        s.call("POST", "/v1/trainee/weight", {
          weightKg: 70 + h,
          recordedAt: new Date(START - (12 - h) * 3_600_000).toISOString(),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(hours.map(() => 201));
    expect((await clientRow(t, s.clientId)).weightKg).toBe(81);
  });

  it("VALIDATION 422: weight not above 0 or over 500, recordedAt in the future, note over 200", async () => {
    const s = await newTrainee(t);
    const bad = [
      { weightKg: 0 },
      { weightKg: -3 },
      { weightKg: 500.01 },
      { weightKg: "80" },
      {},
      { weightKg: 80, recordedAt: new Date(START + 3_600_000).toISOString() },
      { weightKg: 80, recordedAt: "2026-03-11" },
      { weightKg: 80, note: "x".repeat(201) },
    ];
    for (const body of bad) {
      const res = await s.call("POST", "/v1/trainee/weight", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    const future = await s.call("POST", "/v1/trainee/weight", {
      weightKg: 80,
      recordedAt: new Date(START + 3_600_000).toISOString(),
    });
    expect(future.body.message).toBe("recordedAt: must not be in the future");
    expect(
      await t.deps.database.db.select().from(weightEntries).where(eq(weightEntries.clientId, s.clientId)),
    ).toEqual([]);
    expect(
      (await s.call("POST", "/v1/trainee/weight", { weightKg: 500, note: "x".repeat(200) })).status,
    ).toBe(201);
    // A device clock a few seconds ahead still counts as now.
    expect(
      (
        await s.call("POST", "/v1/trainee/weight", {
          weightKg: 80,
          recordedAt: new Date(START + 5_000).toISOString(),
        })
      ).status,
    ).toBe(201);
  });
});

describe("PATCH /v1/trainee/weight/:id", () => {
  it("changes weightKg and note (null clears), keeps recordedAt, and re-syncs the headline", async () => {
    const s = await newTrainee(t);
    const older = await s.ok("POST", "/v1/trainee/weight", {
      weightKg: 80,
      recordedAt: "2026-03-08T08:00:00Z",
      note: "a",
    });
    const latest = await s.ok("POST", "/v1/trainee/weight", {
      weightKg: 79,
      recordedAt: "2026-03-09T08:00:00Z",
    });
    clock = START + 60_000;
    const patched = await s.ok("PATCH", `/v1/trainee/weight/${latest.id}`, {
      weightKg: 77.5,
      note: " felt good ",
    });
    expect(patched).toMatchObject({
      id: latest.id,
      weightKg: 77.5,
      note: "felt good",
      recordedAt: latest.recordedAt,
      source: "APP",
      updatedAt: new Date(START + 60_000).toISOString(),
    });
    expect((await clientRow(t, s.clientId)).weightKg).toBe(77.5);
    // Changing the older entry leaves the headline on the latest one.
    const cleared = await s.ok("PATCH", `/v1/trainee/weight/${older.id}`, { weightKg: 95, note: null });
    expect(cleared).toMatchObject({ weightKg: 95, note: null });
    expect((await clientRow(t, s.clientId)).weightKg).toBe(77.5);
    // Only the note: the weight stays.
    expect(await s.ok("PATCH", `/v1/trainee/weight/${older.id}`, { note: "x" })).toMatchObject({
      weightKg: 95,
      note: "x",
    });
  });

  it("recordedAt cannot change; bad values are VALIDATION", async () => {
    const s = await newTrainee(t);
    const entry = await s.ok("POST", "/v1/trainee/weight", { weightKg: 80 });
    for (const body of [
      { recordedAt: "2026-03-01T08:00:00Z" },
      { weightKg: 0 },
      { weightKg: 501 },
      { note: "x".repeat(201) },
    ]) {
      const res = await s.call("PATCH", `/v1/trainee/weight/${entry.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await entryRow(entry.id))!.recordedAt.toISOString()).toBe(entry.recordedAt);
  });
});

describe("DELETE /v1/trainee/weight/:id", () => {
  it("204; the headline weight keeps its last value; a second delete is not found", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/weight", { weightKg: 80, recordedAt: "2026-03-08T08:00:00Z" });
    const latest = await s.ok("POST", "/v1/trainee/weight", {
      weightKg: 76,
      recordedAt: "2026-03-09T08:00:00Z",
    });
    const res = await s.call("DELETE", `/v1/trainee/weight/${latest.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect(await entryRow(latest.id)).toBeUndefined();
    expect((await clientRow(t, s.clientId)).weightKg).toBe(76);
    const again = await s.call("DELETE", `/v1/trainee/weight/${latest.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "NOT_FOUND", message: "weight entry not found" });
  });
});

describe("weigh-ins the trainee may not change", () => {
  it("coach, form, automation and import weigh-ins answer 403 NOT_EDITABLE and stay as they are", async () => {
    const s = await newTrainee(t);
    for (const source of ["coach", "form", "automation", "import", "COACH"]) {
      const row = await insertWeighIn(t, s, { weightKg: 70, recordedAt: "2026-03-05T08:00:00Z", source });
      for (const [method, body] of [
        ["PATCH", { weightKg: 60 }],
        ["DELETE", undefined],
      ] as const) {
        const res = await s.call(method, `/v1/trainee/weight/${row.id}`, body);
        expect(res.status, `${source} ${method}`).toBe(403);
        expect(res.body).toMatchObject({ code: "FORBIDDEN", details: { reason: "NOT_EDITABLE" } });
      }
      expect((await entryRow(row.id))!.weightKg).toBe(70);
    }
  });

  it("another trainee's or another studio's weigh-in answers exactly like a missing one", async () => {
    const s = await newTrainee(t);
    const sameStudio = await traineeInStudio(s.studioId);
    const otherStudio = await newTrainee(t);
    const theirs = await otherStudio.ok("POST", "/v1/trainee/weight", { weightKg: 66 });
    const neighbours = await traineeCall(t, sameStudio, "POST", "/v1/trainee/weight", { weightKg: 67 });
    const missing = await s.call("PATCH", "/v1/trainee/weight/no-such-id", { weightKg: 60 });
    expect(missing.status).toBe(404);
    for (const id of [theirs.id, neighbours.body.data.id]) {
      const patch = await s.call("PATCH", `/v1/trainee/weight/${id}`, { weightKg: 60 });
      const del = await s.call("DELETE", `/v1/trainee/weight/${id}`);
      for (const res of [patch, del]) {
        expect(res.status).toBe(404);
        expect({ ...res.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
      }
    }
    expect((await entryRow(theirs.id))!.weightKg).toBe(66);
    expect((await entryRow(neighbours.body.data.id))!.weightKg).toBe(67);
  });
});

describe("lane rules", () => {
  it("a preview session may read progress but every weight write answers 403 PREVIEW_READ_ONLY", async () => {
    const s = await newTrainee(t);
    const entry = await s.ok("POST", "/v1/trainee/weight", { weightKg: 80 });
    const preview = s.previewToken(clock);
    expect((await traineeCall(t, preview, "GET", "/v1/trainee/progress")).status).toBe(200);
    expect((await traineeCall(t, preview, "GET", "/v1/trainee/measurements/summary")).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/v1/trainee/weight", { weightKg: 70 }],
      ["PATCH", `/v1/trainee/weight/${entry.id}`, { weightKg: 70 }],
      ["DELETE", `/v1/trainee/weight/${entry.id}`, undefined],
    ] as const) {
      const res = await traineeCall(t, preview, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.details).toEqual({ reason: "PREVIEW_READ_ONLY" });
    }
    expect((await entryRow(entry.id))!.weightKg).toBe(80);
  });

  it("a locked app (plan ended) answers 403 APP_LOCKED; no token answers 401", async () => {
    const s = await newTrainee(t, { accessEndsAt: new Date(START - 86_400_000) });
    const res = await s.call("POST", "/v1/trainee/weight", { weightKg: 70 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("APP_LOCKED");
    expect((await s.call("GET", "/v1/trainee/progress")).body.code).toBe("APP_LOCKED");
    expect((await t.request("GET", "/v1/trainee/progress")).status).toBe(401);
  });

  it("a deleted trainee is not found", async () => {
    const s = await newTrainee(t, { deletedAt: new Date(START - 1000) });
    const res = await s.call("POST", "/v1/trainee/weight", { weightKg: 70 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("trainee not found");
  });
});

async function traineeInStudio(studioId: string) {
  const other = await addTrainee(t, studioId, { timezone: "Asia/Jerusalem" });
  return t.traineeToken(other.id, studioId);
}
