import { describe, expect, it } from "vitest";
import { PLAN_CONTENT_LIMITS, TrainingContentSchema } from "@studio/contracts";
import { normalizeTrainingContent } from "./normalize-training-content";
import { readTrainingContent } from "./read-training-content";
import { isTrainingContentV1 } from "./is-training-content-v1";

const L = PLAN_CONTENT_LIMITS;

/** Deterministic ids for the cases: s1, s2, ... */
function counter(prefix = "s") {
  let n = 0;
  return () => `${prefix}${++n}`;
}
const normalize = (raw: unknown, stored?: unknown) =>
  normalizeTrainingContent(raw, { newId: counter(), ...(stored === undefined ? {} : { stored }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const row = (extra: Record<string, unknown> = {}) => ({ sets: [], ...extra });

describe("training content, schemaVersion 2 (document 2 'Plan content (normalized on save)')", () => {
  it("Normalizers never throw: not an object, null, arrays, strings all give the default plan", () => {
    for (const raw of [undefined, null, 0, "x", true, [], [{ days: [] }], { days: "nope" }, { meta: 5 }]) {
      const out = normalize(raw);
      expect(out).toEqual({
        schemaVersion: 2,
        meta: {
          workoutsPerWeek: null,
          requirement: { mode: "both", scope: "weekly", cardioMinutes: 0, stepsDaily: 0 },
        },
        days: [{ id: "d1", label: "Day A", strength: [], cardioMinutes: "", stepsDaily: "" }],
      });
      expect(TrainingContentSchema.parse(out)).toEqual(out);
    }
  });

  it("Content with no days gets one empty day with id d1 and label Day A", () => {
    expect(normalize({ days: [] }).days).toEqual([
      { id: "d1", label: "Day A", strength: [], cardioMinutes: "", stepsDaily: "" },
    ]);
    // members that are not objects are no days
    expect(normalize({ days: [1, "a", null, []] }).days).toHaveLength(1);
  });

  it("unknown keys do not survive a save of a non-file template", () => {
    const out = normalize({
      schemaVersion: 2,
      extra: 1,
      meta: { workoutsPerWeek: 3, color: "red", requirement: { mode: "both", secret: 1 } },
      days: [
        { id: "d1", label: "Push", hidden: true, strength: [row({ foo: 1, sets: [{ id: "a", bar: 2 }] })] },
      ],
    });
    expect(out).not.toHaveProperty("extra");
    expect(out.meta).not.toHaveProperty("color");
    expect(out.meta.requirement).not.toHaveProperty("secret");
    expect(out.days[0]).not.toHaveProperty("hidden");
    expect(out.days[0]!.strength[0]).not.toHaveProperty("foo");
    expect(out.days[0]!.strength[0]!.sets[0]).not.toHaveProperty("bar");
  });

  it("schemaVersion is always 2 in the output", () => {
    expect(normalize({ schemaVersion: 7 }).schemaVersion).toBe(2);
    expect(normalize({ schemaVersion: "2" }).schemaVersion).toBe(2);
  });

  describe("meta", () => {
    it("meta.workoutsPerWeek: a number (or numeric string) rounded, null when missing or below 1, at most 14", () => {
      const wpw = (v: unknown) => normalize({ meta: { workoutsPerWeek: v } }).meta.workoutsPerWeek;
      expect(wpw(3)).toBe(3);
      expect(wpw("4")).toBe(4);
      expect(wpw(2.6)).toBe(3);
      expect(wpw(0)).toBeNull();
      expect(wpw(-2)).toBeNull();
      expect(wpw(99)).toBe(14);
      expect(wpw("three")).toBeNull();
      expect(wpw(undefined)).toBeNull();
    });

    it("Requirement mode values include stepsOnly, cardioOnly and bothCompensated (and both); unknown → both", () => {
      const mode = (v: unknown) => normalize({ meta: { requirement: { mode: v } } }).meta.requirement.mode;
      expect(mode("stepsOnly")).toBe("stepsOnly");
      expect(mode("cardioOnly")).toBe("cardioOnly");
      expect(mode("bothCompensated")).toBe("bothCompensated");
      expect(mode("both")).toBe("both");
      expect(mode("STEPSONLY")).toBe("both");
      expect(mode(undefined)).toBe("both");
    });

    it("Scope is weekly or perWorkout (default weekly)", () => {
      const scope = (v: unknown) => normalize({ meta: { requirement: { scope: v } } }).meta.requirement.scope;
      expect(scope("perWorkout")).toBe("perWorkout");
      expect(scope("weekly")).toBe("weekly");
      expect(scope("daily")).toBe("weekly");
    });

    it("requirement targets are whole numbers, 0 by default, negatives 0, clamped to their ceilings", () => {
      const req = (r: unknown) => normalize({ meta: { requirement: r } }).meta.requirement;
      expect(req({ cardioMinutes: 150, stepsDaily: "8000" })).toMatchObject({
        cardioMinutes: 150,
        stepsDaily: 8000,
      });
      expect(req({ cardioMinutes: 37.5 })).toMatchObject({ cardioMinutes: 38 });
      expect(req({ cardioMinutes: -5, stepsDaily: "lots" })).toMatchObject({
        cardioMinutes: 0,
        stepsDaily: 0,
      });
      expect(req({ cardioMinutes: 1e9, stepsDaily: 1e9 })).toMatchObject({
        cardioMinutes: L.requirementCardioMinutes,
        stepsDaily: L.requirementStepsDaily,
      });
    });
  });

  describe("days", () => {
    it("A day has id (default d1, d2, ...)", () => {
      const ids = normalize({ days: [{}, {}, {}] }).days.map((d) => d.id);
      expect(ids).toEqual(["d1", "d2", "d3"]);
    });

    it("duplicates replaced by the next free dN (the first holder keeps its id)", () => {
      expect(normalize({ days: [{ id: "d1" }, { id: "d1" }, { id: "d1" }] }).days.map((d) => d.id)).toEqual([
        "d1",
        "d2",
        "d3",
      ]);
      expect(
        normalize({ days: [{ id: "d2" }, { id: "d2" }, { id: "x" }, { id: "x" }] }).days.map((d) => d.id),
      ).toEqual(["d2", "d1", "x", "d3"]);
    });

    it("an explicit id is never taken away by a missing one before it (workout logs reference day ids)", () => {
      expect(normalize({ days: [{}, { id: "d1" }] }).days.map((d) => d.id)).toEqual(["d2", "d1"]);
      expect(normalize({ days: [{ id: "push" }, {}, { id: "  " }] }).days.map((d) => d.id)).toEqual([
        "push",
        "d2",
        "d3",
      ]);
    });

    it("label (default Day A, Day B, ...); a blank label takes the default; letters continue AA, AB", () => {
      const days = normalize({
        days: Array.from({ length: 28 }, (_, i) => (i === 1 ? { label: "Legs" } : { label: " " })),
      }).days;
      expect(days.map((d) => d.label).slice(0, 4)).toEqual(["Day A", "Legs", "Day C", "Day D"]);
      expect(days[25]!.label).toBe("Day Z");
      expect(days[26]!.label).toBe("Day AA");
      expect(days[27]!.label).toBe("Day AB");
    });

    it("cardioMinutes and stepsDaily: positive integer strings or empty", () => {
      const day = (v: unknown) => normalize({ days: [{ cardioMinutes: v, stepsDaily: v }] }).days[0]!;
      expect(day("30")).toMatchObject({ cardioMinutes: "30", stepsDaily: "30" });
      expect(day(45)).toMatchObject({ cardioMinutes: "45", stepsDaily: "45" });
      expect(day(" 045 ")).toMatchObject({ cardioMinutes: "45", stepsDaily: "45" });
      for (const bad of ["0", 0, -3, "-3", 2.5, "2.5", "abc", null, true, ""])
        expect(day(bad)).toMatchObject({ cardioMinutes: "", stepsDaily: "" });
      // above the ceilings: not a day value
      expect(normalize({ days: [{ cardioMinutes: 1441, stepsDaily: 200_001 }] }).days[0]).toMatchObject({
        cardioMinutes: "",
        stepsDaily: "",
      });
    });

    it("a value equal to the plan value is blanked (perWorkout: the target itself)", () => {
      const out = normalize({
        meta: { requirement: { scope: "perWorkout", cardioMinutes: 30, stepsDaily: 8000 } },
        days: [
          { cardioMinutes: "30", stepsDaily: "8000" },
          { cardioMinutes: "40", stepsDaily: 9000 },
        ],
      });
      expect(out.days.map((d) => [d.cardioMinutes, d.stepsDaily])).toEqual([
        ["", ""],
        ["40", "9000"],
      ]);
    });

    it("weekly scope: the plan value of a day is the target divided by workouts per week, rounded", () => {
      const out = normalize({
        meta: { workoutsPerWeek: 4, requirement: { scope: "weekly", cardioMinutes: 150 } },
        days: [{ cardioMinutes: "38" }, { cardioMinutes: "150" }, { cardioMinutes: "37" }],
      });
      // 150 / 4 = 37.5 → 38
      expect(out.days.map((d) => d.cardioMinutes)).toEqual(["", "150", "37"]);
    });

    it("blanking compares with the plan value whatever the mode (a mode change keeps day values meaningful)", () => {
      const out = normalize({
        meta: { requirement: { mode: "stepsOnly", scope: "perWorkout", cardioMinutes: 20 } },
        days: [{ cardioMinutes: "20" }],
      });
      expect(out.days[0]!.cardioMinutes).toBe("");
    });

    it("without meta.workoutsPerWeek the number of plan days stands in for it", () => {
      const out = normalize({
        meta: { requirement: { cardioMinutes: 90 } },
        days: [{ cardioMinutes: "30" }, { cardioMinutes: "31" }, {}],
      });
      expect(out.days.map((d) => d.cardioMinutes)).toEqual(["", "31", ""]);
    });

    it("at most 56 days are kept", () => {
      expect(normalize({ days: Array.from({ length: 80 }, () => ({})) }).days).toHaveLength(L.days);
    });
  });

  describe("strength rows and sets", () => {
    it("A strength row has muscle, sets, reps, rest, weight, rir, tempo, notes and an exercise id", () => {
      const out = normalize({
        days: [
          {
            strength: [
              {
                exerciseId: "ex-1",
                muscle: " chest ",
                sets: [],
                reps: "8-12",
                rest: 90,
                weight: "60",
                rir: "2",
                tempo: "3-1-1",
                notes: "slow",
                repType: "range",
              },
            ],
          },
        ],
      });
      expect(out.days[0]!.strength[0]).toEqual({
        exerciseId: "ex-1",
        muscle: "chest",
        sets: [],
        reps: "8-12",
        repType: "range",
        rest: "90",
        weight: "60",
        rir: "2",
        tempo: "3-1-1",
        notes: "slow",
        techniqueVideo: { mode: "none", firstTime: false, everyN: "" },
      });
    });

    it("a row without fields gets empty texts, exerciseId null and repType reps", () => {
      const r = normalize({ days: [{ strength: [{ sets: [] }] }] }).days[0]!.strength[0]!;
      expect(r).toMatchObject({ exerciseId: null, muscle: "", reps: "", repType: "reps", notes: "" });
    });

    it("repType is a token (letters, digits, _ -); anything else is the row default (reps) or the set's null", () => {
      const r = normalize({
        days: [
          {
            strength: [
              {
                repType: "time sec",
                sets: [
                  { id: "a", repType: "<b>" },
                  { id: "b", repType: "time" },
                ],
              },
            ],
          },
        ],
      }).days[0]!.strength[0]!;
      expect(r.repType).toBe("reps");
      expect(r.sets.map((s) => s.repType)).toEqual([null, "time"]);
    });

    it("A set has id (random when missing), type (default working), reps, repType (null inherits the row's), repsHigh, weight, rest, note", () => {
      const out = normalizeTrainingContent({
        days: [
          { strength: [{ sets: [{ reps: 10, weight: "50", rest: "60", repsHigh: "12", note: "easy" }] }] },
        ],
      });
      const set = out.days[0]!.strength[0]!.sets[0]!;
      expect(set.id).toMatch(UUID);
      expect(set).toEqual({
        id: set.id,
        type: "working",
        reps: "10",
        repType: null,
        repsHigh: "12",
        weight: "50",
        rest: "60",
        note: "easy",
      });
    });

    it("set type is warmup, working or drop; anything else is working", () => {
      const sets = normalize({
        days: [
          {
            strength: [
              { sets: ["warmup", "working", "drop", "DROP", 3].map((type, i) => ({ id: `x${i}`, type })) },
            ],
          },
        ],
      }).days[0]!.strength[0]!.sets;
      expect(sets.map((s) => s.type)).toEqual(["warmup", "working", "drop", "working", "working"]);
    });

    it("set ids: kept when given, random when missing, a repeated id within a row gets a new one", () => {
      const sets = normalize({
        days: [{ strength: [{ sets: [{ id: "a" }, {}, { id: "a" }, { id: " b " }] }] }],
      }).days[0]!.strength[0]!.sets;
      expect(sets.map((s) => s.id)).toEqual(["a", "s1", "s2", "b"]);
    });

    it("a missing sets gets three working sets (builder default)", () => {
      const sets = normalize({ days: [{ strength: [{ exerciseId: "e" }] }] }).days[0]!.strength[0]!.sets;
      expect(sets.map((s) => [s.id, s.type, s.reps])).toEqual([
        ["s1", "working", ""],
        ["s2", "working", ""],
        ["s3", "working", ""],
      ]);
    });

    it('a count of sets (3 or "3", as a model writes it) becomes that many working sets, at most 20', () => {
      const count = (v: unknown) =>
        normalize({ days: [{ strength: [{ sets: v }] }] }).days[0]!.strength[0]!.sets.length;
      expect(count(4)).toBe(4);
      expect(count("2")).toBe(2);
      expect(count(0)).toBe(0);
      expect(count(500)).toBe(L.setsPerRow);
      expect(count(-1)).toBe(3); // not a count: missing
    });

    it("an explicit empty list stays empty; members that are not objects are dropped", () => {
      expect(normalize({ days: [{ strength: [{ sets: [] }] }] }).days[0]!.strength[0]!.sets).toEqual([]);
      expect(
        normalize({ days: [{ strength: [{ sets: [1, "x", null, { id: "k" }] }] }] }).days[0]!.strength[0]!
          .sets,
      ).toHaveLength(1);
    });

    it("rows per day at most 40, sets per row at most 20, and plan-wide budgets of 600 rows and 3000 sets", () => {
      const many = normalize({
        days: [
          { strength: Array.from({ length: 100 }, () => ({ sets: Array.from({ length: 50 }, () => ({})) })) },
        ],
      });
      expect(many.days[0]!.strength).toHaveLength(L.rowsPerDay);
      expect(many.days[0]!.strength[0]!.sets).toHaveLength(L.setsPerRow);

      const wide = normalize({
        days: Array.from({ length: 56 }, () => ({
          strength: Array.from({ length: 40 }, () => ({ sets: 20 })),
        })),
      });
      const rows = wide.days.flatMap((d) => d.strength);
      expect(rows).toHaveLength(L.rowsTotal);
      expect(rows.reduce((n, r) => n + r.sets.length, 0)).toBe(L.setsTotal);
      // the budget is spent in order: later rows keep an empty list
      expect(rows.at(-1)!.sets).toEqual([]);
    });
  });

  describe("technique video rule (decisions.md: techniqueVideo {mode, firstTime, everyN, requestedAt})", () => {
    const rule = (tv: unknown) =>
      normalize({ days: [{ strength: [{ sets: [], techniqueVideo: tv }] }] }).days[0]!.strength[0]!
        .techniqueVideo;

    it("mode (none or coachDemand), firstTime (boolean), everyN (positive integer string or empty)", () => {
      expect(rule({ mode: "coachDemand", firstTime: true, everyN: 4 })).toEqual({
        mode: "coachDemand",
        firstTime: true,
        everyN: "4",
      });
      expect(rule({ mode: "none", firstTime: "yes", everyN: "0" })).toEqual({
        mode: "none",
        firstTime: false,
        everyN: "",
      });
    });

    it("When mode is missing or unknown it is coachDemand if firstTime is true or everyN is set, else none", () => {
      expect(rule({ firstTime: true }).mode).toBe("coachDemand");
      expect(rule({ everyN: "3" }).mode).toBe("coachDemand");
      expect(rule({ mode: "sometimes", everyN: 5 }).mode).toBe("coachDemand");
      expect(rule({ mode: "sometimes" }).mode).toBe("none");
      expect(rule({ everyN: "" }).mode).toBe("none");
      expect(rule(undefined).mode).toBe("none");
      // an explicit mode wins over the triggers
      expect(rule({ mode: "none", firstTime: true, everyN: "2" })).toEqual({
        mode: "none",
        firstTime: true,
        everyN: "2",
      });
    });

    it("requestedAt (ISO instant kept only when valid)", () => {
      expect(rule({ mode: "coachDemand", requestedAt: "2026-03-01T10:00:00.000Z" }).requestedAt).toBe(
        "2026-03-01T10:00:00.000Z",
      );
      expect(rule({ mode: "coachDemand", requestedAt: "2026-03-01T12:00:00+02:00" }).requestedAt).toBe(
        "2026-03-01T12:00:00+02:00",
      );
      for (const bad of [
        "2026-02-30T10:00:00Z",
        "2026-03-01",
        "2026-03-01T10:00:00",
        "yesterday",
        1700000000000,
        null,
        "2026-03-01T24:00:00Z",
      ])
        expect(rule({ mode: "coachDemand", requestedAt: bad })).not.toHaveProperty("requestedAt");
    });
  });

  describe("imported content (meta.imported true stops filling builder defaults)", () => {
    it("a missing sets stays empty; a count is still expanded; ids and enums are still filled", () => {
      const out = normalize({
        meta: { imported: true },
        days: [{ strength: [{ exerciseId: "e" }, { sets: 2 }, { sets: [{ type: "bogus" }] }] }],
      });
      const rows = out.days[0]!.strength;
      expect(rows[0]!.sets).toEqual([]);
      expect(rows[1]!.sets).toHaveLength(2);
      expect(rows[2]!.sets[0]).toMatchObject({ id: "s3", type: "working" });
    });

    it("only the boolean true counts as imported", () => {
      for (const imported of ["true", 1, false, null])
        expect(
          normalize({ meta: { imported }, days: [{ strength: [{}] }] }).days[0]!.strength[0]!.sets,
        ).toHaveLength(3);
    });

    it("Keys imported, source, draft, goalSet pass through unchanged (any JSON value)", () => {
      const source = { system: "trainerize", id: 42, tags: ["a", { b: null }] };
      const out = normalize({ meta: { imported: true, source, draft: false, goalSet: "cut", other: 1 } });
      expect(out.meta).toEqual({
        workoutsPerWeek: null,
        requirement: { mode: "both", scope: "weekly", cardioMinutes: 0, stepsDaily: 0 },
        imported: true,
        source,
        draft: false,
        goalSet: "cut",
      });
    });

    it("Keys stamped by an external import in meta are preserved across saves (a save that does not echo them keeps the stored ones)", () => {
      const stored = normalize({ meta: { imported: true, source: "csv", goalSet: { kcal: 1 } } });
      const saved = normalize(
        { meta: { workoutsPerWeek: 3, source: "edited" }, days: [{ strength: [{}] }] },
        stored,
      );
      expect(saved.meta).toMatchObject({
        workoutsPerWeek: 3,
        imported: true,
        source: "edited",
        goalSet: { kcal: 1 },
      });
      expect(saved.meta).not.toHaveProperty("draft");
      // the restored imported flag still stops the builder defaults
      expect(saved.days[0]!.strength[0]!.sets).toEqual([]);
      // an echoed null is an echo: kept as null, not restored
      expect(normalize({ meta: { imported: null } }, stored).meta.imported).toBeNull();
      // a stored content without meta restores nothing
      expect(normalize({}, { days: [] }).meta).not.toHaveProperty("imported");
    });

    it("a pass-through value larger than 32 KB of JSON or nested deeper than 16 is dropped; NUL is removed", () => {
      expect(normalize({ meta: { source: "x".repeat(40_000) } }).meta).not.toHaveProperty("source");
      let deep: unknown = 1;
      for (let i = 0; i < 30; i += 1) deep = [deep];
      expect(normalize({ meta: { draft: deep } }).meta).not.toHaveProperty("draft");
      expect(normalize({ meta: { source: "a\u0000b" } }).meta.source).toBe("ab");
      expect(
        normalize({ meta: { source: JSON.parse('{"__proto__": {"x": 1}, "y": 2}') } }).meta.source,
      ).toEqual({ y: 2 });
    });
  });

  describe("version 1 content is upgraded on read (no stored migration)", () => {
    const v1 = {
      schemaVersion: 1,
      meta: { workoutsPerWeek: 3 },
      days: [
        {
          id: "a",
          label: "A",
          strength: [{ exerciseId: "e", sets: [] }],
          aerobic: [{ type: "bike", minutes: 20 }],
        },
        { id: "b", label: "B", aerobic: [{ minutes: "10" }, { minutes: 10 }] },
        { id: "c", label: "C", aerobic: [{ minutes: 30 }] },
        { id: "d", label: "D", aerobic: [] },
      ],
    };

    it("recognizes version 1: schemaVersion 1, or no schemaVersion and a day with an aerobic array", () => {
      expect(isTrainingContentV1(v1)).toBe(true);
      expect(isTrainingContentV1({ days: [{ aerobic: [] }] })).toBe(true);
      expect(isTrainingContentV1({ schemaVersion: 2, days: [{ aerobic: [] }] })).toBe(false);
      expect(isTrainingContentV1({ days: [{}] })).toBe(false);
      expect(isTrainingContentV1(null)).toBe(false);
    });

    it("the minutes become the cardio requirement: most common day total, per workout; other totals stay on their days", () => {
      const out = readTrainingContent(v1);
      expect(out.schemaVersion).toBe(2);
      expect(out.meta).toEqual({
        workoutsPerWeek: 3,
        requirement: { mode: "cardioOnly", scope: "perWorkout", cardioMinutes: 20, stepsDaily: 0 },
      });
      expect(out.days.map((d) => [d.id, d.cardioMinutes])).toEqual([
        ["a", ""],
        ["b", ""],
        ["c", "30"],
        ["d", ""],
      ]);
      expect(out.days[0]).not.toHaveProperty("aerobic");
      expect(out.days[0]!.strength[0]!.exerciseId).toBe("e");
    });

    it("reading twice gives the same content and the stored value is not changed", () => {
      const before = JSON.stringify(v1);
      const first = readTrainingContent(v1);
      expect(JSON.stringify(v1)).toBe(before);
      expect(readTrainingContent(first)).toEqual(first);
    });

    it("version 1 content without aerobic minutes keeps its (default) requirement", () => {
      expect(
        readTrainingContent({ schemaVersion: 1, days: [{ aerobic: [{ minutes: 0 }] }] }).meta.requirement,
      ).toEqual({
        mode: "both",
        scope: "weekly",
        cardioMinutes: 0,
        stepsDaily: 0,
      });
    });

    it("a version 2 save with a stale aerobic list drops it (unknown key)", () => {
      const out = normalize({ schemaVersion: 2, days: [{ aerobic: [{ minutes: 20 }] }] });
      expect(out.meta.requirement.cardioMinutes).toBe(0);
      expect(out.days[0]).not.toHaveProperty("aerobic");
    });
  });

  describe("bounds and storable text", () => {
    it("texts are trimmed and cut to their limits without splitting a surrogate pair", () => {
      const out = normalize({
        days: [
          {
            label: "x".repeat(199) + "😀",
            strength: [{ notes: "n".repeat(5000), muscle: "  back  ", reps: "9".repeat(100), sets: [] }],
          },
        ],
      });
      expect(out.days[0]!.label).toBe("x".repeat(199));
      expect(out.days[0]!.strength[0]!.notes).toHaveLength(L.longText);
      expect(out.days[0]!.strength[0]!.muscle).toBe("back");
      expect(out.days[0]!.strength[0]!.reps).toHaveLength(L.value);
    });

    it("NUL characters are removed and lone surrogates replaced (PostgreSQL jsonb stores neither)", () => {
      const out = normalize({
        days: [{ label: "a\u0000b\uD800c", strength: [{ notes: "\uDC00", sets: [] }] }],
      });
      expect(out.days[0]!.label).toBe("ab\uFFFDc");
      expect(out.days[0]!.strength[0]!.notes).toBe("\uFFFD");
    });

    it("a 10 MB payload is read in bounded work and gives bounded output", () => {
      const huge = "z".repeat(10_000_000);
      const started = performance.now();
      const out = normalize({
        meta: { source: huge },
        days: Array.from({ length: 2000 }, () => ({ label: huge, strength: [{ notes: huge, sets: 7 }] })),
      });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(JSON.stringify(out).length).toBeLessThan(500_000);
      expect(out.meta).not.toHaveProperty("source");
    });
  });
});
