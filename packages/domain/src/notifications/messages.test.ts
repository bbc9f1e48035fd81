import { describe, expect, it } from "vitest";
import {
  ACTIVE_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  type NotificationMessageInputValue,
} from "@studio/contracts";
import { AppError } from "../errors";
import { ACTIVE_CATALOGUE, catalogueEntry, codeDefaults, NOTIFICATION_CATALOGUE } from "./catalogue";
import { applyConfigPatch } from "./config-patch";
import {
  effectiveMessages,
  normalizeSettingMessages,
  normalizeTitle,
  parseStoredMessages,
  rewriteFirstMessage,
  settingValuesFrom,
} from "./messages";

const ids = () => {
  let n = 0;
  return () => `gen-${++n}`;
};

function validationIssues(fn: () => unknown): { path: string; message: string }[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION");
    return (error as AppError).details!.issues as { path: string; message: string }[];
  }
  throw new Error("expected a VALIDATION error");
}

const reminder = (over: Partial<NotificationMessageInputValue> = {}): NotificationMessageInputValue => ({
  id: "r1",
  title: "Reminder",
  offsetDays: 0,
  time: "19:00",
  ...over,
});

describe("catalogue (decisions.md Notification types)", () => {
  it("has the fifteen types: the twelve active in catalogue order, then the three retired", () => {
    expect(NOTIFICATION_CATALOGUE.map((e) => e.type)).toEqual([...NOTIFICATION_TYPES]);
    expect(ACTIVE_CATALOGUE.map((e) => e.type)).toEqual([...ACTIVE_NOTIFICATION_TYPES]);
    expect(NOTIFICATION_CATALOGUE.filter((e) => e.retired).map((e) => e.type)).toEqual([
      "FORM_ASSIGNED",
      "CHECK_IN_DUE",
      "CHECK_IN_TOMORROW",
    ]);
  });

  it("categories, groups and kinds follow the decisions table", () => {
    const table = ACTIVE_CATALOGUE.map((e) => [e.type, e.category, e.group, e.kind]);
    expect(table).toEqual([
      ["WORKOUT_REMINDER", "workout", "WORKOUT_REMINDERS", "single"],
      ["WORKOUT_MISSED", "workout", "WORKOUT_REMINDERS", "single"],
      ["FORM_SENT", "forms", null, "formSent"],
      ["FORM_REMINDERS", "forms", null, "formReminders"],
      ["TRAINING_PLAN_ASSIGNED", "plans", "PLANS", "single"],
      ["NUTRITION_PLAN_ASSIGNED", "plans", "PLANS", "single"],
      ["PLAN_UPDATED", "plans", "PLANS", "single"],
      ["SUBSCRIPTION_EXPIRING", "subscription", "SUBSCRIPTION", "single"],
      ["SUBSCRIPTION_ENDED", "subscription", "SUBSCRIPTION", "single"],
      ["SUBSCRIPTION_FROZEN", "subscription", "SUBSCRIPTION", "single"],
      ["TRAINER_MESSAGE", "messages", "COACH_MESSAGES", "single"],
      ["MEETING_REMINDER", "messages", "COACH_MESSAGES", "single"],
    ]);
  });

  it("default title and body texts are Hebrew, and multi-message kinds keep their templates in step with the first message", () => {
    for (const entry of NOTIFICATION_CATALOGUE) {
      expect(entry.defaults.titleTemplate, entry.type).toMatch(/[\u0590-\u05FF]/);
      expect(entry.defaults.sendTime).toMatch(/^\d{2}:\d{2}$/);
      const messages = entry.defaults.messages;
      if (entry.kind === "single") expect(messages).toBeNull();
      else {
        expect(messages![0]!.title).toBe(entry.defaults.titleTemplate);
        expect(messages![0]!.subtitle).toBe(entry.defaults.bodyTemplate);
      }
    }
  });

  it("formSent defaults are one CHECK_IN message and one ALL message", () => {
    expect(codeDefaults("FORM_SENT").messages!.map((m) => m.formType)).toEqual(["CHECK_IN", "ALL"]);
  });

  it("formReminders default is one reminder the day before a check-in at 19:00 that opens the home screen", () => {
    expect(codeDefaults("FORM_REMINDERS").messages).toEqual([
      expect.objectContaining({
        formType: "CHECK_IN",
        offsetDays: -1,
        time: "19:00",
        opens: "home",
        onlyIfNotFilled: false,
        enabled: true,
      }),
    ]);
    expect(codeDefaults("FORM_REMINDERS").sendTime).toBe("19:00");
  });

  it("code defaults are copies: changing one does not change the catalogue", () => {
    codeDefaults("FORM_SENT").messages![0]!.title = "changed";
    expect(catalogueEntry("FORM_SENT").defaults.messages![0]!.title).not.toBe("changed");
  });
});

