// Server local time for this process (the server runs in it): Jerusalem, so local month and
// day boundaries differ from UTC ones and a UTC implementation would fail these tests.
process.env.TZ = "Asia/Jerusalem";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { coaches, leads, leadStatuses } from "@studio/db";
import { signServiceRequest } from "@studio/auth";
import { CrmBoardSchema, type CrmBoard } from "@studio/contracts";
import { newOwner, startTestApp, userHeaders, type TestApp, type WebUserContext } from "./support/harness";

let t: TestApp;
let clock: Date | null = null;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => clock ?? new Date() });
});
afterAll(async () => t?.close());

/** A signed web-lane request whose signature timestamp follows the app's (possibly fixed) clock. */
async function web(method: string, path: string, user: WebUserContext, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = {
    ...signServiceRequest({
      secret: t.config.serviceAuthSecret,
      serviceId: "web-app",
      method,
      pathWithQuery: path,
      body: text ?? "",
      timestamp: (clock ?? new Date()).getTime(),
    }),
    ...userHeaders(user),
    ...(text ? { "content-type": "application/json" } : {}),
  };
  return t.request(method, path, { headers, body: text });
}

async function board(user: WebUserContext, query = "") {
  const res = await web("GET", `/v1/web/crm/board${query}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    statuses: {
      id: string;
      key: string | null;
      label: string;
      color: string;
      locked: boolean;
      order: number;
    }[];
    leads: { id: string; name: string }[];
    kpis: Record<string, number>;
    countsByStatus: Record<string, number>;
  };
}

async function createLead(user: WebUserContext, body: Record<string, unknown>) {
  const res = await web("POST", "/v1/web/crm/leads", user, { phone: "050-1234567", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string; statusId: string };
}

async function setCreatedAt(id: string, at: Date) {
  await t.deps.database.db.update(leads).set({ createdAt: at }).where(eq(leads.id, id));
}

const statusIdOf = (b: Awaited<ReturnType<typeof board>>, key: string) =>
  b.statuses.find((s) => s.key === key)!.id;
const names = (b: Awaited<ReturnType<typeof board>>) => b.leads.map((l) => l.name);

describe("GET /v1/web/crm/board: statuses", () => {
  it("the first board read seeds six locked built-in statuses NEW, CONTACTED, QUALIFIED, PROPOSAL, WON, LOST with Hebrew labels and hex colors", async () => {
    const user = newOwner();
    const b = await board(user);
    expect(b.statuses.map((s) => s.key)).toEqual([
      "NEW",
      "CONTACTED",
      "QUALIFIED",
      "PROPOSAL",
      "WON",
      "LOST",
    ]);
    for (const s of b.statuses) {
      expect(s.locked).toBe(true);
      expect(s.label).toMatch(/^[\u0590-\u05FF\s]+$/);
      expect(s.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(b.statuses.map((s) => s.order)).toEqual([...b.statuses.map((s) => s.order)].sort((a, c) => a - c));
    expect(new Set(b.statuses.map((s) => s.order)).size).toBe(6);
    // A second read seeds nothing more.
    expect((await board(user)).statuses.map((s) => s.id)).toEqual(b.statuses.map((s) => s.id));
  });

  it("statuses are seeded lazily: two first requests at once (board, lead create, status create) seed one set", async () => {
    for (let round = 0; round < 3; round++) {
      const user = newOwner();
      // The studio exists first, so only the status seeding races.
      expect((await web("GET", "/v1/web/studio", user)).status).toBe(200);
      const results = await Promise.all([
        web("GET", "/v1/web/crm/board", user),
        web("GET", "/v1/web/crm/board", user),
        web("POST", "/v1/web/crm/leads", user, { name: "Racer A", phone: "0501111111" }),
        web("POST", "/v1/web/crm/leads", user, { name: "Racer B", phone: "0502222222" }),
        web("POST", "/v1/web/crm/statuses", user, { label: "Custom", color: "#123456" }),
        web("GET", "/v1/web/crm/board", user),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 201, 201, 201, 200]);
      const studioId = (await web("GET", "/v1/web/studio", user)).body.data.id as string;
      const rows = await t.deps.database.db
        .select()
        .from(leadStatuses)
        .where(eq(leadStatuses.studioId, studioId));
      expect(
        rows
          .filter((r) => r.key !== null)
          .map((r) => r.key)
          .sort(),
      ).toEqual(["CONTACTED", "LOST", "NEW", "PROPOSAL", "QUALIFIED", "WON"]);
      expect(rows).toHaveLength(7);
    }
  });
});

describe("GET /v1/web/crm/board: leads and filters", () => {
  it("leads come newest first, without paging", async () => {
    const user = newOwner();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await createLead(user, { name: `Lead ${i}` })).id);
    for (let i = 0; i < ids.length; i++) await setCreatedAt(ids[i]!, new Date(Date.UTC(2024, 0, 1 + i)));
    const b = await board(user);
    expect(b.leads.map((l) => l.id)).toEqual([...ids].reverse());
  });

  it("board leads have exactly the Lead shape the lead endpoints answer (same fields, same timestamp format)", async () => {
    const user = newOwner();
    const b0 = await board(user);
    const lead = await createLead(user, {
      name: "Shape",
      email: "s@x.io",
      business: "Biz",
      city: "Acre",
      source: "GOOGLE",
      valueAgorot: 990,
      statusId: statusIdOf(b0, "LOST"),
    });
    await web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {
      statusId: statusIdOf(b0, "LOST"),
      lostReason: "price",
    });
    await web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, { remindAt: "2030-01-02T03:04:05.678Z" });
    const { notes, activities, ...detail } = (await web("GET", `/v1/web/crm/leads/${lead.id}`, user)).body
      .data;
    void notes;
    void activities;
    expect((await board(user)).leads).toEqual([detail]);
    expect(detail).toMatchObject({
      remindAt: "2030-01-02T03:04:05.678Z",
      lostReason: "price",
      deletedAt: null,
    });
  });

  it("the answer is byte for byte what JSON.stringify writes for the board (leads built as JSON text in SQL): escapes, non-ASCII, nulls, numbers", async () => {
    const user = newOwner();
    const odd = 'Quote " back\\slash\nline\ttab \u0001 ctrl \u2028 sep שלום 😀';
    const oddLead = await createLead(user, { name: odd, city: "</script>", business: "a/b", valueAgorot: 0 });
    const plain = await createLead(user, { name: "Plain" });
    await setCreatedAt(oddLead.id, new Date(Date.UTC(2024, 0, 1)));
    await setCreatedAt(plain.id, new Date(Date.UTC(2024, 0, 2)));
    const path = "/v1/web/crm/board";
    const res = await fetch(t.baseUrl + path, {
      headers: {
        ...signServiceRequest({
          secret: t.config.serviceAuthSecret,
          serviceId: "web-app",
          method: "GET",
          pathWithQuery: path,
          body: "",
        }),
        ...userHeaders(user),
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    const text = await res.text();
    const parsed = JSON.parse(text) as { data: CrmBoard };
    expect(text).toBe(JSON.stringify(parsed));
    expect(CrmBoardSchema.parse(parsed.data)).toEqual(parsed.data);
    expect(parsed.data.leads.map((l) => l.name)).toEqual(["Plain", odd]);
    expect(parsed.data.leads[1]).toMatchObject({ city: "</script>", business: "a/b", valueAgorot: 0 });
    // An empty filter result is an empty array.
    expect((await board(user, "?search=nobody-matches")).leads).toEqual([]);
  });

  it("search (trimmed) is case-insensitive on name, email and city and a plain substring on phone", async () => {
    const user = newOwner();
    await createLead(user, { name: "Dana Cohen", phone: "0521110000" });
    await createLead(user, { name: "Other", email: "DANA@example.com", phone: "0522220000" });
    await createLead(user, { name: "Third", city: "Ramat Gan", phone: "0523330000" });
    await createLead(user, { name: "Phone Match", phone: "+972-54-777-1234" });
    expect(names(await board(user, "?search=%20%20dAnA%20"))).toEqual(["Other", "Dana Cohen"]);
    expect(names(await board(user, "?search=ramat"))).toEqual(["Third"]);
    expect(names(await board(user, "?search=777-12"))).toEqual(["Phone Match"]);
    expect(names(await board(user, "?search=777%2012"))).toEqual([]);
    expect(names(await board(user, "?search=nobody"))).toEqual([]);
  });

  it("search wildcards are literal: % and _ match only themselves", async () => {
    const user = newOwner();
    await createLead(user, { name: "100% fit" });
    await createLead(user, { name: "plain name" });
    await createLead(user, { name: "under_score" });
    expect(names(await board(user, `?search=${encodeURIComponent("%")}`))).toEqual(["100% fit"]);
    expect(names(await board(user, "?search=_"))).toEqual(["under_score"]);
    expect(names(await board(user, `?search=${encodeURIComponent("\\")}`))).toEqual([]);
  });

  it("statusId, source and ownerCoachId filter the leads", async () => {
    const user = newOwner();
    const b0 = await board(user);
    const studioId = (await web("GET", "/v1/web/studio", user)).body.data.id as string;
    const [coach] = await t.deps.database.db
      .select()
      .from(coaches)
      .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, user.userId!)));
    await createLead(user, { name: "Insta", source: "INSTAGRAM" });
    await createLead(user, { name: "Owned", ownerCoachId: coach!.id });
    await createLead(user, { name: "Won one", statusId: statusIdOf(b0, "WON") });
    expect(names(await board(user, "?source=INSTAGRAM"))).toEqual(["Insta"]);
    expect(names(await board(user, `?ownerCoachId=${coach!.id}`))).toEqual(["Owned"]);
    expect(names(await board(user, `?statusId=${statusIdOf(b0, "WON")}`))).toEqual(["Won one"]);
    expect(names(await board(user, `?statusId=${statusIdOf(b0, "WON")}&source=INSTAGRAM`))).toEqual([]);
  });

  it("from is created at or after; to is created at or before, a date including that whole (server local) day", async () => {
    const user = newOwner();
    const early = await createLead(user, { name: "March 1 early" });
    const late = await createLead(user, { name: "March 9 late evening" });
    const after = await createLead(user, { name: "March 10" });
    await setCreatedAt(early.id, new Date(2024, 2, 1, 0, 0, 0));
    await setCreatedAt(late.id, new Date(2024, 2, 9, 23, 30));
    await setCreatedAt(after.id, new Date(2024, 2, 10, 0, 0, 0));
    expect(names(await board(user, "?from=2024-03-01&to=2024-03-09"))).toEqual([
      "March 9 late evening",
      "March 1 early",
    ]);
    expect(names(await board(user, "?from=2024-03-02"))).toEqual(["March 10", "March 9 late evening"]);
    expect(names(await board(user, "?to=2024-03-01"))).toEqual(["March 1 early"]);
    const instant = encodeURIComponent(new Date(2024, 2, 9, 23, 30).toISOString());
    expect(names(await board(user, `?to=${instant}`))).toEqual(["March 9 late evening", "March 1 early"]);
  });

  it("invalid query values answer VALIDATION 422", async () => {
    const user = newOwner();
    for (const query of [
      `?search=${"x".repeat(201)}`,
      "?source=TIKTOK",
      "?from=yesterday",
      "?to=2024-13-45",
    ]) {
      const res = await web("GET", `/v1/web/crm/board${query}`, user);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    // Trimmed before the length check.
    expect(
      (await web("GET", `/v1/web/crm/board?search=${encodeURIComponent(` ${"x".repeat(200)} `)}`, user))
        .status,
    ).toBe(200);
  });

  it("another studio's leads never show on the board", async () => {
    const a = newOwner();
    const b = newOwner();
    await createLead(a, { name: "Only A" });
    expect(names(await board(b))).toEqual([]);
    expect((await board(b)).kpis.active).toBe(0);
  });
});

describe("GET /v1/web/crm/board: kpis and countsByStatus", () => {
  it("kpis follow the rules with server local month and day boundaries, over every non-deleted lead regardless of filters", async () => {
    const user = newOwner();
    const b0 = await board(user);
    const db = t.deps.database.db;
    // Local (Jerusalem) now: 2024-06-01 01:30; in UTC it is still May 31.
    clock = new Date(2024, 5, 1, 1, 30);
    try {
      const make = async (name: string, key: string, createdAt: Date, remindAt: Date | null = null) => {
        const lead = await createLead(user, { name, statusId: statusIdOf(b0, key) });
        await db.update(leads).set({ createdAt, remindAt }).where(eq(leads.id, lead.id));
        return lead;
      };
      await make("new local June", "NEW", new Date(2024, 5, 1, 0, 30)); // May 31 21:30 UTC
      await make("May lead", "CONTACTED", new Date(2024, 4, 31, 23, 0), new Date(2024, 4, 20)); // overdue reminder
      await make("due today", "PROPOSAL", new Date(2024, 4, 1), new Date(2024, 5, 1, 23, 59)); // before end of today
      await make("tomorrow", "QUALIFIED", new Date(2024, 4, 1), new Date(2024, 5, 2, 0, 0)); // not today
      await make("won 1", "WON", new Date(2024, 4, 2));
      await make("won 2", "WON", new Date(2024, 5, 1, 1, 0));
      await make("lost", "LOST", new Date(2024, 3, 1), new Date(2024, 5, 1, 8));
      const deleted = await make("deleted", "LOST", new Date(2024, 5, 1, 1, 0), new Date(2024, 4, 1));
      expect((await web("DELETE", `/v1/web/crm/leads/${deleted.id}`, user)).status).toBe(200);

      const expected = { active: 4, newThisMonth: 2, won: 2, lost: 1, remindersToday: 3 };
      const all = await board(user);
      expect(all.kpis).toEqual(expected);
      expect(all.countsByStatus).toEqual({
        [statusIdOf(b0, "NEW")]: 1,
        [statusIdOf(b0, "CONTACTED")]: 1,
        [statusIdOf(b0, "PROPOSAL")]: 1,
        [statusIdOf(b0, "QUALIFIED")]: 1,
        [statusIdOf(b0, "WON")]: 2,
        [statusIdOf(b0, "LOST")]: 1,
      });
      // Filters apply only to leads.
      const filtered = await board(user, `?search=won&statusId=${statusIdOf(b0, "WON")}`);
      expect(names(filtered)).toEqual(["won 2", "won 1"]);
      expect(filtered.kpis).toEqual(expected);
      expect(filtered.countsByStatus).toEqual(all.countsByStatus);
    } finally {
      clock = null;
    }
  });

  it("countsByStatus has a key only for statuses holding at least one lead", async () => {
    const user = newOwner();
    const b0 = await board(user);
    expect(b0.countsByStatus).toEqual({});
    await createLead(user, { name: "x" });
    await createLead(user, { name: "y" });
    expect((await board(user)).countsByStatus).toEqual({ [statusIdOf(b0, "NEW")]: 2 });
  });

  it("active = total minus WON minus LOST: leads in custom statuses count as active", async () => {
    const user = newOwner();
    const b0 = await board(user);
    const custom = (
      await web("POST", "/v1/web/crm/statuses", user, { label: "Trial booked", color: "#123456" })
    ).body.data as { id: string };
    await createLead(user, { name: "custom 1", statusId: custom.id });
    await createLead(user, { name: "custom 2", statusId: custom.id });
    await createLead(user, { name: "proposal", statusId: statusIdOf(b0, "PROPOSAL") });
    await createLead(user, { name: "won", statusId: statusIdOf(b0, "WON") });
    await createLead(user, { name: "lost", statusId: statusIdOf(b0, "LOST") });
    const b = await board(user);
    expect(b.kpis).toMatchObject({ active: 3, won: 1, lost: 1 });
    expect(b.countsByStatus).toEqual({
      [custom.id]: 2,
      [statusIdOf(b0, "PROPOSAL")]: 1,
      [statusIdOf(b0, "WON")]: 1,
      [statusIdOf(b0, "LOST")]: 1,
    });
  });

  it("leads are not paged: a studio with hundreds of leads gets all of them, and the kpis count them all", async () => {
    const user = newOwner();
    await board(user);
    const studioId = (await web("GET", "/v1/web/studio", user)).body.data.id as string;
    const [status] = await t.deps.database.db
      .select()
      .from(leadStatuses)
      .where(and(eq(leadStatuses.studioId, studioId), eq(leadStatuses.key, "NEW")));
    await t.deps.database.db.execute(sql`
      insert into leads (id, studio_id, name, phone, status_id, created_at)
      select 'bulk-' || g || '-' || ${studioId}, ${studioId}, 'Bulk ' || g, '050' || g, ${status!.id}, now() - (g || ' minutes')::interval
      from generate_series(1, 600) g`);
    const b = await board(user);
    expect(b.leads).toHaveLength(600);
    expect(b.leads[0]!.name).toBe("Bulk 1");
    expect(b.leads[599]!.name).toBe("Bulk 600");
    expect(b.kpis.active).toBe(600);
    expect(b.countsByStatus).toEqual({ [status!.id]: 600 });
  });
});
