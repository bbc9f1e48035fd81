import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { coaches, leads, studios } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

/**
 * The CRM board's per-process cache of serialized answers (issue 30 item 3,
 * apps/api/src/caches/crm-board-cache.ts): keyed by studios.crm_board_version, which triggers on
 * leads and lead_statuses move in every writing transaction (migration 0020). Two replicas over one
 * database, each with its own cache; requests are pinned to a replica where it matters.
 *
 * How a cached answer is told from a fresh one without timing: `quietly` changes a lead with the
 * triggers off (session_replication_role = replica), which moves no version, so a replica that
 * answers from its cache still shows the old value; every path below then must move the version,
 * or its own change would not show either.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", replicas: 2 });
});
afterAll(async () => t?.close());

type Board = {
  statuses: { id: string; key: string | null; label: string; color: string }[];
  leads: {
    id: string;
    name: string;
    ownerCoachId: string | null;
    clientId: string | null;
    remindAt: string | null;
    statusId: string;
  }[];
  kpis: Record<string, number>;
  countsByStatus: Record<string, number>;
};

const A = 0;
const B = 1;

async function boardOn(replica: 0 | 1, user: WebUserContext, query = ""): Promise<Board> {
  const res = await t.replica(replica).web("GET", `/v1/web/crm/board${query}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Board;
}

async function send(user: WebUserContext, method: string, path: string, body?: unknown) {
  const res = await t.replica(B).web(method, path, user, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data;
}

const studioIdOf = async (user: WebUserContext) => {
  const [row] = await t.deps.database.db
    .select({ id: studios.id })
    .from(studios)
    .where(eq(studios.organizationId, user.studioId!));
  return row!.id;
};

/** A change no trigger sees: the version stays, so a cached answer keeps the old name. */
async function quietly(leadId: string, name: string) {
  await t.deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(leads).set({ name }).where(eq(leads.id, leadId));
  });
}

const nameOf = (board: Board, id: string) => board.leads.find((l) => l.id === id)?.name;

/** A studio with two leads, its board cached on replica A, and a lead renamed quietly. */
async function cachedStudio() {
  const user = newOwner();
  await boardOn(A, user);
  const first = await send(user, "POST", "/v1/web/crm/leads", { name: "First Lead", phone: "050-1111111" });
  const second = await send(user, "POST", "/v1/web/crm/leads", { name: "Second Lead", phone: "050-2222222" });
  const before = await boardOn(A, user);
  expect(nameOf(before, first.id)).toBe("First Lead");
  await quietly(first.id, "Renamed Quietly");
  // Served from replica A's cache: the quiet rename does not show.
  expect(nameOf(await boardOn(A, user), first.id)).toBe("First Lead");
  return { user, first: first.id as string, second: second.id as string, before };
}

