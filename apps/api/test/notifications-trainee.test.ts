import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createPreviewToken } from "@studio/auth";
import { ACTIVE_NOTIFICATION_TYPES } from "@studio/contracts";
import { clients, notificationOverrides, pushTokens } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee, studioWithTrainee, traineeRequest } from "./support/notification-fixtures";

let t: TestApp;
const clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());

const muted = async (clientId: string) =>
  (await t.deps.database.db.select().from(clients).where(eq(clients.id, clientId)))[0]!
    .mutedNotificationGroups;
const disable = (owner: WebUserContext, type: string) =>
  t.web("PATCH", `/v1/web/notification-configs/${type}`, owner, { enabled: false });
const enableOnly = async (owner: WebUserContext, ...types: string[]) => {
  for (const type of ACTIVE_NOTIFICATION_TYPES) if (!types.includes(type)) await disable(owner, type);
};
const groups = async (token: string) => {
  const res = await traineeRequest(t, token, "GET", "/v1/trainee/notification-preferences");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { group: string; enabled: boolean; locked: boolean }[];
};

describe("GET /v1/trainee/notification-configs", () => {
  it("the effective config per active type: enabled is the studio switch and not muted; no messages, no customized", async () => {
    const owner = newOwner();
    const { token } = await studioWithTrainee(t, owner, { mutedNotificationGroups: ["PLANS"] });
    await disable(owner, "WORKOUT_MISSED");
    await t.web("PATCH", "/v1/web/notification-configs/TRAINER_MESSAGE", owner, { titleTemplate: "הודעה" });
    const res = await traineeRequest(t, token, "GET", "/v1/trainee/notification-configs");
    expect(res.status).toBe(200);
    const byType = Object.fromEntries((res.body.data as any[]).map((c) => [c.type, c]));
    expect(Object.keys(byType)).toEqual([...ACTIVE_NOTIFICATION_TYPES]);
    expect(byType.WORKOUT_MISSED.enabled).toBe(false); // studio switch
    expect(byType.PLAN_UPDATED.enabled).toBe(false); // muted PLANS
    expect(byType.TRAINING_PLAN_ASSIGNED.enabled).toBe(false);
    expect(byType.WORKOUT_REMINDER.enabled).toBe(true);
    expect(byType.TRAINER_MESSAGE).toMatchObject({ enabled: true, titleTemplate: "הודעה" });
    for (const c of res.body.data) {
      expect(c).not.toHaveProperty("messages");
      expect(c).not.toHaveProperty("customized");
    }
  });

  it("the mute check uses no form type: FORM_SENT and FORM_REMINDERS follow FORMS here (muting CHECK_INS does not disable them)", async () => {
    const owner = newOwner();
    const checkIns = await studioWithTrainee(t, owner, { mutedNotificationGroups: ["CHECK_INS"] });
    const studioId = checkIns.studioId;
    const formsMuted = await addTrainee(t, studioId, { mutedNotificationGroups: ["FORMS"] });
    const enabledOf = async (token: string) =>
      Object.fromEntries(
        ((await traineeRequest(t, token, "GET", "/v1/trainee/notification-configs")).body.data as any[]).map(
          (c) => [c.type, c.enabled],
        ),
      );
    expect(await enabledOf(checkIns.token)).toMatchObject({ FORM_SENT: true, FORM_REMINDERS: true });
    expect(await enabledOf(t.traineeToken(formsMuted.id, studioId))).toMatchObject({
      FORM_SENT: false,
      FORM_REMINDERS: false,
    });
  });

  it("a muted COACH_MESSAGES (locked) is ignored", async () => {
    const { token } = await studioWithTrainee(t, newOwner(), { mutedNotificationGroups: ["COACH_MESSAGES"] });
    const configs = (await traineeRequest(t, token, "GET", "/v1/trainee/notification-configs")).body
      .data as any[];
    expect(configs.find((c) => c.type === "TRAINER_MESSAGE").enabled).toBe(true);
  });

  it("NOT_FOUND trainee not found for a trainee outside the token's studio, or deleted", async () => {
    const { clientId } = await studioWithTrainee(t, newOwner());
    const other = (await t.web("GET", "/v1/web/studio", newOwner())).body.data.id;
    for (const path of ["/v1/trainee/notification-configs", "/v1/trainee/notification-preferences"]) {
      const res = await traineeRequest(t, t.traineeToken(clientId, other), "GET", path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("trainee not found");
    }
    const deleted = await studioWithTrainee(t, newOwner(), { deletedAt: new Date() });
    expect((await traineeRequest(t, deleted.token, "GET", "/v1/trainee/notification-configs")).status).toBe(
      404,
    );
    const patched = await traineeRequest(t, deleted.token, "PATCH", "/v1/trainee/notification-preferences", {
      group: "PLANS",
      enabled: false,
    });
    expect(patched.status).toBe(404);
    expect(patched.body).toMatchObject({ code: "NOT_FOUND", message: "trainee not found" });
    const foreignPatch = await traineeRequest(
      t,
      t.traineeToken(clientId, other),
      "PATCH",
      "/v1/trainee/notification-preferences",
      { group: "PLANS", enabled: false },
    );
    expect(foreignPatch.body).toMatchObject({ code: "NOT_FOUND", message: "trainee not found" });
    expect(await muted(clientId)).toEqual([]);
  });

  it("UNAUTHORIZED without a trainee token, or with a forged one, on every trainee notification route", async () => {
    const { token } = await studioWithTrainee(t, newOwner());
    const forged = `${token.split(".")[0]}.AAAA`;
    for (const [method, path, body] of [
      ["GET", "/v1/trainee/notification-configs"],
      ["GET", "/v1/trainee/notification-preferences"],
      ["PATCH", "/v1/trainee/notification-preferences", { group: "PLANS", enabled: false }],
      ["POST", "/v1/trainee/push-tokens", { token: "x", platform: "ios" }],
      ["DELETE", "/v1/trainee/push-tokens/x"],
    ] as const) {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = text ? { "content-type": "application/json" } : {};
      const missing = await t.request(method, path, { headers, body: text });
      expect(missing.status, `${method} ${path}`).toBe(401);
      expect(missing.body.code).toBe("UNAUTHORIZED");
      expect((await traineeRequest(t, forged, method, path, body)).status, `${method} ${path} forged`).toBe(
        401,
      );
    }
  });
});

describe("GET /v1/trainee/notification-preferences", () => {
  it("lists the fed groups in enum order; the locked group is reported enabled even when muted", async () => {
    const { token } = await studioWithTrainee(t, newOwner(), {
      mutedNotificationGroups: ["FORMS", "COACH_MESSAGES"],
    });
    expect(await groups(token)).toEqual([
      { group: "CHECK_INS", enabled: true, locked: false },
      { group: "FORMS", enabled: false, locked: false },
      { group: "PLANS", enabled: true, locked: false },
      { group: "WORKOUT_REMINDERS", enabled: true, locked: false },
      { group: "COACH_MESSAGES", enabled: true, locked: true },
      { group: "SUBSCRIPTION", enabled: true, locked: false },
    ]);
  });

  it("a group is listed only when an enabled type of the studio feeds it", async () => {
    const owner = newOwner();
    const { token } = await studioWithTrainee(t, owner);
    await enableOnly(owner, "PLAN_UPDATED", "MEETING_REMINDER");
    expect((await groups(token)).map((g) => g.group)).toEqual(["PLANS", "COACH_MESSAGES"]);
  });

  it("multi-message types add a group per enabled message: ALL gives FORMS and CHECK_INS, CHECK_IN gives CHECK_INS, INTAKE gives FORMS", async () => {
    const owner = newOwner();
    const { token, studioId } = await studioWithTrainee(t, owner);
    await enableOnly(owner, "FORM_SENT");
    const putFormSent = (messages: unknown[]) =>
      t.web("PUT", "/v1/web/studio/notification-settings/FORM_SENT", owner, {
        enabled: true,
        sound: true,
        messages,
      });
    // Defaults: one CHECK_IN message and one ALL message.
    expect((await groups(token)).map((g) => g.group)).toEqual(["CHECK_INS", "FORMS"]);
    await putFormSent([{ id: "c", title: "x", formType: "CHECK_IN" }]);
    expect((await groups(token)).map((g) => g.group)).toEqual(["CHECK_INS"]);
    await putFormSent([
      { id: "i", title: "x", formType: "INTAKE" },
      { id: "a", title: "y", enabled: false },
    ]);
    expect((await groups(token)).map((g) => g.group)).toEqual(["FORMS"]);
    await putFormSent([{ id: "a", title: "y" }]);
    expect((await groups(token)).map((g) => g.group)).toEqual(["CHECK_INS", "FORMS"]);

    // The default FORM_REMINDERS (one CHECK_IN reminder) feeds CHECK_INS only.
    await disable(owner, "FORM_SENT");
    await t.web("PATCH", "/v1/web/notification-configs/FORM_REMINDERS", owner, { enabled: true });
    expect((await groups(token)).map((g) => g.group)).toEqual(["CHECK_INS"]);
    // A stored message without a formType ("none") adds FORMS and CHECK_INS; it is not unparsable (which would give the defaults: CHECK_INS only).
    await t.deps.database.db
      .update(notificationOverrides)
      .set({
        messages: [
          {
            id: "none",
            enabled: true,
            title: "x",
            subtitle: "",
            offsetDays: 0,
            time: "10:00",
            onlyIfNotFilled: true,
            opens: "form",
          },
        ],
      })
      .where(
        and(eq(notificationOverrides.studioId, studioId), eq(notificationOverrides.type, "FORM_REMINDERS")),
      );
    expect((await groups(token)).map((g) => g.group)).toEqual(["CHECK_INS", "FORMS"]);
  });
});

describe("PATCH /v1/trainee/notification-preferences", () => {
  it("enabled false adds the group to the muted list, true removes it; the answer is the GET shape after the change", async () => {
    const { clientId, token } = await studioWithTrainee(t, newOwner());
    const res = await traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", {
      group: "PLANS",
      enabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(await groups(token));
    expect(res.body.data.find((g: any) => g.group === "PLANS").enabled).toBe(false);
    expect(await muted(clientId)).toEqual(["PLANS"]);
    // Muting twice keeps one entry.
    await traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", {
      group: "PLANS",
      enabled: false,
    });
    expect(await muted(clientId)).toEqual(["PLANS"]);
    await traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", {
      group: "PLANS",
      enabled: true,
    });
    expect(await muted(clientId)).toEqual([]);
  });

  it("COACH_MESSAGES is locked: muting it changes nothing effect-wise, it stays reported enabled", async () => {
    const { token } = await studioWithTrainee(t, newOwner());
    const res = await traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", {
      group: "COACH_MESSAGES",
      enabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.find((g: any) => g.group === "COACH_MESSAGES")).toEqual({
      group: "COACH_MESSAGES",
      enabled: true,
      locked: true,
    });
    const configs = (await traineeRequest(t, token, "GET", "/v1/trainee/notification-configs")).body
      .data as any[];
    expect(configs.find((c) => c.type === "MEETING_REMINDER").enabled).toBe(true);
  });

  it("a group can be muted even when it is not listed", async () => {
    const owner = newOwner();
    const { clientId, token } = await studioWithTrainee(t, owner);
    await disable(owner, "SUBSCRIPTION_EXPIRING");
    await disable(owner, "SUBSCRIPTION_ENDED");
    await disable(owner, "SUBSCRIPTION_FROZEN");
    const res = await traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", {
      group: "SUBSCRIPTION",
      enabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: any) => g.group)).not.toContain("SUBSCRIPTION");
    expect(await muted(clientId)).toEqual(["SUBSCRIPTION"]);
    // Once the studio turns a subscription push back on, the group shows up muted.
    await t.web("PATCH", "/v1/web/notification-configs/SUBSCRIPTION_ENDED", owner, { enabled: true });
    expect((await groups(token)).find((g) => g.group === "SUBSCRIPTION")).toEqual({
      group: "SUBSCRIPTION",
      enabled: false,
      locked: false,
    });
  });

  it("concurrent changes of different groups both stick", async () => {
    const { clientId, token } = await studioWithTrainee(t, newOwner());
    await Promise.all(
      ["PLANS", "FORMS", "SUBSCRIPTION", "WORKOUT_REMINDERS"].map((group) =>
        traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", { group, enabled: false }),
      ),
    );
    expect([...(await muted(clientId))].sort()).toEqual([
      "FORMS",
      "PLANS",
      "SUBSCRIPTION",
      "WORKOUT_REMINDERS",
    ]);
  });

  it("VALIDATION for an unknown group or a missing enabled", async () => {
    const { token } = await studioWithTrainee(t, newOwner());
    for (const body of [{ group: "NEWS", enabled: false }, { group: "PLANS" }, { enabled: true }]) {
      const res = await traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });

  it("refused for preview sessions: 403 FORBIDDEN with details.reason PREVIEW_READ_ONLY (GET still works)", async () => {
    const { clientId, studioId } = await studioWithTrainee(t, newOwner());
    const { token } = createPreviewToken({ clientId, studioId }, t.config.sessionSigningSecret, clock);
    expect((await traineeRequest(t, token, "GET", "/v1/trainee/notification-preferences")).status).toBe(200);
    const res = await traineeRequest(t, token, "PATCH", "/v1/trainee/notification-preferences", {
      group: "PLANS",
      enabled: false,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "FORBIDDEN", details: { reason: "PREVIEW_READ_ONLY" } });
    expect(await muted(clientId)).toEqual([]);
  });
});