describe("stored messages", () => {
  it("for the two multi-message kinds, missing, empty or unparsable stored messages give the type defaults", () => {
    const base = { titleTemplate: "t", bodyTemplate: "b" };
    for (const stored of [null, [], "garbage", [{ id: "x" }], { not: "a list" }]) {
      expect(effectiveMessages("FORM_SENT", { ...base, messages: stored as never })).toEqual(
        codeDefaults("FORM_SENT").messages,
      );
      expect(effectiveMessages("FORM_REMINDERS", { ...base, messages: stored as never })).toEqual(
        codeDefaults("FORM_REMINDERS").messages,
      );
    }
  });

  it("stored lists over the kind's maximum or with duplicate ids are unparsable", () => {
    const m = { id: "a", enabled: true, title: "T", subtitle: "", formType: "ALL" };
    expect(
      parseStoredMessages("formSent", [m, { ...m, id: "b" }, { ...m, id: "c" }, { ...m, id: "d" }]),
    ).toBeNull();
    expect(parseStoredMessages("formSent", [m, m])).toBeNull();
    expect(parseStoredMessages("formSent", [m])).toEqual([m]);
  });

  it("a stored message without a formType is parsable (document 1: formType ALL or none), it is not replaced by the defaults", () => {
    const noFormType = { id: "n", enabled: true, title: "T", subtitle: "" };
    expect(parseStoredMessages("formSent", [noFormType])).toEqual([noFormType]);
    const reminderNoFormType = {
      ...noFormType,
      offsetDays: 0,
      time: "10:00",
      onlyIfNotFilled: true,
      opens: "form",
    };
    expect(parseStoredMessages("formReminders", [reminderNoFormType])).toEqual([reminderNoFormType]);
    // A reminder missing a required field stays unparsable.
    const { time: _time, ...noTime } = reminderNoFormType;
    expect(parseStoredMessages("formReminders", [noTime])).toBeNull();
  });

  it("single: one message with id default built from titleTemplate and bodyTemplate", () => {
    expect(
      effectiveMessages("PLAN_UPDATED", { titleTemplate: "T", bodyTemplate: "B", messages: null }),
    ).toEqual([{ id: "default", enabled: true, title: "T", subtitle: "B" }]);
  });
});

describe("PATCH rewrite of the first message (FORM_SENT and FORM_REMINDERS)", () => {
  it("title takes titleTemplate, subtitle takes bodyTemplate, time takes sendTime only when it already has a time", () => {
    const sent = rewriteFirstMessage(codeDefaults("FORM_SENT").messages!, {
      titleTemplate: "New",
      bodyTemplate: "Body",
      sendTime: "07:00",
    });
    expect(sent[0]).toMatchObject({ title: "New", subtitle: "Body" });
    expect(sent[0]).not.toHaveProperty("time");
    expect(sent[1]).toEqual(codeDefaults("FORM_SENT").messages![1]);
    const reminders = rewriteFirstMessage(codeDefaults("FORM_REMINDERS").messages!, {
      titleTemplate: "N",
      bodyTemplate: "",
      sendTime: "07:30",
    });
    expect(reminders[0]).toMatchObject({ title: "N", subtitle: "", time: "07:30" });
  });

  it("only the fields sent change", () => {
    const current = codeDefaults("PLAN_UPDATED");
    expect(applyConfigPatch("PLAN_UPDATED", current, { sound: false })).toEqual({ ...current, sound: false });
    expect(applyConfigPatch("PLAN_UPDATED", current, { bodyTemplate: "" })).toEqual({
      ...current,
      bodyTemplate: "",
    });
  });

  it("a patch of a multi-message kind rewrites its first stored message to agree", () => {
    const next = applyConfigPatch("FORM_REMINDERS", codeDefaults("FORM_REMINDERS"), {
      titleTemplate: "כותרת",
      sendTime: "18:15",
    });
    expect(next.messages![0]).toMatchObject({ title: "כותרת", time: "18:15", offsetDays: -1 });
    expect(next.titleTemplate).toBe("כותרת");
  });
});