describe("CRM board cache: the version moves on every write the board shows", () => {
  it("a read answers from this process's cache until a write moves the studio's version (the quiet rename shows only then)", async () => {
    const { user, first } = await cachedStudio();
    // Replica B never cached this board version's answer: it reads the rows.
    expect(nameOf(await boardOn(B, user), first)).toBe("Renamed Quietly");
    await send(user, "PATCH", `/v1/web/crm/leads/${first}`, { city: "Haifa" });
    expect(nameOf(await boardOn(A, user), first)).toBe("Renamed Quietly");
  });

  const paths: [
    string,
    (s: Awaited<ReturnType<typeof cachedStudio>>) => Promise<unknown>,
    (b: Board, s: Awaited<ReturnType<typeof cachedStudio>>) => void,
  ][] = [
    [
      "lead create",
      ({ user }) => send(user, "POST", "/v1/web/crm/leads", { name: "Third Lead", phone: "050-3333333" }),
      (b) => expect(b.leads.map((l) => l.name)).toContain("Third Lead"),
    ],
    [
      "lead update",
      ({ user, second }) => send(user, "PATCH", `/v1/web/crm/leads/${second}`, { name: "Second Renamed" }),
      (b, s) => expect(nameOf(b, s.second)).toBe("Second Renamed"),
    ],
    [
      "lead delete",
      ({ user, second }) => send(user, "DELETE", `/v1/web/crm/leads/${second}`),
      (b, s) => expect(nameOf(b, s.second)).toBeUndefined(),
    ],
    [
      "lead duplicate",
      ({ user, second }) => send(user, "POST", `/v1/web/crm/leads/${second}/duplicate`),
      (b) => expect(b.leads).toHaveLength(3),
    ],
    [
      "stage move",
      ({ user, second, before }) =>
        send(user, "PUT", `/v1/web/crm/leads/${second}/status`, {
          statusId: before.statuses.find((s) => s.key === "CONTACTED")!.id,
        }),
      (b, s) =>
        expect(b.leads.find((l) => l.id === s.second)!.statusId).toBe(
          s.before.statuses.find((x) => x.key === "CONTACTED")!.id,
        ),
    ],
    [
      "reminder",
      ({ user, second }) =>
        send(user, "PUT", `/v1/web/crm/leads/${second}/reminder`, { remindAt: "2030-01-01T10:00:00.000Z" }),
      (b, s) => expect(b.leads.find((l) => l.id === s.second)!.remindAt).toBe("2030-01-01T10:00:00.000Z"),
    ],
    [
      "convert",
      ({ user, second }) => send(user, "POST", `/v1/web/crm/leads/${second}/convert`, { sendInvite: false }),
      (b, s) => expect(b.leads.find((l) => l.id === s.second)!.clientId).not.toBeNull(),
    ],
    [
      "status create",
      ({ user }) => send(user, "POST", "/v1/web/crm/statuses", { label: "Follow-up", color: "#123456" }),
      (b) => expect(b.statuses.map((s) => s.label)).toContain("Follow-up"),
    ],
    [
      "status update and delete",
      async ({ user }) => {
        const status = await send(user, "POST", "/v1/web/crm/statuses", { label: "Temp", color: "#123456" });
        expect((await boardOn(A, user)).statuses.map((s) => s.label)).toContain("Temp");
        await send(user, "PATCH", `/v1/web/crm/statuses/${status.id}`, { label: "Temp 2" });
        expect((await boardOn(A, user)).statuses.map((s) => s.label)).toContain("Temp 2");
        return send(user, "DELETE", `/v1/web/crm/statuses/${status.id}`);
      },
      (b) => expect(b.statuses.map((s) => s.label).filter((l) => l.startsWith("Temp"))).toEqual([]),
    ],
    [
      "owner coach removed (the foreign key's SET NULL, no CRM code runs)",
      async ({ user, second }) => {
        const studioId = await studioIdOf(user);
        const [coach] = await t.deps.database.db
          .insert(coaches)
          .values({
            studioId,
            name: "Gone Coach",
            firstName: "Gone",
            lastName: "Coach",
            email: "gone@example.com",
          })
          .returning({ id: coaches.id });
        await send(user, "PATCH", `/v1/web/crm/leads/${second}`, { ownerCoachId: coach!.id });
        expect((await boardOn(A, user)).leads.find((l) => l.id === second)!.ownerCoachId).toBe(coach!.id);
        await t.deps.database.db.delete(coaches).where(eq(coaches.id, coach!.id));
      },
      (b, s) => expect(b.leads.find((l) => l.id === s.second)!.ownerCoachId).toBeNull(),
    ],
    [
      "any other writer (plain SQL, as a job or an operator would)",
      ({ second }) => t.deps.database.db.execute(sql`update leads set city = 'Eilat' where id = ${second}`),
      () => undefined,
    ],
  ];

  for (const [name, write, check] of paths)
    it(`${name}: the next answer of the replica that cached the board is the new one`, async () => {
      const studio = await cachedStudio();
      await write(studio);
      const after = await boardOn(A, studio.user);
      // The quiet rename shows too: the answer was rebuilt, not patched.
      expect(nameOf(after, studio.first)).toBe("Renamed Quietly");
      check(after, studio);
    });

  it("the trainee a converted lead points at is deleted (the foreign key's SET NULL): the lead's clientId clears", async () => {
    const { user, first, second } = await cachedStudio();
    const { client } = await send(user, "POST", `/v1/web/crm/leads/${second}/convert`, { sendInvite: false });
    expect((await boardOn(A, user)).leads.find((l) => l.id === second)!.clientId).toBe(client.id);
    await quietly(first, "Renamed Twice");
    await t.deps.database.db.execute(sql`delete from clients where id = ${client.id}`);
    const after = await boardOn(A, user);
    expect(after.leads.find((l) => l.id === second)!.clientId).toBeNull();
    expect(nameOf(after, first)).toBe("Renamed Twice");
  });
});

