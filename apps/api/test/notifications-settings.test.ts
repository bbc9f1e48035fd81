import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ACTIVE_NOTIFICATION_TYPES } from "@studio/contracts";
import { notificationOverrides } from "@studio/db";
import { codeDefaults } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

// This file never changes the platform defaults, so code defaults are the platform values.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const flat = async (user: WebUserContext) => {
  const res = await t.web("GET", "/v1/web/notification-configs", user);
  expect(res.status).toBe(200);
  return res.body.data as any[];
};
const structured = async (user: WebUserContext) => {
  const res = await t.web("GET", "/v1/web/studio/notification-settings", user);
  expect(res.status).toBe(200);
  return res.body.data as { categories: string[]; types: any[] };
};
const put = (user: WebUserContext, type: string, body: unknown) =>
  t.web("PUT", `/v1/web/studio/notification-settings/${type}`, user, body);
const studioIdOf = async (user: WebUserContext) =>
  (await t.web("GET", "/v1/web/studio", user)).body.data.id as string;

describe("GET /v1/web/notification-configs (flat)", () => {
  it("each active type, in the active-type order, with the platform default and customized false", async () => {
    const rows = await flat(newOwner());
    expect(rows.map((r) => r.type)).toEqual([...ACTIVE_NOTIFICATION_TYPES]);
    for (const row of rows) {
      const { messages: _m, ...defaults } = codeDefaults(row.type);
      expect(row).toEqual({ type: row.type, ...defaults, customized: false });
    }
  });

  it("any role may read", async () => {
    const owner = newOwner();
    expect(
      (await t.web("GET", "/v1/web/notification-configs", { ...owner, userId: "sub", role: "SUB_COACH" }))
        .status,
    ).toBe(200);
  });
});

