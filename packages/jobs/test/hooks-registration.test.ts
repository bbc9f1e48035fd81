import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { webhooks } from "@studio/db";
import { AppError, deleteWebhook, listWebhooks, registerWebhook } from "@studio/domain";
import { apiKeyScope, seedStudio } from "./fixtures/webhook-world";
import { openBackend, type TestBackend } from "./harness";

/** The spec's 400 answer of the automation lane: BAD_REQUEST with the exact message. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("BAD_REQUEST");
  return (error as AppError).message;
}

describe("webhook registration (document 3) on postgres", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await openBackend("postgres");
  });
  afterAll(() => backend?.cleanup());

  it("registers a trimmed https target with FORM_FILLED by default and a 48-hex secret shown once", async () => {
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId);
    const hook = await registerWebhook(backend.database.db, scope, {
      targetUrl: "  https://hooks.example.com/form  ",
      formId: "  ",
    });
    expect(hook).toMatchObject({
      targetUrl: "https://hooks.example.com/form",
      event: "FORM_FILLED",
      formId: null,
      lastDeliveryAt: null,
      lastStatus: null,
    });
    expect(hook.secret).toMatch(/^[0-9a-f]{48}$/);
    const later = apiKeyScope(seed.studioId, seed.apiKeyId, undefined, new Date(scope.now.getTime() + 1000));
    const narrowed = await registerWebhook(backend.database.db, later, {
      targetUrl: "https://hooks.example.com/intake",
      event: "FORM_FILLED",
      formId: seed.form.id,
    });
    expect(narrowed.formId).toBe(seed.form.id);
    expect(narrowed.secret).not.toBe(hook.secret);

    const listed = await listWebhooks(backend.database.db, scope, {});
    expect(listed.map((h) => h.id)).toEqual([hook.id, narrowed.id]);
    for (const h of listed) expect(h).not.toHaveProperty("secret");
    expect(await listWebhooks(backend.database.db, scope, { event: "FORM_FILLED" })).toHaveLength(2);
    expect(await refusal(listWebhooks(backend.database.db, scope, { event: "FORM_SENT" }))).toBe(
      "unknown event",
    );
  });

  it.each([
    ["http scheme", "http://hooks.example.com/x"],
    ["localhost", "https://localhost/x"],
    ["a .local host", "https://printer.local/x"],
    ["an .internal host", "https://api.corp.internal/x"],
    ["loopback", "https://127.0.0.1/x"],
    ["a private range", "https://10.1.2.3/x"],
    ["link-local", "https://169.254.169.254/latest"],
    ["IPv6 unique-local", "https://[fd00::1]/x"],
    ["not a URL", "hooks.example.com"],
    ["blank", "   "],
    ["too long", `https://hooks.example.com/${"a".repeat(2048)}`],
  ])("refuses %s", async (_name, targetUrl) => {
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId);
    expect(await refusal(registerWebhook(backend.database.db, scope, { targetUrl }))).toBe(
      "targetUrl must be an https URL on a public host",
    );
  });

  it("accepts loopback over http only with the loopback allowance (WEBHOOK_ALLOW_LOOPBACK=1)", async () => {
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId);
    const targetUrl = "http://127.0.0.1:9/hook";
    expect(await refusal(registerWebhook(backend.database.db, scope, { targetUrl }))).toBe(
      "targetUrl must be an https URL on a public host",
    );
    const hook = await registerWebhook(backend.database.db, scope, { targetUrl, allowLoopback: true });
    expect(hook.targetUrl).toBe(targetUrl);
    // The allowance is about loopback only: a private address stays refused.
    expect(
      await refusal(
        registerWebhook(backend.database.db, scope, { targetUrl: "http://10.0.0.1/x", allowLoopback: true }),
      ),
    ).toBe("targetUrl must be an https URL on a public host");
  });

  it("refuses an unknown event and a form that is not the studio's", async () => {
    const seed = await seedStudio(backend.database);
    const other = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId);
    const targetUrl = "https://hooks.example.com/x";
    expect(
      await refusal(registerWebhook(backend.database.db, scope, { targetUrl, event: "FORM_SENT" })),
    ).toBe("unknown event");
    expect(
      await refusal(registerWebhook(backend.database.db, scope, { targetUrl, formId: other.form.id })),
    ).toBe("form not found");
    expect(
      await refusal(registerWebhook(backend.database.db, scope, { targetUrl, formId: "no-such-form" })),
    ).toBe("form not found");
  });

  it("holds at most 50 hooks per API key, also under concurrent registrations", async () => {
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId);
    const results = await Promise.allSettled(
      Array.from({ length: 55 }, (_, i) =>
        registerWebhook(backend.database.db, scope, { targetUrl: `https://hooks.example.com/${i}` }),
      ),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(50);
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect(((r as PromiseRejectedResult).reason as Error).message).toBe("the key already has 50 webhooks");
    const stored = await backend.database.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.apiKeyId, seed.apiKeyId));
    expect(stored).toHaveLength(50);
    // The limit is per key: another key of the same studio still registers.
    const second = apiKeyScope(seed.studioId, await seed.newKey());
    await expect(
      registerWebhook(backend.database.db, second, { targetUrl: "https://hooks.example.com/b" }),
    ).resolves.toMatchObject({ event: "FORM_FILLED" });
  });

  it("lists and deletes only the hooks of the calling key", async () => {
    const seed = await seedStudio(backend.database);
    const other = await seedStudio(backend.database);
    const mine = apiKeyScope(seed.studioId, seed.apiKeyId);
    const sibling = apiKeyScope(seed.studioId, await seed.newKey());
    const stranger = apiKeyScope(other.studioId, other.apiKeyId);
    const hook = await registerWebhook(backend.database.db, mine, {
      targetUrl: "https://hooks.example.com/x",
    });

    expect(await listWebhooks(backend.database.db, sibling, {})).toEqual([]);
    expect(await listWebhooks(backend.database.db, stranger, {})).toEqual([]);
    expect(await refusal(deleteWebhook(backend.database.db, sibling, { id: hook.id }))).toBe(
      "webhook not found",
    );
    expect(await refusal(deleteWebhook(backend.database.db, stranger, { id: hook.id }))).toBe(
      "webhook not found",
    );
    expect(await refusal(deleteWebhook(backend.database.db, mine, { id: "missing" }))).toBe(
      "webhook not found",
    );
    expect(await deleteWebhook(backend.database.db, mine, { id: hook.id })).toEqual({
      id: hook.id,
      deleted: true,
    });
    expect(await listWebhooks(backend.database.db, mine, {})).toEqual([]);
    expect(await refusal(deleteWebhook(backend.database.db, mine, { id: hook.id }))).toBe(
      "webhook not found",
    );
  });
});