describe("CRM board cache: tenancy and callers", () => {
  it("another studio's writes do not move this studio's version (its cached answer stays)", async () => {
    const { user, first } = await cachedStudio();
    const other = newOwner();
    await boardOn(A, other);
    const versionBefore = await versionOf(user);
    const lead = await send(other, "POST", "/v1/web/crm/leads", { name: "Other Lead", phone: "050-4444444" });
    await send(other, "PATCH", `/v1/web/crm/leads/${lead.id}`, { name: "Other Renamed" });
    await send(other, "POST", "/v1/web/crm/statuses", { label: "Other status", color: "#654321" });
    expect(await versionOf(user)).toBe(versionBefore);
    expect(nameOf(await boardOn(A, user), first)).toBe("First Lead");
    const otherBoard = await boardOn(A, other);
    expect(otherBoard.leads.map((l) => l.name)).toEqual(["Other Renamed"]);
    expect(otherBoard.leads.map((l) => l.id)).not.toContain(first);
  });

  it("the board is the studio's, not the caller's: a coach limited to assigned trainees gets the owner's answer, a dismissed one 403 even while it is cached", async () => {
    const { user } = await cachedStudio();
    const studioId = await studioIdOf(user);
    const limited = {
      ...user,
      userId: `${user.userId}_limited`,
      role: "SUB_COACH",
      userName: "Limited Coach",
    };
    await t.deps.database.db.insert(coaches).values({
      studioId,
      name: "Limited Coach",
      firstName: "Limited",
      lastName: "Coach",
      email: "limited@example.com",
      externalUserId: limited.userId,
      permissions: { trainees: "assigned" },
    });
    const ownerView = await boardOn(A, user);
    expect(await boardOn(A, limited)).toEqual(ownerView);
    await t.deps.database.db.execute(
      sql`update coaches set active = false where studio_id = ${studioId} and external_user_id = ${limited.userId}`,
    );
    const refused = await t.replica(A).web("GET", "/v1/web/crm/board", limited);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain("First Lead");
  });

  it("a hit is the same bytes as a fresh answer, in the same envelope (only the request id differs)", async () => {
    const user = newOwner();
    await boardOn(A, user);
    await send(user, "POST", "/v1/web/crm/leads", {
      name: 'Bytes \u05d3\u05e0\u05d4 "quoted"',
      phone: "050-5555555",
    });
    const fetchRaw = async () => {
      const res = await t.replica(A).web("GET", "/v1/web/crm/board?search=bytes", user);
      return res;
    };
    const miss = await fetchRaw();
    const hit = await fetchRaw();
    expect(hit.headers.get("content-type")).toBe("application/json");
    const strip = (body: { requestId: string }) => JSON.stringify({ ...body, requestId: "" });
    expect(strip(hit.body)).toBe(strip(miss.body));
    expect(Object.keys(hit.body)).toEqual(["ok", "data", "requestId"]);
    expect(Number(hit.headers.get("content-length"))).toBe(Buffer.byteLength(JSON.stringify(hit.body)));
    expect(hit.body.data.leads.map((l: { name: string }) => l.name)).toEqual([
      'Bytes \u05d3\u05e0\u05d4 "quoted"',
    ]);
  });
});

async function versionOf(user: WebUserContext): Promise<number> {
  const [row] = await t.deps.database.db
    .select({ version: studios.crmBoardVersion })
    .from(studios)
    .where(eq(studios.organizationId, user.studioId!));
  return row!.version;
}
