import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ACTIVE_NOTIFICATION_TYPES, NOTIFICATION_TYPES } from "@studio/contracts";
import { notificationDefaults } from "@studio/db";
import { codeDefaults } from "@studio/domain";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { adminRequest } from "./support/notification-fixtures";

// Platform default rows are global (not per studio): this file has its own database.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const list = async () => {
  const res = await adminRequest(t, "GET", "/v1/admin/notification-configs");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
};

describe("GET /v1/admin/notification-configs", () => {
  it("ensures a default row for each of the 12 active types, then returns them sorted by type", async () => {
    expect(await t.deps.database.db.select().from(notificationDefaults)).toEqual([]);
    const rows = await list();
    expect(rows.map((r) => r.type)).toEqual([...ACTIVE_NOTIFICATION_TYPES].sort());
    expect(await t.deps.database.db.select().from(notificationDefaults)).toHaveLength(12);
    const planUpdated = rows.find((r) => r.type === "PLAN_UPDATED");
    const { messages: _none, ...defaults } = codeDefaults("PLAN_UPDATED");
    expect(planUpdated).toMatchObject({ ...defaults, messages: null });
    expect(rows.find((r) => r.type === "FORM_REMINDERS").messages).toEqual(
      codeDefaults("FORM_REMINDERS").messages,
    );
  });

  it("existing rows are untouched", async () => {
    await t.deps.database.db
      .update(notificationDefaults)
      .set({ titleTemplate: "edited by hand" })
      .where(eq(notificationDefaults.type, "WORKOUT_MISSED"));
    const rows = await list();
    expect(rows.find((r) => r.type === "WORKOUT_MISSED").titleTemplate).toBe("edited by hand");
    expect(rows).toHaveLength(12);
  });

  it("existing rows are untouched even when their stored messages are unparsable; the answer applies the type defaults", async () => {
    const stamp = new Date("2025-01-01T00:00:00Z");
    await t.deps.database.db
      .update(notificationDefaults)
      .set({ messages: "garbage", updatedAt: stamp })
      .where(eq(notificationDefaults.type, "FORM_REMINDERS"));
    const rows = await list();
    expect(rows.find((r) => r.type === "FORM_REMINDERS").messages).toEqual(
      codeDefaults("FORM_REMINDERS").messages,
    );
    const [stored] = await t.deps.database.db
      .select()
      .from(notificationDefaults)
      .where(eq(notificationDefaults.type, "FORM_REMINDERS"));
    expect(stored).toMatchObject({ messages: "garbage", updatedAt: stamp });
    // The structured web shape's `defaults` (the platform row) applies the same rule.
    const setting = (
      await t.web("GET", "/v1/web/studio/notification-settings", newOwner())
    ).body.data.types.find((s: any) => s.type === "FORM_REMINDERS");
    expect(setting.defaults.messages).toEqual(codeDefaults("FORM_REMINDERS").messages);
    await t.deps.database.db
      .update(notificationDefaults)
      .set({ messages: codeDefaults("FORM_REMINDERS").messages })
      .where(eq(notificationDefaults.type, "FORM_REMINDERS"));
  });

  it("concurrent first calls are safe (one row per type, no conflict error)", async () => {
    await t.deps.database.db.delete(notificationDefaults);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => adminRequest(t, "GET", "/v1/admin/notification-configs")),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await t.deps.database.db.select().from(notificationDefaults)).toHaveLength(12);
  });

  it("service-signature lane only: an unsigned call answers 401", async () => {
    expect((await t.request("GET", "/v1/admin/notification-configs")).status).toBe(401);
    expect(
      (await t.request("PATCH", "/v1/admin/notification-configs/PLAN_UPDATED", { body: "{}" })).status,
    ).toBe(401);
  });
});

