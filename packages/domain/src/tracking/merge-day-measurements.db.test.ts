import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, dailyMetrics, studios, type DatabaseHandle } from "@studio/db";
import { pgliteTemplate } from "@studio/db/test-support/pglite-template";
import { mergeDayMeasurements, sentMeasurements } from "./merge-day-measurements";

// The one write behind both measurements routes (the coach's and the trainee's): what each
// route's own tests (apps/api/test/tracking-*.test.ts) rely on, pinned once here.
let handle: DatabaseHandle;
let studioId: string;
let clientId: string;
beforeAll(async () => {
  // Migrated: loaded from the template's dump (test/global-setup.ts builds it).
  handle = await pgliteTemplate().fresh();
  const [studio] = await handle.db.insert(studios).values({ name: "S", slug: "s" }).returning();
  studioId = studio!.id;
  const [client] = await handle.db
    .insert(clients)
    .values({ studioId, firstName: "Maya", phone: "+972501234567" })
    .returning();
  clientId = client!.id;
}, 60_000);
afterAll(async () => handle?.close());

const at = (iso: string) => new Date(iso);
const write = (date: string, values: Record<string, number>, note: string | null, now: string) =>
  mergeDayMeasurements(handle.db, { studioId, now: at(now) }, { clientId, date, values, note });

describe("sentMeasurements", () => {
  it("keeps only the route's keys that were sent", () => {
    expect(sentMeasurements({ waist: 80, neck: 38, chest: undefined }, ["chest", "waist", "hips"])).toEqual({
      waist: 80,
    });
    expect(sentMeasurements({}, ["waist"])).toEqual({});
  });
});

describe("mergeDayMeasurements", () => {
  it("creates the day, then merges sent keys over stored ones (others stay)", async () => {
    const first = await write("2026-03-01", { waist: 80, neck: 38 }, null, "2026-03-01T08:00:00Z");
    expect(first).toMatchObject({ date: "2026-03-01", measurements: { waist: 80, neck: 38 }, note: null });
    const second = await write("2026-03-01", { waist: 79, chest: 101 }, null, "2026-03-01T09:00:00Z");
    expect(second.id).toBe(first.id);
    expect(second.measurements).toEqual({ waist: 79, neck: 38, chest: 101 });
    expect(second.createdAt).toEqual(at("2026-03-01T08:00:00Z"));
    expect(second.updatedAt).toEqual(at("2026-03-01T09:00:00Z"));
  });

  it("notes: none keeps the day's, an equal one stays single, a different one is appended on a new line", async () => {
    const now = "2026-03-02T08:00:00Z";
    expect((await write("2026-03-02", { arm: 35 }, "first", now)).note).toBe("first");
    expect((await write("2026-03-02", { arm: 35 }, null, now)).note).toBe("first");
    expect((await write("2026-03-02", { arm: 35 }, "first", now)).note).toBe("first");
    expect((await write("2026-03-02", { thigh: 55 }, "second", now)).note).toBe("first\nsecond");
  });

  it("an empty note sent keeps the day's; an empty note on the day is replaced, not appended to", async () => {
    const now = "2026-03-03T08:00:00Z";
    expect((await write("2026-03-03", { hips: 95 }, "", now)).note).toBeNull();
    await handle.db.insert(dailyMetrics).values({ studioId, clientId, date: "2026-03-05", note: "" });
    expect((await write("2026-03-05", { hips: 95 }, "", now)).note).toBe("");
    expect((await write("2026-03-05", { hips: 94 }, "tape", now)).note).toBe("tape");
  });

  it("concurrent writes of different keys on one day all land (one atomic upsert each)", async () => {
    const keys = ["chest", "waist", "hips", "arm", "thigh", "neck"];
    await Promise.all(keys.map((k, i) => write("2026-03-04", { [k]: 30 + i }, null, "2026-03-04T08:00:00Z")));
    const row = await write("2026-03-04", {}, null, "2026-03-04T08:00:01Z");
    expect(row.measurements).toEqual(Object.fromEntries(keys.map((k, i) => [k, 30 + i])));
  });
});
