import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as contracts from "./index";
import {
  boundedDate,
  boundedDateOrDateTime,
  boundedDateTime,
  boundedId,
  boundedInt,
  boundedName,
  boundedString,
  BOUNDED_DATE_PATTERN,
  BOUNDED_DATE_TIME_PATTERN,
  DATE_OR_DATE_TIME_MESSAGE,
  DATE_RANGE_MESSAGE,
  DATE_TIME_RANGE_MESSAGE,
  INT4_MAX,
  INT4_MIN,
  NUL_MESSAGE,
  nonNegativeInt4,
} from "./bounded";
import { formatZodIssues, issuesMessage } from "./errors";
import { ClientCreateInput, ClientUpdateInput } from "./clients";
import { LeadCreateInput, LeadPatchInput, LeadReminderInput } from "./crm";
import { StudioSettingsUpdateInput } from "./studio-settings";
import { CoachCreateInput, CoachListQuery } from "./team";
import { TaskCreateInput } from "./tasks";

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
const ONE_MB = "x".repeat(1_000_000);

describe("string helpers", () => {
  it("refuse NUL anywhere in the value, with a clear message", () => {
    for (const schema of [boundedString(10), boundedId(), boundedName(), boundedDate(), boundedDateTime()])
      expect(messages(schema, "a\u0000b")).toContain(NUL_MESSAGE);
    expect(boundedString(10).safeParse("abc").success).toBe(true);
  });

  it("bound the length with a clear message; trimming comes first where asked", () => {
    expect(messages(boundedString(5), "abcdef")).toEqual(["must be at most 5 characters"]);
    expect(boundedName(5).parse("  abcde  ")).toBe("abcde");
    expect(messages(boundedName(5), "   ")).toEqual(["must not be empty"]);
    expect(messages(boundedName(40, 3), "ab")).toEqual(["must be at least 3 characters"]);
    expect(boundedName(200, 0).parse("  ")).toBe("");
  });

  it("ids: 1 to 128 characters", () => {
    expect(boundedId().safeParse("i".repeat(128)).success).toBe(true);
    expect(messages(boundedId(), "i".repeat(129))).toEqual(["must be at most 128 characters"]);
    expect(messages(boundedId(), "")).toEqual(["must not be empty"]);
  });
});

describe("integer helpers", () => {
  it("stay inside PostgreSQL's integer (int4) range", () => {
    expect(boundedInt().safeParse(INT4_MAX).success).toBe(true);
    expect(boundedInt().safeParse(INT4_MIN).success).toBe(true);
    expect(messages(boundedInt(), INT4_MAX + 1)).toEqual([`must be at most ${INT4_MAX}`]);
    expect(messages(boundedInt(), INT4_MIN - 1)).toEqual([`must be at least ${INT4_MIN}`]);
    expect(messages(boundedInt(), 1.5)).toEqual(["must be an integer"]);
    // A wider bound asked for is clamped to the column type.
    expect(boundedInt(-1e12, 1e12).safeParse(1e10).success).toBe(false);
    expect(messages(nonNegativeInt4(), -1)).toEqual(["must be at least 0"]);
  });
});

describe("date helpers", () => {
  it("calendar dates: real days from 1900-01-01 to 2100-12-31 (issue 27: no years below 100)", () => {
    for (const ok of ["1900-01-01", "2000-02-29", "2024-02-29", "2100-12-31"])
      expect(boundedDate().safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      "0001-01-01",
      "0030-06-01",
      "0099-06-01",
      "1899-12-31",
      "2101-01-01",
      "9999-12-31",
      "0000-01-01",
      "1900-02-29",
      "2100-02-29",
      "2023-02-29",
      "2024-04-31",
    ])
      expect(messages(boundedDate(), bad), bad).toEqual([DATE_RANGE_MESSAGE]);
    expect(boundedDate().safeParse("10000-01-01").success).toBe(false);
    expect(messages(boundedDate(), 5)).toEqual(["Invalid input: expected string, received number"]);
  });

  it("date-times: the date as written lies in 1900-01-01 to 2100-12-31, with seconds and an offset", () => {
    for (const ok of [
      "1900-01-01T00:00:00Z",
      "1900-01-01T00:00:00+14:00",
      "2030-01-15T10:00:00.123456+02:00",
      "2100-12-31T23:59:59.999-14:00",
    ])
      expect(boundedDateTime().safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      "0099-06-01T00:00:00Z",
      "0030-06-01T00:00:00Z",
      "0001-01-01T00:00:00+14:00",
      "1899-12-31T23:59:59Z",
      "2101-01-01T00:00:00Z",
      "9999-12-31T23:59:59-14:00",
      "0000-01-01T00:00:00Z",
      "2030-01-15T10:00Z",
      "2030-01-15T10:00:00",
    ])
      expect(messages(boundedDateTime(), bad), bad).toEqual([DATE_TIME_RANGE_MESSAGE]);
    expect(boundedDateTime().safeParse("10000-01-01T00:00:00Z").success).toBe(false);
  });

  it("date or date-time fields: the range message instead of zod's 'Invalid input'", () => {
    for (const ok of ["1900-01-01", "2100-12-31T23:59:59Z"])
      expect(boundedDateOrDateTime().safeParse(ok).success, ok).toBe(true);
    for (const bad of ["0099-06-01", "0030-06-01T00:00:00Z", "someday"])
      expect(messages(boundedDateOrDateTime(), bad), bad).toEqual([DATE_OR_DATE_TIME_MESSAGE]);
  });

  it("the pattern states the whole rule: it is the OpenAPI schema's, with the format and the bounds", () => {
    const date = z.toJSONSchema(boundedDate()) as Record<string, unknown>;
    expect(date).toMatchObject({
      format: "date",
      pattern: BOUNDED_DATE_PATTERN.source,
      "x-minimum": "1900-01-01",
    });
    const dateTime = z.toJSONSchema(boundedDateTime().describe("a field's own words")) as Record<
      string,
      unknown
    >;
    expect(dateTime).toMatchObject({
      format: "date-time",
      pattern: BOUNDED_DATE_TIME_PATTERN.source,
      "x-maximum": "2100-12-31T23:59:59.999",
    });
    // Every day of the range passes (the days either side of it are refused above).
    const day = new Date(Date.UTC(1900, 0, 1));
    const refused: string[] = [];
    let days = 0;
    for (; day.getUTCFullYear() <= 2100; day.setUTCDate(day.getUTCDate() + 1), days += 1)
      if (!BOUNDED_DATE_PATTERN.test(day.toISOString().slice(0, 10))) refused.push(day.toISOString());
    expect(refused).toEqual([]);
    expect(days).toBe(73_414);
  });
});

