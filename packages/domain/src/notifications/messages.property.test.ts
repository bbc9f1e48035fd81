import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MESSAGE_KINDS,
  NOTIFICATION_TYPES,
  NotificationMessageInput,
  NotificationMessageSchema,
  SEND_TIME_PATTERN,
  type MessageKind,
  type NotificationMessageInputValue,
} from "@studio/contracts";
import { AppError } from "../errors";
import { codeDefaults, maxMessagesOf } from "./catalogue";
import {
  normalizeSettingMessages,
  normalizeStoredValues,
  normalizeTitle,
  parseStoredMessages,
} from "./messages";

// Property tests (fast-check) of the notification message normalizers (issue 16):
// normalizeSettingMessages takes any list the PUT contract accepts and either throws AppError
// VALIDATION whose issues name `messages` or `messages.<i>.<field>`, or returns messages the
// response schema and the stored-message reader accept, and normalizing them again returns them
// unchanged; normalizeTitle is idempotent and leaves no line break; normalizeStoredValues reads
// any stored JSON without throwing. FC_SEED replays a run.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
console.warn(`messages.property: seed ${SEED} (replay with FC_SEED=${SEED})`);
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", " ", "\n", "a\r\nb", " \n x \r ", "\u2028", "\t title \t", "\uD800", "x".repeat(500)),
);
const inputArb: fc.Arbitrary<NotificationMessageInputValue> = fc.record(
  {
    id: fc.constantFrom("m1", "m2", "m3", " m1 ", "x"),
    enabled: fc.boolean(),
    title: text,
    subtitle: text,
    formType: fc.constantFrom("ALL", "INTAKE", "CHECK_IN", "ONE_TIME", "PDF_SIGNATURE"),
    offsetDays: fc.oneof(fc.integer({ min: -4, max: 4 }), fc.constantFrom(0.5, -0, 1e308, Number.NaN)),
    time: fc.oneof(
      fc.constantFrom("08:00", "23:59", "24:00", "8:00", "12:60", ""),
      fc.string({ maxLength: 6 }),
    ),
    onlyIfNotFilled: fc.boolean(),
    opens: fc.constantFrom("form", "home"),
  },
  { requiredKeys: ["title"] },
) as fc.Arbitrary<NotificationMessageInputValue>;
const kindArb = fc.constantFrom(...MESSAGE_KINDS);
/** Only what the PUT contract lets through reaches the normalizer. */
const listArb = fc
  .array(inputArb, { minLength: 1, maxLength: 12 })
  .map((list) =>
    list.map((m) => NotificationMessageInput.safeParse(m)).flatMap((r) => (r.success ? [r.data] : [])),
  )
  .filter((list) => list.length > 0);

let counter = 0;
const newId = () => `gen-${(counter += 1)}`;

function normalized(kind: MessageKind, list: readonly NotificationMessageInputValue[]) {
  try {
    return normalizeSettingMessages(kind, list, newId);
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.code).toBe("VALIDATION");
    const issues = (e.details as { issues: { path: string }[] }).issues;
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.path).toMatch(/^messages(\.\d+\.(id|title|offsetDays|time))?$/);
    return null;
  }
}

describe("notification message normalizers: properties", () => {
  it("normalizeTitle: idempotent, no line break left, trimmed", () => {
    fc.assert(
      fc.property(
        fc.oneof(text, fc.string({ unit: fc.constantFrom("a", " ", "\n", "\r", "\t"), maxLength: 20 })),
        (raw) => {
          const title = normalizeTitle(raw);
          expect(normalizeTitle(title)).toBe(title);
          expect(title).not.toMatch(/[\r\n]/);
          expect(title).toBe(title.trim());
        },
      ),
      runs(500),
    );
  });

  it("normalizeSettingMessages: VALIDATION with message paths, or valid stored messages and a fixed point", () => {
    let accepted = 0;
    fc.assert(
      fc.property(kindArb, listArb, (kind, list) => {
        const out = normalized(kind, list);
        if (out === null) return;
        accepted += 1;
        expect(out.length).toBeLessThanOrEqual(maxMessagesOf(kind));
        for (const m of out) {
          expect(NotificationMessageSchema.safeParse(m).success).toBe(true);
          expect(m.title.length).toBeGreaterThan(0);
          if (kind === "formReminders") expect(m.time).toMatch(SEND_TIME_PATTERN);
        }
        if (kind !== "single") expect(parseStoredMessages(kind, out)).toStrictEqual(out);
        const again = normalized(kind, out);
        expect(again).toStrictEqual(out);
      }),
      runs(500),
    );
    // the generator reaches the accepting path too, not only refusals
    expect(accepted).toBeGreaterThan(20);
  });

  it("normalizeStoredValues: any stored JSON reads without throwing, as messages the schema accepts", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NOTIFICATION_TYPES),
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(inputArb, { maxLength: 4 })),
        (type, stored) => {
          const values = { ...codeDefaults(type), messages: stored as never };
          const out = normalizeStoredValues(type, values);
          for (const m of out.messages ?? [])
            expect(NotificationMessageSchema.safeParse(m).success).toBe(true);
          expect(normalizeStoredValues(type, out)).toStrictEqual(out);
        },
      ),
      runs(300),
    );
  });
});
