import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { leadStatuses } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

type StatusBody = {
  id: string;
  studioId: string;
  key: string | null;
  label: string;
  color: string;
  locked: boolean;
  order: number;
};

async function createStatus(user: WebUserContext, body: Record<string, unknown> = {}): Promise<StatusBody> {
  const res = await t.web("POST", "/v1/web/crm/statuses", user, {
    label: "Follow-up",
    color: "#aabbcc",
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function boardStatuses(user: WebUserContext): Promise<StatusBody[]> {
  return (await t.web("GET", "/v1/web/crm/board", user)).body.data.statuses;
}

/** Another studio's status id answers exactly like a missing one. */
async function expectLikeMissing(method: string, foreignId: string, body?: unknown) {
  const other = newOwner();
  const foreign = await t.web(method, `/v1/web/crm/statuses/${foreignId}`, other, body);
  const missing = await t.web(method, "/v1/web/crm/statuses/does-not-exist", other, body);
  expect(foreign.status).toBe(404);
  expect(foreign.body).toMatchObject({ code: "NOT_FOUND", message: "status not found" });
  expect({ ...foreign.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
}

describe("LeadStatus: lazy seeding", () => {
  const statusRowsOf = async (user: WebUserContext) => {
    const studioId = (await t.web("GET", "/v1/web/studio", user)).body.data.id as string;
    return t.deps.database.db.select().from(leadStatuses).where(eq(leadStatuses.studioId, studioId));
  };

  it("only the board, lead create, status create and convert seed the statuses; no other CRM route does", async () => {
    const user = newOwner();
    expect(await statusRowsOf(user)).toEqual([]);
    const others: [string, string, unknown?][] = [
      ["GET", "/v1/web/crm/leads/missing"],
      ["PATCH", "/v1/web/crm/leads/missing", { name: "x" }],
      ["DELETE", "/v1/web/crm/leads/missing"],
      ["POST", "/v1/web/crm/leads/missing/duplicate"],
      ["PUT", "/v1/web/crm/leads/missing/status", { statusId: "missing" }],
      ["PUT", "/v1/web/crm/leads/missing/reminder", { remindAt: null }],
      ["POST", "/v1/web/crm/leads/missing/notes", { text: "x" }],
      ["PATCH", "/v1/web/crm/statuses/missing", { label: "x" }],
      ["DELETE", "/v1/web/crm/statuses/missing"],
    ];
    for (const [method, path, body] of others) {
      const res = await t.web(method, path, user, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await statusRowsOf(user), `${method} ${path}`).toEqual([]);
    }

    const triggers: [string, string, unknown?][] = [
      ["GET", "/v1/web/crm/board"],
      ["POST", "/v1/web/crm/leads", { name: "x", phone: "0501234567" }],
      ["POST", "/v1/web/crm/statuses", { label: "x", color: "#000000" }],
      ["POST", "/v1/web/crm/leads/missing/convert", {}],
    ];
    for (const [method, path, body] of triggers) {
      const fresh = newOwner();
      await t.web(method, path, fresh, body);
      const rows = await statusRowsOf(fresh);
      const builtIns = rows.filter((r) => r.key !== null).sort((a, b) => a.order - b.order);
      expect(
        builtIns.map((r) => [r.key, r.locked, r.order]),
        `${method} ${path}`,
      ).toEqual([
        ["NEW", true, 1],
        ["CONTACTED", true, 2],
        ["QUALIFIED", true, 3],
        ["PROPOSAL", true, 4],
        ["WON", true, 5],
        ["LOST", true, 6],
      ]);
    }
  });
});

describe("POST /v1/web/crm/statuses", () => {
  it("seeds the built-ins first, then adds a custom status (201): label trimmed, key null, locked false, order one above the maximum", async () => {
    const user = newOwner();
    const created = await createStatus(user, { label: "  Follow-up  ", color: "#AABBCC" });
    expect(created).toMatchObject({
      key: null,
      label: "Follow-up",
      color: "#AABBCC",
      locked: false,
      order: 7,
    });
    const statuses = await boardStatuses(user);
    expect(statuses.map((s) => s.key)).toEqual([
      "NEW",
      "CONTACTED",
      "QUALIFIED",
      "PROPOSAL",
      "WON",
      "LOST",
      null,
    ]);
    expect(statuses.at(-1)!.id).toBe(created.id);
    expect(created.studioId).toBe((await t.web("GET", "/v1/web/studio", user)).body.data.id);
    expect((await createStatus(user)).order).toBe(8);
  });

  it("order is one above the current maximum, also after a delete and with racing creates", async () => {
    const user = newOwner();
    await createStatus(user);
    const second = await createStatus(user);
    expect((await t.web("DELETE", `/v1/web/crm/statuses/${second.id}`, user)).status).toBe(200);
    expect((await createStatus(user)).order).toBe(8);
    const raced = await Promise.all([1, 2, 3, 4].map((i) => createStatus(user, { label: `R${i}` })));
    expect(raced.map((s) => s.order).sort((a, b) => a - b)).toEqual([9, 10, 11, 12]);
  });

  it("label is 1 to 60 characters after trimming and color must be #rrggbb (VALIDATION 422)", async () => {
    const user = newOwner();
    for (const body of [
      { label: "" },
      { label: "   " },
      { label: "x".repeat(61) },
      { color: "red" },
      { color: "#12345" },
      { color: "#1234567" },
      { color: "#gggggg" },
      { label: undefined },
      { color: undefined },
    ]) {
      const res = await t.web("POST", "/v1/web/crm/statuses", user, {
        label: "ok",
        color: "#000000",
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect((await createStatus(user, { label: "x".repeat(60) })).label).toHaveLength(60);
  });

  it("no role guard: a SUB_COACH manages statuses", async () => {
    const user = newOwner({ role: "SUB_COACH" });
    const created = await createStatus(user);
    expect((await t.web("PATCH", `/v1/web/crm/statuses/${created.id}`, user, { label: "x" })).status).toBe(
      200,
    );
    expect((await t.web("DELETE", `/v1/web/crm/statuses/${created.id}`, user)).status).toBe(200);
  });
});

describe("PATCH /v1/web/crm/statuses/:id", () => {
  it("changes label and color (same rules); locked statuses can be changed and stay locked", async () => {
    const user = newOwner();
    const newStatus = (await boardStatuses(user)).find((s) => s.key === "NEW")!;
    const res = await t.web("PATCH", `/v1/web/crm/statuses/${newStatus.id}`, user, {
      label: "  Fresh ",
      color: "#010203",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: newStatus.id,
      key: "NEW",
      label: "Fresh",
      color: "#010203",
      locked: true,
      order: newStatus.order,
    });
    const colorOnly = await t.web("PATCH", `/v1/web/crm/statuses/${newStatus.id}`, user, {
      color: "#ffffff",
    });
    expect(colorOnly.body.data).toMatchObject({ label: "Fresh", color: "#ffffff" });
    const nothing = await t.web("PATCH", `/v1/web/crm/statuses/${newStatus.id}`, user, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toMatchObject({ label: "Fresh", color: "#ffffff" });
    for (const body of [{ label: "" }, { label: "x".repeat(61) }, { color: "blue" }]) {
      expect((await t.web("PATCH", `/v1/web/crm/statuses/${newStatus.id}`, user, body)).status).toBe(422);
    }
  });

  it("another studio's status answers 404 status not found exactly like a missing one, and is not changed", async () => {
    const user = newOwner();
    const created = await createStatus(user);
    await expectLikeMissing("PATCH", created.id, { label: "hijack" });
    await expectLikeMissing("PATCH", created.id, {});
    const [row] = await t.deps.database.db.select().from(leadStatuses).where(eq(leadStatuses.id, created.id));
    expect(row!.label).toBe("Follow-up");
  });
});

describe("DELETE /v1/web/crm/statuses/:id", () => {
  it("deletes a custom status holding no lead", async () => {
    const user = newOwner();
    const created = await createStatus(user);
    const res = await t.web("DELETE", `/v1/web/crm/statuses/${created.id}`, user);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: created.id, deleted: true });
    expect((await boardStatuses(user)).map((s) => s.id)).not.toContain(created.id);
  });

  it("a locked status cannot be deleted: FORBIDDEN (403) status is locked", async () => {
    const user = newOwner();
    for (const status of await boardStatuses(user)) {
      const res = await t.web("DELETE", `/v1/web/crm/statuses/${status.id}`, user);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "FORBIDDEN", message: "status is locked" });
    }
    expect(await boardStatuses(user)).toHaveLength(6);
  });

  it("a status holding live leads answers CONFLICT (409) status is in use", async () => {
    const user = newOwner();
    const created = await createStatus(user);
    expect(
      (
        await t.web("POST", "/v1/web/crm/leads", user, {
          name: "x",
          phone: "0501234567",
          statusId: created.id,
        })
      ).status,
    ).toBe(201);
    const res = await t.web("DELETE", `/v1/web/crm/statuses/${created.id}`, user);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "CONFLICT", message: "status is in use" });
  });

  it("soft-deleted leads do not block the in-use check but still reference the row: CONFLICT related resource constraint failed", async () => {
    const user = newOwner();
    const created = await createStatus(user);
    const lead = (
      await t.web("POST", "/v1/web/crm/leads", user, { name: "x", phone: "0501234567", statusId: created.id })
    ).body.data;
    expect((await t.web("DELETE", `/v1/web/crm/leads/${lead.id}`, user)).status).toBe(200);
    const res = await t.web("DELETE", `/v1/web/crm/statuses/${created.id}`, user);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "CONFLICT", message: "related resource constraint failed" });
    expect((await boardStatuses(user)).map((s) => s.id)).toContain(created.id);
  });

  it("another studio's status answers 404 status not found exactly like a missing one, and stays", async () => {
    const user = newOwner();
    const created = await createStatus(user);
    await expectLikeMissing("DELETE", created.id);
    const locked = (await boardStatuses(user))[0]!;
    await expectLikeMissing("DELETE", locked.id);
    expect((await boardStatuses(user)).map((s) => s.id)).toContain(created.id);
  });
});