describe("PATCH /v1/web/notification-configs/:type", () => {
  it("applies the fields sent to the effective values and upserts the override (customized true)", async () => {
    const owner = newOwner();
    const res = await t.web("PATCH", "/v1/web/notification-configs/PLAN_UPDATED", owner, {
      titleTemplate: "עדכון!",
      sound: false,
    });
    expect(res.status).toBe(200);
    const { messages: _m, ...defaults } = codeDefaults("PLAN_UPDATED");
    expect(res.body.data).toEqual({
      type: "PLAN_UPDATED",
      ...defaults,
      titleTemplate: "עדכון!",
      sound: false,
      customized: true,
    });
    const second = await t.web("PATCH", "/v1/web/notification-configs/PLAN_UPDATED", owner, {
      enabled: false,
    });
    expect(second.body.data).toMatchObject({ titleTemplate: "עדכון!", sound: false, enabled: false });
    const row = (await flat(owner)).find((r) => r.type === "PLAN_UPDATED");
    expect(row).toMatchObject({ titleTemplate: "עדכון!", enabled: false, customized: true });
  });

  it("the response includes messages only for FORM_SENT and FORM_REMINDERS, whose first message is rewritten", async () => {
    const owner = newOwner();
    const single = await t.web("PATCH", "/v1/web/notification-configs/TRAINER_MESSAGE", owner, {
      sound: false,
    });
    expect(single.body.data).not.toHaveProperty("messages");
    const sent = await t.web("PATCH", "/v1/web/notification-configs/FORM_SENT", owner, {
      bodyTemplate: "גוף",
    });
    expect(sent.body.data.messages).toEqual([
      { ...codeDefaults("FORM_SENT").messages![0], subtitle: "גוף" },
      codeDefaults("FORM_SENT").messages![1],
    ]);
    const reminders = await t.web("PATCH", "/v1/web/notification-configs/FORM_REMINDERS", owner, {
      sendTime: "20:15",
      titleTemplate: "מחר!",
    });
    expect(reminders.body.data.messages[0]).toMatchObject({ title: "מחר!", time: "20:15" });
    // The structured view sees the same first reminder.
    const setting = (await structured(owner)).types.find((s) => s.type === "FORM_REMINDERS");
    expect(setting.messages[0]).toMatchObject({ title: "מחר!", time: "20:15" });
  });

  it("retired types are accepted (built from code defaults) but never listed", async () => {
    const owner = newOwner();
    const res = await t.web("PATCH", "/v1/web/notification-configs/FORM_ASSIGNED", owner, { enabled: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: "FORM_ASSIGNED",
      enabled: false,
      titleTemplate: codeDefaults("FORM_ASSIGNED").titleTemplate,
      customized: true,
    });
    expect((await flat(owner)).map((r) => r.type)).not.toContain("FORM_ASSIGNED");
    expect((await structured(owner)).types.map((s) => s.type)).not.toContain("FORM_ASSIGNED");
  });

  it("OWNER or HEAD_COACH: a SUB_COACH gets 403 insufficient role", async () => {
    const owner = newOwner();
    expect(
      (
        await t.web(
          "PATCH",
          "/v1/web/notification-configs/PLAN_UPDATED",
          { ...owner, userId: "hc", role: "HEAD_COACH" },
          { sound: false },
        )
      ).status,
    ).toBe(200);
    const sub = await t.web(
      "PATCH",
      "/v1/web/notification-configs/PLAN_UPDATED",
      { ...owner, userId: "sc", role: "SUB_COACH" },
      { sound: true },
    );
    expect(sub.status).toBe(403);
    expect(sub.body).toMatchObject({ code: "FORBIDDEN", message: "insufficient role" });
  });

  it("UNAUTHORIZED 401 without web authentication (PATCH and PUT)", async () => {
    const body = JSON.stringify({ enabled: false });
    expect(
      (
        await t.request("PATCH", "/v1/web/notification-configs/PLAN_UPDATED", {
          headers: { "content-type": "application/json" },
          body,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.request("PUT", "/v1/web/studio/notification-settings/PLAN_UPDATED", {
          headers: { "content-type": "application/json" },
          body,
        })
      ).status,
    ).toBe(401);
  });

  it("VALIDATION 422 for a bad body or type", async () => {
    const owner = newOwner();
    for (const [type, body] of [
      ["PLAN_UPDATED", { titleTemplate: "" }],
      ["PLAN_UPDATED", { sendTime: "9:00" }],
      ["NOT_A_TYPE", {}],
    ] as const) {
      const res = await t.web("PATCH", `/v1/web/notification-configs/${type}`, owner, body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });

  it("an override is the studio's own: another studio keeps the platform default", async () => {
    const a = newOwner();
    const b = newOwner();
    await t.web("PATCH", "/v1/web/notification-configs/WORKOUT_MISSED", a, { enabled: false });
    expect((await flat(b)).find((r) => r.type === "WORKOUT_MISSED")).toMatchObject({
      enabled: true,
      customized: false,
    });
  });

  it("concurrent first PATCHes of different fields both stick", async () => {
    const owner = newOwner();
    await Promise.all([
      t.web("PATCH", "/v1/web/notification-configs/SUBSCRIPTION_ENDED", owner, { sound: false }),
      t.web("PATCH", "/v1/web/notification-configs/SUBSCRIPTION_ENDED", owner, { titleTemplate: "נגמר" }),
      t.web("PATCH", "/v1/web/notification-configs/SUBSCRIPTION_ENDED", owner, { sendTime: "11:11" }),
    ]);
    expect((await flat(owner)).find((r) => r.type === "SUBSCRIPTION_ENDED")).toMatchObject({
      sound: false,
      titleTemplate: "נגמר",
      sendTime: "11:11",
    });
  });
});

describe("GET /v1/web/studio/notification-settings (structured)", () => {
  it("every active type in the active-type order with catalogue metadata, effective values, customized and defaults, plus the category order", async () => {
    const data = await structured(newOwner());
    expect(data.categories).toEqual(["workout", "forms", "plans", "subscription", "messages"]);
    expect(data.types.map((s) => s.type)).toEqual([...ACTIVE_NOTIFICATION_TYPES]);
    const formSent = data.types.find((s) => s.type === "FORM_SENT");
    expect(formSent).toMatchObject({
      category: "forms",
      group: null,
      kind: "formSent",
      maxMessages: 3,
      customized: false,
      variables: expect.arrayContaining(["form", "coach"]),
    });
    expect(formSent.messages).toEqual(codeDefaults("FORM_SENT").messages);
    expect(formSent.defaults).toEqual({ ...codeDefaults("FORM_SENT") });
    const planUpdated = data.types.find((s) => s.type === "PLAN_UPDATED");
    expect(planUpdated).toMatchObject({ group: "PLANS", kind: "single", maxMessages: 1 });
    expect(planUpdated.messages).toEqual([
      {
        id: "default",
        enabled: true,
        title: codeDefaults("PLAN_UPDATED").titleTemplate,
        subtitle: codeDefaults("PLAN_UPDATED").bodyTemplate,
      },
    ]);
    expect(data.types.find((s) => s.type === "FORM_REMINDERS").maxMessages).toBe(10);
  });

  it("any role may read", async () => {
    const owner = newOwner();
    const res = await t.web("GET", "/v1/web/studio/notification-settings", {
      ...owner,
      userId: "sub",
      role: "SUB_COACH",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.types).toHaveLength(ACTIVE_NOTIFICATION_TYPES.length);
  });

  it("stored messages that are empty or unparsable give the type defaults", async () => {
    const owner = newOwner();
    await t.web("PATCH", "/v1/web/notification-configs/FORM_SENT", owner, { sound: false });
    const studioId = await studioIdOf(owner);
    for (const stored of [[], "not a list", [{ id: 1 }], null]) {
      await t.deps.database.db
        .update(notificationOverrides)
        .set({ messages: stored })
        .where(
          and(eq(notificationOverrides.studioId, studioId), eq(notificationOverrides.type, "FORM_SENT")),
        );
      const setting = (await structured(owner)).types.find((s) => s.type === "FORM_SENT");
      expect(setting).toMatchObject({
        customized: true,
        sound: false,
        messages: codeDefaults("FORM_SENT").messages,
      });
    }
  });
});

describe("PUT /v1/web/studio/notification-settings/:type", () => {
  it("single: id becomes default, always enabled, extra fields dropped, title line breaks collapse; templates follow the message", async () => {
    const owner = newOwner();
    const res = await put(owner, "TRAINING_PLAN_ASSIGNED", {
      enabled: false,
      sound: false,
      messages: [
        {
          id: "x",
          enabled: false,
          title: " תוכנית\nחדשה \r\n לך ",
          subtitle: "  {{plan}}  ",
          offsetDays: 2,
          formType: "INTAKE",
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      type: "TRAINING_PLAN_ASSIGNED",
      enabled: false,
      sound: false,
      titleTemplate: "תוכנית חדשה לך",
      bodyTemplate: "{{plan}}",
      sendTime: codeDefaults("TRAINING_PLAN_ASSIGNED").sendTime,
      customized: true,
      messages: [{ id: "default", enabled: true, title: "תוכנית חדשה לך", subtitle: "{{plan}}" }],
    });
    const stored = await t.deps.database.db
      .select()
      .from(notificationOverrides)
      .where(
        and(
          eq(notificationOverrides.studioId, await studioIdOf(owner)),
          eq(notificationOverrides.type, "TRAINING_PLAN_ASSIGNED"),
        ),
      );
    expect(stored[0]!.messages).toBeNull(); // messages stored only for multi-message kinds
    expect((await flat(owner)).find((r) => r.type === "TRAINING_PLAN_ASSIGNED")).toMatchObject({
      titleTemplate: "תוכנית חדשה לך",
      enabled: false,
    });
  });

  it("formSent: formType defaults to ALL, only the formSent fields are kept, up to 3 messages", async () => {
    const owner = newOwner();
    const res = await put(owner, "FORM_SENT", {
      enabled: true,
      sound: true,
      messages: [
        {
          id: "intake",
          title: "שאלון פתיחה",
          subtitle: "",
          formType: "INTAKE",
          time: "10:00",
          offsetDays: 1,
        },
        { id: "rest", title: "טופס", enabled: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.messages).toEqual([
      { id: "intake", enabled: true, title: "שאלון פתיחה", subtitle: "", formType: "INTAKE" },
      { id: "rest", enabled: false, title: "טופס", subtitle: "", formType: "ALL" },
    ]);
    expect(res.body.data).toMatchObject({ titleTemplate: "שאלון פתיחה", bodyTemplate: "" });
    const four = [1, 2, 3, 4].map((i) => ({ id: `m${i}`, title: "T" }));
    const tooMany = await put(owner, "FORM_SENT", { enabled: true, sound: true, messages: four });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe("messages: at most 3 messages for this type");
  });

  it("formReminders: defaults, forced onlyIfNotFilled, sorting, and sendTime from the first reminder", async () => {
    const owner = newOwner();
    const res = await put(owner, "FORM_REMINDERS", {
      enabled: true,
      sound: true,
      messages: [
        { id: "after", title: "עדיין לא מילאת", offsetDays: 1, time: "09:00" },
        {
          id: "before",
          title: "מחר צ'ק-אין",
          offsetDays: -1,
          time: "19:30",
          onlyIfNotFilled: true,
          opens: "home",
        },
        {
          id: "intake",
          title: "שאלון",
          formType: "INTAKE",
          offsetDays: 0,
          time: "12:00",
          onlyIfNotFilled: false,
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.messages).toEqual([
      {
        id: "before",
        enabled: true,
        title: "מחר צ'ק-אין",
        subtitle: "",
        formType: "CHECK_IN",
        offsetDays: -1,
        time: "19:30",
        onlyIfNotFilled: false,
        opens: "home",
      },
      {
        id: "intake",
        enabled: true,
        title: "שאלון",
        subtitle: "",
        formType: "INTAKE",
        offsetDays: 0,
        time: "12:00",
        onlyIfNotFilled: false,
        opens: "form",
      },
      {
        id: "after",
        enabled: true,
        title: "עדיין לא מילאת",
        subtitle: "",
        formType: "CHECK_IN",
        offsetDays: 1,
        time: "09:00",
        onlyIfNotFilled: true,
        opens: "form",
      },
    ]);
    expect(res.body.data).toMatchObject({ titleTemplate: "מחר צ'ק-אין", sendTime: "19:30" });
  });

  it("formReminders: offsetDays and time rules answer VALIDATION with the field path", async () => {
    const owner = newOwner();
    for (const [message, path] of [
      [{ title: "x", time: "19:00" }, "messages.0.offsetDays"],
      [{ title: "x", offsetDays: 4, time: "19:00" }, "messages.0.offsetDays"],
      [{ title: "x", offsetDays: 0.5, time: "19:00" }, "messages.0.offsetDays"],
      [{ title: "x", offsetDays: -1, time: "19:00", formType: "ONE_TIME" }, "messages.0.offsetDays"],
      [{ title: "x", offsetDays: 0 }, "messages.0.time"],
      [{ title: "x", offsetDays: 0, time: "19h" }, "messages.0.time"],
      [{ title: "\n \n", offsetDays: 0, time: "19:00" }, "messages.0.title"],
    ] as const) {
      const res = await put(owner, "FORM_REMINDERS", { enabled: true, sound: true, messages: [message] });
      expect(res.status, JSON.stringify(message)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(res.body.details.issues[0].path).toBe(path);
    }
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      id: `r${i}`,
      title: "x",
      offsetDays: 0,
      time: "10:00",
    }));
    expect(
      (await put(owner, "FORM_REMINDERS", { enabled: true, sound: true, messages: eleven })).body.message,
    ).toBe("messages: at most 10 messages for this type");
    // Nothing was stored by the refused PUTs.
    expect((await flat(owner)).find((r) => r.type === "FORM_REMINDERS").customized).toBe(false);
  });

  it("the body takes 1 to 20 messages, enabled and sound required; ids must be unique", async () => {
    const owner = newOwner();
    const twentyOne = Array.from({ length: 21 }, (_, i) => ({ id: `m${i}`, title: "x" }));
    for (const body of [
      { enabled: true, sound: true, messages: [] },
      { enabled: true, sound: true, messages: twentyOne },
      { sound: true, messages: [{ title: "x" }] },
      { enabled: true, messages: [{ title: "x" }] },
      {
        enabled: true,
        sound: true,
        messages: [
          { id: "a", title: "x" },
          { id: "a", title: "y" },
        ],
      },
    ]) {
      const res = await put(owner, "FORM_SENT", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it(":type must be an active type (a retired or unknown type answers VALIDATION)", async () => {
    for (const type of ["CHECK_IN_TOMORROW", "FORM_ASSIGNED", "NOPE"]) {
      const res = await put(newOwner(), type, { enabled: true, sound: true, messages: [{ title: "x" }] });
      expect(res.status, type).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });

  it("resending the default values keeps the setting customized true", async () => {
    const owner = newOwner();
    const defaults = codeDefaults("WORKOUT_REMINDER");
    await put(owner, "WORKOUT_REMINDER", { enabled: true, sound: true, messages: [{ title: "אחר" }] });
    const back = await put(owner, "WORKOUT_REMINDER", {
      enabled: true,
      sound: true,
      messages: [{ title: defaults.titleTemplate, subtitle: defaults.bodyTemplate }],
    });
    expect(back.body.data).toMatchObject({ titleTemplate: defaults.titleTemplate, customized: true });
  });

  it("OWNER or HEAD_COACH only; another studio is unaffected", async () => {
    const owner = newOwner();
    const body = { enabled: false, sound: true, messages: [{ title: "x" }] };
    const sub = await put({ ...owner, userId: "sub", role: "SUB_COACH" }, "PLAN_UPDATED", body);
    expect(sub.status).toBe(403);
    expect(sub.body).toMatchObject({ code: "FORBIDDEN", message: "insufficient role" });
    expect((await flat(owner)).find((r) => r.type === "PLAN_UPDATED")).toMatchObject({
      enabled: true,
      customized: false,
    });
    expect((await put({ ...owner, userId: "head", role: "HEAD_COACH" }, "PLAN_UPDATED", body)).status).toBe(
      200,
    );
    expect((await structured(newOwner())).types.find((s) => s.type === "PLAN_UPDATED")).toMatchObject({
      enabled: true,
      customized: false,
    });
  });
});