describe("push tokens", () => {
  const tokensOf = async (clientId: string) =>
    (await t.deps.database.db.select().from(pushTokens).where(eq(pushTokens.clientId, clientId))).map(
      (r) => r.token,
    );

  it("POST registers {token, platform} for the trainee (201); registering it again is idempotent", async () => {
    const { clientId, token } = await studioWithTrainee(t, newOwner());
    const res = await traineeRequest(t, token, "POST", "/v1/trainee/push-tokens", {
      token: "ExponentPushToken[aaa]",
      platform: "ios",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ token: "ExponentPushToken[aaa]", platform: "ios" });
    const again = await traineeRequest(t, token, "POST", "/v1/trainee/push-tokens", {
      token: "ExponentPushToken[aaa]",
      platform: "android",
    });
    expect(again.status).toBe(201);
    expect(again.body.data.platform).toBe("android");
    expect(await tokensOf(clientId)).toEqual(["ExponentPushToken[aaa]"]);
  });

  it("a token registered by another trainee (same device, new account) moves to the caller", async () => {
    const a = await studioWithTrainee(t, newOwner());
    const b = await studioWithTrainee(t, newOwner());
    await traineeRequest(t, a.token, "POST", "/v1/trainee/push-tokens", {
      token: "ExponentPushToken[shared]",
      platform: "ios",
    });
    await traineeRequest(t, b.token, "POST", "/v1/trainee/push-tokens", {
      token: "ExponentPushToken[shared]",
      platform: "ios",
    });
    expect(await tokensOf(a.clientId)).toEqual([]);
    expect(await tokensOf(b.clientId)).toEqual(["ExponentPushToken[shared]"]);
  });

  it("DELETE removes the caller's own token; another trainee's token answers 404 like a missing one and stays", async () => {
    const a = await studioWithTrainee(t, newOwner());
    const b = await studioWithTrainee(t, newOwner());
    await traineeRequest(t, a.token, "POST", "/v1/trainee/push-tokens", {
      token: "tok-a",
      platform: "android",
    });
    await traineeRequest(t, b.token, "POST", "/v1/trainee/push-tokens", { token: "tok/b", platform: "ios" });
    const foreign = await traineeRequest(
      t,
      a.token,
      "DELETE",
      `/v1/trainee/push-tokens/${encodeURIComponent("tok/b")}`,
    );
    const missing = await traineeRequest(t, a.token, "DELETE", "/v1/trainee/push-tokens/nope");
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
    expect(await tokensOf(b.clientId)).toEqual(["tok/b"]);
    const own = await traineeRequest(
      t,
      b.token,
      "DELETE",
      `/v1/trainee/push-tokens/${encodeURIComponent("tok/b")}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ token: "tok/b", deleted: true });
    expect(await tokensOf(b.clientId)).toEqual([]);
  });

  it("VALIDATION for a missing token or a platform other than ios|android; NOT_FOUND trainee not found; preview refused", async () => {
    const { clientId, studioId, token } = await studioWithTrainee(t, newOwner());
    for (const body of [
      { platform: "ios" },
      { token: "", platform: "ios" },
      { token: "x", platform: "web" },
    ]) {
      expect((await traineeRequest(t, token, "POST", "/v1/trainee/push-tokens", body)).status).toBe(422);
    }
    const other = (await t.web("GET", "/v1/web/studio", newOwner())).body.data.id;
    const notFound = await traineeRequest(
      t,
      t.traineeToken(clientId, other),
      "POST",
      "/v1/trainee/push-tokens",
      { token: "x", platform: "ios" },
    );
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe("trainee not found");
    const preview = createPreviewToken({ clientId, studioId }, t.config.sessionSigningSecret, clock).token;
    const refused = await traineeRequest(t, preview, "POST", "/v1/trainee/push-tokens", {
      token: "x",
      platform: "ios",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.details.reason).toBe("PREVIEW_READ_ONLY");
  });

  it("push token routes need only authenticateTrainee: a trainee whose plan ended (app locked) still registers", async () => {
    const { token } = await studioWithTrainee(t, newOwner(), { accessEndsAt: new Date(clock - 86_400_000) });
    expect(
      (
        await traineeRequest(t, token, "POST", "/v1/trainee/push-tokens", {
          token: "locked-device",
          platform: "ios",
        })
      ).status,
    ).toBe(201);
    expect((await traineeRequest(t, token, "GET", "/v1/trainee/notification-preferences")).status).toBe(200);
  });
});