describe("PATCH /v1/admin/notification-configs/:type", () => {
  it("only the fields sent change; the response is the updated row", async () => {
    await list();
    const res = await adminRequest(t, "PATCH", "/v1/admin/notification-configs/TRAINING_PLAN_ASSIGNED", {
      sound: false,
      bodyTemplate: "",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ...codeDefaults("TRAINING_PLAN_ASSIGNED"),
      sound: false,
      bodyTemplate: "",
      type: "TRAINING_PLAN_ASSIGNED",
    });
    const again = await adminRequest(t, "PATCH", "/v1/admin/notification-configs/TRAINING_PLAN_ASSIGNED", {
      titleTemplate: "חדש",
      sendTime: "07:45",
      enabled: false,
    });
    expect(again.body.data).toMatchObject({
      sound: false,
      bodyTemplate: "",
      titleTemplate: "חדש",
      sendTime: "07:45",
      enabled: false,
    });
  });

  it("FORM_SENT: the first stored message takes titleTemplate and bodyTemplate; it has no time, so it gets none", async () => {
    const res = await adminRequest(t, "PATCH", "/v1/admin/notification-configs/FORM_SENT", {
      titleTemplate: "טופס!",
      bodyTemplate: "מלא/י",
      sendTime: "06:00",
    });
    expect(res.status).toBe(200);
    const [first, second] = res.body.data.messages;
    expect(first).toEqual({ ...codeDefaults("FORM_SENT").messages![0], title: "טופס!", subtitle: "מלא/י" });
    expect(second).toEqual(codeDefaults("FORM_SENT").messages![1]);
    expect(res.body.data.sendTime).toBe("06:00");
  });

  it("FORM_REMINDERS: the first reminder's time takes sendTime (it has a time)", async () => {
    const res = await adminRequest(t, "PATCH", "/v1/admin/notification-configs/FORM_REMINDERS", {
      sendTime: "18:30",
    });
    expect(res.body.data.messages[0]).toMatchObject({
      time: "18:30",
      title: codeDefaults("FORM_REMINDERS").titleTemplate,
      offsetDays: -1,
    });
    const [stored] = await t.deps.database.db
      .select()
      .from(notificationDefaults)
      .where(eq(notificationDefaults.type, "FORM_REMINDERS"));
    expect((stored!.messages as any[])[0].time).toBe("18:30");
  });

  it(":type is any of the 15 values: a retired type is accepted, never listed", async () => {
    const res = await adminRequest(t, "PATCH", "/v1/admin/notification-configs/CHECK_IN_DUE", {
      enabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: "CHECK_IN_DUE",
      enabled: false,
      titleTemplate: codeDefaults("CHECK_IN_DUE").titleTemplate,
    });
    expect((await list()).map((r) => r.type)).not.toContain("CHECK_IN_DUE");
  });

  it(":type is any of the 15 values: each one answers 200 with its row", async () => {
    for (const type of NOTIFICATION_TYPES) {
      const res = await adminRequest(t, "PATCH", `/v1/admin/notification-configs/${type}`, { sound: true });
      expect(res.status, type).toBe(200);
      expect(res.body.data).toMatchObject({ type, sound: true });
    }
    expect((await list()).map((r) => r.type)).toEqual([...ACTIVE_NOTIFICATION_TYPES].sort());
  });

  it("VALIDATION 422: unknown type, empty titleTemplate, malformed sendTime, non-boolean enabled", async () => {
    for (const [path, body] of [
      ["/v1/admin/notification-configs/NOPE", {}],
      ["/v1/admin/notification-configs/PLAN_UPDATED", { titleTemplate: "" }],
      ["/v1/admin/notification-configs/PLAN_UPDATED", { sendTime: "7:00" }],
      ["/v1/admin/notification-configs/PLAN_UPDATED", { sendTime: "24:00" }],
      ["/v1/admin/notification-configs/PLAN_UPDATED", { enabled: "yes" }],
    ] as const) {
      const res = await adminRequest(t, "PATCH", path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });
});

describe("platform defaults and studio overrides", () => {
  it("a studio without an override follows later default changes; after its first PATCH it no longer does", async () => {
    const follower = newOwner();
    const customizer = newOwner();
    await t.web("PATCH", "/v1/web/notification-configs/MEETING_REMINDER", customizer, { sound: false });
    await adminRequest(t, "PATCH", "/v1/admin/notification-configs/MEETING_REMINDER", {
      titleTemplate: "פגישה בקרוב",
    });
    const of = async (user: ReturnType<typeof newOwner>) =>
      ((await t.web("GET", "/v1/web/notification-configs", user)).body.data as any[]).find(
        (c) => c.type === "MEETING_REMINDER",
      );
    expect(await of(follower)).toMatchObject({ titleTemplate: "פגישה בקרוב", customized: false });
    expect(await of(customizer)).toMatchObject({
      titleTemplate: codeDefaults("MEETING_REMINDER").titleTemplate,
      sound: false,
      customized: true,
    });
  });

  it("the first studio PATCH copies every other field from the platform default", async () => {
    await adminRequest(t, "PATCH", "/v1/admin/notification-configs/SUBSCRIPTION_FROZEN", {
      bodyTemplate: "גוף מהפלטפורמה",
      sendTime: "10:10",
    });
    const res = await t.web("PATCH", "/v1/web/notification-configs/SUBSCRIPTION_FROZEN", newOwner(), {
      enabled: false,
    });
    expect(res.body.data).toMatchObject({
      bodyTemplate: "גוף מהפלטפורמה",
      sendTime: "10:10",
      enabled: false,
      customized: true,
    });
  });

  it("a retired type's studio override is built from the code defaults, not from a platform row an admin changed", async () => {
    await adminRequest(t, "PATCH", "/v1/admin/notification-configs/CHECK_IN_TOMORROW", {
      enabled: false,
      titleTemplate: "שונה בפלטפורמה",
      sendTime: "06:06",
    });
    const res = await t.web("PATCH", "/v1/web/notification-configs/CHECK_IN_TOMORROW", newOwner(), {
      sound: false,
    });
    expect(res.status).toBe(200);
    const { messages: _none, ...defaults } = codeDefaults("CHECK_IN_TOMORROW");
    expect(res.body.data).toEqual({ type: "CHECK_IN_TOMORROW", ...defaults, sound: false, customized: true });
  });

  it("structured settings answer `defaults` from the platform row", async () => {
    await adminRequest(t, "PATCH", "/v1/admin/notification-configs/WORKOUT_REMINDER", {
      titleTemplate: "אימון!",
    });
    const owner = newOwner();
    await t.web("PUT", "/v1/web/studio/notification-settings/WORKOUT_REMINDER", owner, {
      enabled: true,
      sound: true,
      messages: [{ title: "שלי" }],
    });
    const res = await t.web("GET", "/v1/web/studio/notification-settings", owner);
    const setting = res.body.data.types.find((s: any) => s.type === "WORKOUT_REMINDER");
    expect(setting).toMatchObject({
      titleTemplate: "שלי",
      customized: true,
      defaults: { titleTemplate: "אימון!" },
    });
  });
});
