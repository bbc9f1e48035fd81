import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditEntries, webhooks } from "@studio/db";
import { registerWebhook, type ApiKeyScope } from "@studio/domain";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { automationKey } from "./support/automation-fixtures";
import { studioIdOf } from "./support/team-fixtures";

// The automation lane's webhook registration (document 3 "Webhook registration", "Response
// envelope"; audit actions automation.hook.register and automation.hook.remove) over the real
// app with studio API keys.
let t: TestApp;
let loopback: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
  loopback = await startTestApp({ database: "postgres", env: { WEBHOOK_ALLOW_LOOPBACK: "1" } });
});
afterAll(async () => {
  await t?.close();
  await loopback?.close();
});

const db = () => t.deps.database.db;
const TARGET = "https://hooks.example.com/catch/1";
const TARGET_MESSAGE = "targetUrl must be an https URL on a public host";

const keyOf = automationKey;

async function studio(app: TestApp = t) {
  const owner = newOwner();
  const studioId = await studioIdOf(app, owner);
  const key = await keyOf(app, owner);
  const form = async () => {
    const res = await app.web("POST", "/v1/web/forms", owner, { name: "שאלון", type: "INTAKE" });
    expect(res.status).toBe(201);
    return res.body.data as { id: string };
  };
  return { owner, studioId, key, call: key.call, form, secondKey: () => keyOf(app, owner, "Make") };
}

const auditOf = (studioId: string) =>
  db().select().from(auditEntries).where(eq(auditEntries.studioId, studioId));

