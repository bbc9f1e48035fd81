import { describe, expect, it } from "vitest";
import type { NotificationMessage, NotificationType } from "@studio/contracts";
import { codeDefaults, type NotificationConfigValues } from "./catalogue";
import {
  groupOf,
  isMuted,
  listPreferenceGroups,
  pickFormSentMessage,
  pickMessage,
  renderTemplate,
} from "./resolution";
import { ACTIVE_NOTIFICATION_TYPES } from "@studio/contracts";

const msg = (id: string, formType: NotificationMessage["formType"], enabled = true): NotificationMessage => ({
  id,
  enabled,
  title: id,
  subtitle: "",
  formType,
});

const allEnabled = () =>
  new Map<NotificationType, NotificationConfigValues>(
    ACTIVE_NOTIFICATION_TYPES.map((t) => [t, codeDefaults(t)]),
  );
const onlyEnabled = (...types: NotificationType[]) =>
  new Map<NotificationType, NotificationConfigValues>(
    ACTIVE_NOTIFICATION_TYPES.map((t) => [t, { ...codeDefaults(t), enabled: types.includes(t) }]),
  );

describe("formSent message rule", () => {
  it("the enabled message whose formType matches the form is used, else the enabled one with formType ALL", () => {
    const messages = [msg("check", "CHECK_IN"), msg("intake", "INTAKE", false), msg("all", "ALL")];
    expect(pickFormSentMessage(messages, "CHECK_IN")?.id).toBe("check");
    expect(pickFormSentMessage(messages, "INTAKE")?.id).toBe("all"); // the matching one is disabled
    expect(pickFormSentMessage(messages, "ONE_TIME")?.id).toBe("all");
    expect(pickFormSentMessage(messages, null)?.id).toBe("all");
    // A message without a formType counts as ALL.
    expect(pickFormSentMessage([msg("check", "CHECK_IN"), msg("none", undefined)], "INTAKE")?.id).toBe(
      "none",
    );
    expect(
      pickFormSentMessage([msg("check", "CHECK_IN"), msg("all", "ALL", false)], "INTAKE"),
    ).toBeUndefined();
  });

  it("pickMessage uses the stored messages of FORM_SENT, the named reminder of FORM_REMINDERS, the one message of single kinds", () => {
    const values = { ...codeDefaults("FORM_SENT"), messages: [msg("c", "CHECK_IN"), msg("a", "ALL")] };
    expect(pickMessage("FORM_SENT", values, { formType: "CHECK_IN" })?.id).toBe("c");
    const reminders = codeDefaults("FORM_REMINDERS");
    expect(pickMessage("FORM_REMINDERS", reminders, { messageId: "day-before" })?.id).toBe("day-before");
    expect(pickMessage("FORM_REMINDERS", reminders, { messageId: "nope" })).toBeUndefined();
    expect(pickMessage("PLAN_UPDATED", codeDefaults("PLAN_UPDATED"))).toMatchObject({
      id: "default",
      title: codeDefaults("PLAN_UPDATED").titleTemplate,
    });
  });
});

describe("preference groups", () => {
  it("for FORM_SENT and FORM_REMINDERS the form type picks the group: CHECK_IN gives CHECK_INS, anything else (or none) FORMS", () => {
    expect(groupOf("FORM_SENT", "CHECK_IN")).toBe("CHECK_INS");
    expect(groupOf("FORM_REMINDERS", "INTAKE")).toBe("FORMS");
    expect(groupOf("FORM_SENT", null)).toBe("FORMS");
    expect(groupOf("FORM_SENT", "ALL")).toBe("FORMS");
    expect(groupOf("PLAN_UPDATED", "CHECK_IN")).toBe("PLANS");
    expect(groupOf("TRAINER_MESSAGE")).toBe("COACH_MESSAGES");
  });

  it("COACH_MESSAGES is locked: muting logic ignores it", () => {
    expect(isMuted("COACH_MESSAGES", ["COACH_MESSAGES"])).toBe(false);
    expect(isMuted("PLANS", ["PLANS"])).toBe(true);
    expect(isMuted("PLANS", ["FORMS"])).toBe(false);
  });

  it("lists groups in enum order; the locked group is always reported enabled", () => {
    expect(listPreferenceGroups(allEnabled(), ["PLANS", "COACH_MESSAGES"])).toEqual([
      { group: "CHECK_INS", enabled: true, locked: false },
      { group: "FORMS", enabled: true, locked: false },
      { group: "PLANS", enabled: false, locked: false },
      { group: "WORKOUT_REMINDERS", enabled: true, locked: false },
      { group: "COACH_MESSAGES", enabled: true, locked: true },
      { group: "SUBSCRIPTION", enabled: true, locked: false },
    ]);
  });

  it("a group is listed only when at least one enabled type of the studio feeds it (single: its fixed group)", () => {
    expect(
      listPreferenceGroups(onlyEnabled("PLAN_UPDATED", "MEETING_REMINDER"), []).map((g) => g.group),
    ).toEqual(["PLANS", "COACH_MESSAGES"]);
    expect(listPreferenceGroups(onlyEnabled(), [])).toEqual([]);
  });

  it("a multi-message type adds a group per enabled message: ALL or none adds FORMS and CHECK_INS, CHECK_IN adds CHECK_INS, INTAKE adds FORMS", () => {
    const withMessages = (messages: NotificationMessage[]) => {
      const configs = onlyEnabled("FORM_SENT");
      configs.set("FORM_SENT", { ...configs.get("FORM_SENT")!, messages });
      return listPreferenceGroups(configs, []).map((g) => g.group);
    };
    expect(withMessages([msg("c", "CHECK_IN")])).toEqual(["CHECK_INS"]);
    expect(withMessages([msg("i", "INTAKE")])).toEqual(["FORMS"]);
    expect(withMessages([msg("a", "ALL")])).toEqual(["CHECK_INS", "FORMS"]);
    expect(withMessages([msg("none", undefined)])).toEqual(["CHECK_INS", "FORMS"]);
    expect(withMessages([msg("c", "CHECK_IN"), msg("i", "INTAKE", false)])).toEqual(["CHECK_INS"]);
    // The FORM_REMINDERS default (one CHECK_IN reminder) feeds CHECK_INS only.
    expect(listPreferenceGroups(onlyEnabled("FORM_REMINDERS"), []).map((g) => g.group)).toEqual([
      "CHECK_INS",
    ]);
  });
});

describe("template rendering", () => {
  it("{{variables}} are substituted; unknown or missing variables render empty", () => {
    expect(
      renderTemplate("{{coach}} שלח/ה לך את {{ form }}{{nope}}", {
        coach: "דנה",
        form: "צ'ק-אין",
        name: null,
      }),
    ).toBe("דנה שלח/ה לך את צ'ק-אין");
    expect(renderTemplate("{{name}}-{{count}}", { name: undefined, count: 3 })).toBe("-3");
    expect(renderTemplate("{{constructor}}{{toString}}", {})).toBe("");
  });
});