describe("PUT normalization (document 1 PUT /v1/web/studio/notification-settings/:type)", () => {
  it("title: line breaks collapse to a space, trimmed, must not be empty", () => {
    expect(normalizeTitle("  Hello\n  world\r\nagain \n")).toBe("Hello world again");
    const issues = validationIssues(() => normalizeSettingMessages("single", [{ title: " \n \n " }]));
    expect(issues).toEqual([
      expect.objectContaining({ path: "messages.0.title", message: "title must not be empty" }),
    ]);
  });

  it("subtitle: trimmed (missing becomes empty)", () => {
    expect(normalizeSettingMessages("single", [{ title: "T", subtitle: "  body  " }])[0]!.subtitle).toBe(
      "body",
    );
    expect(normalizeSettingMessages("single", [{ title: "T" }])[0]!.subtitle).toBe("");
  });

  it("single: id becomes default, always enabled, extra fields dropped", () => {
    expect(
      normalizeSettingMessages("single", [
        {
          id: "mine",
          enabled: false,
          title: "T",
          subtitle: "S",
          formType: "INTAKE",
          offsetDays: 2,
          time: "10:00",
          opens: "home",
        },
      ]),
    ).toEqual([{ id: "default", enabled: true, title: "T", subtitle: "S" }]);
  });

  it("the per-type maximum is checked after parsing: single 1, formSent 3, formReminders 10", () => {
    expect(
      validationIssues(() => normalizeSettingMessages("single", [{ title: "a" }, { title: "b" }]))[0]!.path,
    ).toBe("messages");
    const four = [1, 2, 3, 4].map((i) => ({ id: `m${i}`, title: "T" }));
    expect(validationIssues(() => normalizeSettingMessages("formSent", four))[0]!.message).toBe(
      "at most 3 messages for this type",
    );
    expect(normalizeSettingMessages("formSent", four.slice(0, 3))).toHaveLength(3);
    const eleven = Array.from({ length: 11 }, (_, i) => reminder({ id: `r${i}` }));
    expect(validationIssues(() => normalizeSettingMessages("formReminders", eleven))[0]!.message).toBe(
      "at most 10 messages for this type",
    );
    expect(normalizeSettingMessages("formReminders", eleven.slice(0, 10))).toHaveLength(10);
  });

  it("ids must be unique", () => {
    const issues = validationIssues(() =>
      normalizeSettingMessages("formSent", [
        { id: "a", title: "T" },
        { id: "a", title: "U" },
      ]),
    );
    expect(issues).toEqual([
      expect.objectContaining({ path: "messages.1.id", message: "ids must be unique" }),
    ]);
  });

  it("a message without an id gets a fresh one", () => {
    expect(
      normalizeSettingMessages("formSent", [{ title: "T" }, { id: "x", title: "U" }], ids()).map((m) => m.id),
    ).toEqual(["gen-1", "x"]);
  });

  it("formSent: formType defaults to ALL; only id, enabled, title, subtitle, formType are kept", () => {
    expect(
      normalizeSettingMessages("formSent", [
        { id: "a", title: "T", offsetDays: 1, time: "10:00", opens: "home", onlyIfNotFilled: true },
        { id: "b", enabled: false, title: "U", formType: "INTAKE" },
      ]),
    ).toEqual([
      { id: "a", enabled: true, title: "T", subtitle: "", formType: "ALL" },
      { id: "b", enabled: false, title: "U", subtitle: "", formType: "INTAKE" },
    ]);
  });

  it("formReminders: formType defaults to CHECK_IN, opens to form, onlyIfNotFilled to true for offsets >= 0", () => {
    expect(normalizeSettingMessages("formReminders", [reminder({ offsetDays: 1 })])).toEqual([
      {
        id: "r1",
        enabled: true,
        title: "Reminder",
        subtitle: "",
        formType: "CHECK_IN",
        offsetDays: 1,
        time: "19:00",
        onlyIfNotFilled: true,
        opens: "form",
      },
    ]);
    expect(
      normalizeSettingMessages("formReminders", [reminder({ onlyIfNotFilled: false })])[0]!.onlyIfNotFilled,
    ).toBe(false);
  });

  it("formReminders: onlyIfNotFilled is forced false for a negative offset", () => {
    expect(
      normalizeSettingMessages("formReminders", [reminder({ offsetDays: -2, onlyIfNotFilled: true })])[0]!
        .onlyIfNotFilled,
    ).toBe(false);
  });

  it("formReminders: offsetDays required, an integer from -3 to 3", () => {
    const paths = (m: NotificationMessageInputValue) =>
      validationIssues(() => normalizeSettingMessages("formReminders", [m])).map(
        (i) => `${i.path}: ${i.message}`,
      );
    expect(paths(reminder({ offsetDays: undefined }))).toEqual([
      "messages.0.offsetDays: offsetDays is required",
    ]);
    expect(paths(reminder({ offsetDays: 1.5 }))).toEqual([
      "messages.0.offsetDays: offsetDays must be an integer",
    ]);
    expect(paths(reminder({ offsetDays: 4 }))).toEqual([
      "messages.0.offsetDays: offsetDays must be from -3 to 3",
    ]);
    expect(paths(reminder({ offsetDays: -4 }))).toEqual([
      "messages.0.offsetDays: offsetDays must be from -3 to 3",
    ]);
    expect(
      normalizeSettingMessages("formReminders", [
        reminder({ offsetDays: -3 }),
        reminder({ id: "r2", offsetDays: 3 }),
      ]),
    ).toHaveLength(2);
  });

  it("formReminders: a negative offset is allowed only for CHECK_IN", () => {
    const issues = validationIssues(() =>
      normalizeSettingMessages("formReminders", [reminder({ offsetDays: -1, formType: "INTAKE" })]),
    );
    expect(issues).toEqual([
      expect.objectContaining({
        path: "messages.0.offsetDays",
        message: "a negative offset is allowed only for CHECK_IN",
      }),
    ]);
    expect(
      validationIssues(() =>
        normalizeSettingMessages("formReminders", [reminder({ offsetDays: -1, formType: "ALL" })]),
      ),
    ).toHaveLength(1);
    expect(
      normalizeSettingMessages("formReminders", [reminder({ offsetDays: 1, formType: "INTAKE" })])[0]!
        .formType,
    ).toBe("INTAKE");
  });

  it("formReminders: time required, HH:MM", () => {
    expect(
      validationIssues(() => normalizeSettingMessages("formReminders", [reminder({ time: undefined })]))[0]!
        .message,
    ).toBe("time is required");
    for (const time of ["7:00", "24:00", "19:60", "19:00:00"]) {
      expect(
        validationIssues(() => normalizeSettingMessages("formReminders", [reminder({ time })]))[0]!.message,
      ).toBe("time must be HH:MM (24 hour)");
    }
  });

  it("formReminders: reminders are sorted by offsetDays then time", () => {
    const sorted = normalizeSettingMessages("formReminders", [
      reminder({ id: "c", offsetDays: 1, time: "08:00" }),
      reminder({ id: "b", offsetDays: -1, time: "21:00" }),
      reminder({ id: "a", offsetDays: -1, time: "07:30" }),
      reminder({ id: "d", offsetDays: 0, time: "12:00" }),
    ]);
    expect(sorted.map((m) => m.id)).toEqual(["a", "b", "d", "c"]);
  });

  it("every issue is reported at once", () => {
    const issues = validationIssues(() =>
      normalizeSettingMessages("formReminders", [
        reminder({ title: "" }),
        reminder({ id: "r2", time: "x", offsetDays: 9 }),
      ]),
    );
    expect(issues.map((i) => i.path)).toEqual([
      "messages.0.title",
      "messages.1.offsetDays",
      "messages.1.time",
    ]);
  });

  it("titleTemplate, bodyTemplate and sendTime stay in step with the first message; messages stored only for multi-message kinds", () => {
    const reminders = normalizeSettingMessages("formReminders", [
      reminder({ id: "late", offsetDays: 1, time: "20:00", title: "Late" }),
      reminder({ id: "early", offsetDays: -1, time: "18:45", title: "Early", subtitle: "S" }),
    ]);
    expect(
      settingValuesFrom(
        "formReminders",
        { enabled: true, sound: false, messages: reminders },
        { sendTime: "09:00" },
      ),
    ).toMatchObject({
      titleTemplate: "Early",
      bodyTemplate: "S",
      sendTime: "18:45",
      sound: false,
      messages: reminders,
    });
    const single = normalizeSettingMessages("single", [{ title: "T", subtitle: "B" }]);
    expect(
      settingValuesFrom("single", { enabled: false, sound: true, messages: single }, { sendTime: "08:00" }),
    ).toEqual({
      enabled: false,
      sound: true,
      titleTemplate: "T",
      bodyTemplate: "B",
      sendTime: "08:00",
      messages: null,
    });
    const formSent = normalizeSettingMessages("formSent", [{ id: "x", title: "X" }]);
    expect(
      settingValuesFrom("formSent", { enabled: true, sound: true, messages: formSent }, { sendTime: "08:00" })
        .sendTime,
    ).toBe("08:00");
  });
});