describe("POST /v1/automation/hooks", () => {
  it("answers 200 with the hook and its secret (48 hex), message Webhook registered, and one audit entry", async () => {
    const s = await studio();
    const res = await s.call("POST", "/hooks", { targetUrl: `  ${TARGET}  ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Webhook registered",
      data: {
        id: expect.any(String),
        targetUrl: TARGET,
        event: "FORM_FILLED",
        formId: null,
        lastDeliveryAt: null,
        lastStatus: null,
        createdAt: expect.any(String),
        secret: expect.stringMatching(/^[0-9a-f]{48}$/),
      },
    });
    const [row] = await db().select().from(webhooks).where(eq(webhooks.id, res.body.data.id));
    expect(row).toMatchObject({ apiKeyId: s.key.id, studioId: s.studioId, secret: res.body.data.secret });
    const audit = await auditOf(s.studioId);
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: "api_key",
        actorId: s.key.id,
        action: "automation.hook.register",
        entityType: "webhook",
        entityId: res.body.data.id,
      }),
    ]);
    expect(JSON.stringify(audit[0]!.data)).not.toContain(res.body.data.secret);
  });

  it("blank event means FORM_FILLED, blank formId (or null) means every form; a form id narrows to that form", async () => {
    const s = await studio();
    const blank = await s.call("POST", "/hooks", { targetUrl: TARGET, event: " ", formId: "" });
    expect(blank.status).toBe(200);
    expect(blank.body.data).toMatchObject({ event: "FORM_FILLED", formId: null });
    const nul = await s.call("POST", "/hooks", { targetUrl: TARGET, event: "FORM_FILLED", formId: null });
    expect(nul.body.data).toMatchObject({ event: "FORM_FILLED", formId: null });
    const form = await s.form();
    const narrowed = await s.call("POST", "/hooks", { targetUrl: TARGET, formId: form.id });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data.formId).toBe(form.id);
  });

  it("an unknown form id or another studio's form answers 400 form not found; nothing is stored or audited", async () => {
    const s = await studio();
    const other = await studio();
    const theirs = await other.form();
    for (const formId of ["no-such-form", theirs.id]) {
      const res = await s.call("POST", "/hooks", { targetUrl: TARGET, formId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: "form not found" });
    }
    expect(await db().select().from(webhooks).where(eq(webhooks.studioId, s.studioId))).toEqual([]);
    expect(await auditOf(s.studioId)).toEqual([]);
  });

  it("targetUrl must be https on a public host: http, loopback, private, link-local, .local, .internal, blank, too long are 400", async () => {
    const s = await studio();
    for (const targetUrl of [
      "http://hooks.example.com/x",
      "https://localhost/x",
      "https://127.0.0.1/x",
      "https://10.1.2.3/x",
      "https://192.168.0.5/x",
      "https://169.254.169.254/latest",
      "https://printer.local/x",
      "https://api.corp.internal/x",
      "https://[::1]/x",
      "not a url",
      "   ",
      `https://hooks.example.com/${"a".repeat(2048)}`,
    ]) {
      const res = await s.call("POST", "/hooks", { targetUrl });
      expect(res.status, targetUrl).toBe(400);
      expect(res.body.success).toBe(false);
      if (targetUrl.length <= 2048) expect(res.body.message, targetUrl).toBe(TARGET_MESSAGE);
    }
    expect(await auditOf(s.studioId)).toEqual([]);
  });

  it("a missing targetUrl or an unknown event is 400", async () => {
    const s = await studio();
    expect((await s.call("POST", "/hooks", {})).status).toBe(400);
    const unknown = await s.call("POST", "/hooks", { targetUrl: TARGET, event: "FORM_SENT" });
    expect(unknown.status).toBe(400);
    // The event is an enum of the schema (issue 26 item 11): the answer names the field.
    expect(unknown.body.message).toBe("event: unknown event");
  });

  it("WEBHOOK_ALLOW_LOOPBACK=1 (outside production) accepts loopback addresses, also over http; the name localhost and private ranges stay refused", async () => {
    expect(loopback.config.webhookAllowLoopback).toBe(true);
    expect(t.config.webhookAllowLoopback).toBe(false);
    const s = await studio(loopback);
    for (const targetUrl of ["http://127.0.0.1:8080/hook", "https://[::1]:8443/hook"]) {
      const res = await s.call("POST", "/hooks", { targetUrl });
      expect(res.status, targetUrl).toBe(200);
      expect(res.body.data.targetUrl).toBe(targetUrl);
    }
    // Still refused: the name localhost, private ranges, http to a public host.
    for (const targetUrl of [
      "http://localhost:8080/hook",
      "https://10.0.0.1/hook",
      "http://hooks.example.com/x",
    ]) {
      const res = await s.call("POST", "/hooks", { targetUrl });
      expect(res.status, targetUrl).toBe(400);
      expect(res.body.message).toBe(TARGET_MESSAGE);
    }
    // A client cannot ask for the allowance: the field is not part of the input.
    const plain = await studio();
    const asked = await plain.call("POST", "/hooks", {
      targetUrl: "http://127.0.0.1:8080/hook",
      allowLoopback: true,
    });
    expect(asked.status).toBe(400);
    expect(asked.body.message).toBe(TARGET_MESSAGE);
  });

  it("at most 50 hooks per API key: the 51st is 400; another key of the same studio still registers", async () => {
    const s = await studio();
    const scope: ApiKeyScope = {
      ...t.scopeFor(s.studioId),
      actor: { kind: "apiKey", apiKeyId: s.key.id, studioName: "x" },
    };
    for (let i = 0; i < 49; i++) await registerWebhook(db(), scope, { targetUrl: `${TARGET}/${i}` });
    const fiftieth = await s.call("POST", "/hooks", { targetUrl: TARGET });
    expect(fiftieth.status).toBe(200);
    const over = await s.call("POST", "/hooks", { targetUrl: TARGET });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ success: false, message: "the key already has 50 webhooks" });
    const second = await s.secondKey();
    expect((await second.call("POST", "/hooks", { targetUrl: TARGET })).status).toBe(200);
  });

  it("the audit entry is written in the registration's transaction: a failing audit insert leaves no hook", async () => {
    const s = await studio();
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION hook_audit_refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER hook_audit_refuse BEFORE INSERT ON audit_entries FOR EACH ROW
        WHEN (NEW.studio_id = '${s.studioId}') EXECUTE FUNCTION hook_audit_refuse()`),
    );
    try {
      const res = await s.call("POST", "/hooks", { targetUrl: TARGET });
      expect(res.body.success).toBe(false);
      expect(await db().select().from(webhooks).where(eq(webhooks.studioId, s.studioId))).toEqual([]);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER hook_audit_refuse ON audit_entries"));
    }
  });
});

describe("GET /v1/automation/hooks", () => {
  it("lists the calling key's hooks oldest first, without secrets, message Webhooks; other keys' and studios' hooks are absent", async () => {
    const s = await studio();
    const a = await s.call("POST", "/hooks", { targetUrl: `${TARGET}/a` });
    const b = await s.call("POST", "/hooks", { targetUrl: `${TARGET}/b` });
    const second = await s.secondKey();
    await second.call("POST", "/hooks", { targetUrl: `${TARGET}/second` });
    await (await studio()).call("POST", "/hooks", { targetUrl: `${TARGET}/other` });
    const res = await s.call("GET", "/hooks");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Webhooks" });
    const { secret: _a, ...hookA } = a.body.data;
    const { secret: _b, ...hookB } = b.body.data;
    expect(res.body.data).toEqual({ hooks: [hookA, hookB] });
    expect(JSON.stringify(res.body)).not.toContain(a.body.data.secret);
    expect(res.body.data.hooks[0]).not.toHaveProperty("secret");
    const theirs = await second.call("GET", "/hooks");
    expect(theirs.body.data.hooks.map((h: { targetUrl: string }) => h.targetUrl)).toEqual([
      `${TARGET}/second`,
    ]);
  });

  it("event filter: FORM_FILLED or blank lists them, an unknown event is 400 unknown event", async () => {
    const s = await studio();
    await s.call("POST", "/hooks", { targetUrl: TARGET });
    expect((await s.call("GET", "/hooks?event=FORM_FILLED")).body.data.hooks).toHaveLength(1);
    expect((await s.call("GET", "/hooks?event=")).body.data.hooks).toHaveLength(1);
    const unknown = await s.call("GET", "/hooks?event=NOPE");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, message: "event: unknown event" });
  });
});

describe("DELETE /v1/automation/hooks/{id}", () => {
  it("removes a hook of the calling key: message Webhook removed, one audit entry, gone from the list", async () => {
    const s = await studio();
    const hook = (await s.call("POST", "/hooks", { targetUrl: TARGET })).body.data;
    const res = await s.call("DELETE", `/hooks/${hook.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Webhook removed",
      data: { id: hook.id, deleted: true },
    });
    expect((await s.call("GET", "/hooks")).body.data.hooks).toEqual([]);
    const actions = (await auditOf(s.studioId)).map((e) => [e.action, e.entityId, e.actorId]);
    expect(actions.sort()).toEqual(
      [
        ["automation.hook.register", hook.id, s.key.id],
        ["automation.hook.remove", hook.id, s.key.id],
      ].sort(),
    );
    const again = await s.call("DELETE", `/hooks/${hook.id}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("webhook not found");
  });

  it("another key's hook (same studio), another studio's hook and an unknown id are 400 webhook not found; nothing removed or audited", async () => {
    const s = await studio();
    const other = await studio();
    const second = await s.secondKey();
    const mine = (await s.call("POST", "/hooks", { targetUrl: TARGET })).body.data;
    const theirs = (await other.call("POST", "/hooks", { targetUrl: TARGET })).body.data;
    for (const [caller, id] of [
      [second, mine.id],
      [s, theirs.id],
      [s, "no-such-hook"],
    ] as const) {
      const res = await caller.call("DELETE", `/hooks/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: "webhook not found" });
    }
    expect(await db().select().from(webhooks).where(eq(webhooks.id, mine.id))).toHaveLength(1);
    expect(await db().select().from(webhooks).where(eq(webhooks.id, theirs.id))).toHaveLength(1);
    const removals = [...(await auditOf(s.studioId)), ...(await auditOf(other.studioId))].filter(
      (e) => e.action === "automation.hook.remove",
    );
    expect(removals).toEqual([]);
  });

  it("the removal's audit entry is in its transaction: a failing audit insert keeps the hook", async () => {
    const s = await studio();
    const hook = (await s.call("POST", "/hooks", { targetUrl: TARGET })).body.data;
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION hook_remove_refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER hook_remove_refuse BEFORE INSERT ON audit_entries FOR EACH ROW
        WHEN (NEW.studio_id = '${s.studioId}' AND NEW.action = 'automation.hook.remove')
        EXECUTE FUNCTION hook_remove_refuse()`),
    );
    try {
      expect((await s.call("DELETE", `/hooks/${hook.id}`)).body.success).toBe(false);
      expect(await db().select().from(webhooks).where(eq(webhooks.id, hook.id))).toHaveLength(1);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER hook_remove_refuse ON audit_entries"));
    }
  });
});

describe("without an API key", () => {
  it("every hook route answers 401", async () => {
    for (const [method, path] of [
      ["POST", "/v1/automation/hooks"],
      ["GET", "/v1/automation/hooks"],
      ["DELETE", "/v1/automation/hooks/x"],
    ] as const) {
      const res = await t.request(method, path, {
        headers: { "content-type": "application/json" },
        body: method === "POST" ? JSON.stringify({ targetUrl: TARGET }) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