describe("the contracts use them (the probes of issue 9 item 3)", () => {
  it("int4 overflow in studio seatLimit and clientLimit and coach clientLimit is VALIDATION; the maximum passes", () => {
    for (const field of ["seatLimit", "clientLimit"]) {
      expect(StudioSettingsUpdateInput.safeParse({ [field]: INT4_MAX + 1 }).success, field).toBe(false);
      expect(StudioSettingsUpdateInput.safeParse({ [field]: INT4_MAX }).success, field).toBe(true);
      expect(StudioSettingsUpdateInput.safeParse({ [field]: null }).success, field).toBe(true);
    }
    const coach = { firstName: "a", lastName: "b", email: "a@example.com", phone: "1" };
    expect(CoachCreateInput.safeParse({ ...coach, clientLimit: INT4_MAX + 1 }).success).toBe(false);
    expect(CoachCreateInput.safeParse({ ...coach, clientLimit: INT4_MAX }).success).toBe(true);
  });

  it("year 0 and years below 100 in remindAt and dueDate are VALIDATION", () => {
    for (const remindAt of ["0000-01-01", "0000-06-01T00:00:00Z", "0099-06-01", "0030-06-01T00:00:00Z"])
      expect(LeadReminderInput.safeParse({ id: "l", remindAt }).success, remindAt).toBe(false);
    expect(LeadReminderInput.safeParse({ id: "l", remindAt: "2030-01-01" }).success).toBe(true);
    expect(TaskCreateInput.safeParse({ title: "t", dueDate: "0000-01-01T00:00:00Z" }).success).toBe(false);
    expect(TaskCreateInput.safeParse({ title: "t", dueDate: "0099-06-01" }).success).toBe(false);
    expect(TaskCreateInput.safeParse({ title: "t", dueDate: "2030-01-01T00:00:00Z" }).success).toBe(true);
  });

  it("a 1 MB ownerCoachId or updateFormId is VALIDATION", () => {
    expect(LeadCreateInput.safeParse({ name: "n", phone: "050", ownerCoachId: ONE_MB }).success).toBe(false);
    expect(LeadPatchInput.safeParse({ id: "l", ownerCoachId: ONE_MB }).success).toBe(false);
    expect(ClientCreateInput.safeParse({ firstName: "f", phone: "1", updateFormId: ONE_MB }).success).toBe(
      false,
    );
    expect(ClientUpdateInput.safeParse({ id: "c", updateFormId: ONE_MB }).success).toBe(false);
  });

  it("the documented query quirk stays: any non-empty active (even a space) is true", () => {
    expect(CoachListQuery.parse({ active: " " }).active).toBe(true);
    expect(CoachListQuery.parse({ active: "" }).active).toBe(false);
    expect(CoachListQuery.safeParse({ active: "\u0000" }).success).toBe(false);
  });

  it("every string of every exported input schema declares a length bound (or is a date or an enum)", () => {
    const inputs = Object.entries(contracts).filter(
      ([name, value]) => value instanceof z.ZodType && /(Input|Query|Param)$/.test(name),
    );
    expect(inputs.length).toBeGreaterThan(20);
    const unbounded: string[] = [];
    const walk = (where: string, node: unknown): void => {
      if (typeof node !== "object" || node === null) return;
      const s = node as Record<string, unknown>;
      if (s.type === "string" && s.maxLength === undefined && s.enum === undefined && s.const === undefined) {
        if (!["date", "date-time"].includes(String(s.format))) unbounded.push(where);
      }
      for (const [key, child] of Object.entries(s)) walk(`${where}/${key}`, child);
    };
    for (const [name, schema] of inputs)
      walk(name, z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }));
    expect(unbounded).toEqual([]);
  });
});

describe("formatZodIssues", () => {
  it("gives {path, message, code} with the path joined by dots; issuesMessage prefixes the first", () => {
    const schema = z.object({ messages: z.array(z.object({ title: z.string() })), n: z.number() });
    const error = schema.safeParse({ messages: [{ title: 1 }], n: "x" }).error!;
    const issues = formatZodIssues(error);
    expect(issues).toEqual([
      { path: "messages.0.title", message: error.issues[0]!.message, code: "invalid_type" },
      { path: "n", message: error.issues[1]!.message, code: "invalid_type" },
    ]);
    expect(issuesMessage(issues)).toBe(`messages.0.title: ${error.issues[0]!.message}`);
    expect(issuesMessage([{ path: "", message: "bad", code: "custom" }])).toBe("bad");
    expect(issuesMessage([])).toBe("invalid input");
  });
});
