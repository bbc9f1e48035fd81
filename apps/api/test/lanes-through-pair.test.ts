import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { startPair, type Pair } from "./support/pair";
import { addCoach, studioIdOf } from "./support/team-fixtures";

/**
 * Issue 27 item 2 (docs/DEPLOYMENT.md "What each process keeps in memory"): lane scenarios
 * through two real API processes and two real workers behind a round-robin proxy, each request
 * on the other process than the one before. What a process remembers may be stale only within
 * the spec's window (30 s: app access, the studio check); everything else a change made through
 * one process is seen by the next request on the other. The pair writes Redis under
 * REDIS_KEY_PREFIX on a database of its own, so every key is checked to carry the prefix.
 */
const REDIS_DB = 13;
const PREFIX = `pair-${Math.random().toString(36).slice(2, 8)}:`;
let pair: Pair;
let t: TestApp;

beforeAll(async () => {
  pair = await startPair({
    REDIS_URL: `redis://127.0.0.1:6379/${REDIS_DB}`,
    REDIS_KEY_PREFIX: PREFIX,
    WAITLIST_RATE_LIMIT: "2",
  });
  t = pair.client;
}, 180_000);
afterAll(async () => pair?.close());

describe("every request on the other process", () => {
  it("the proxy alternates: consecutive requests land on A, B, A, B", async () => {
    const from = pair.served.length;
    for (let i = 0; i < 4; i += 1) expect((await t.request("GET", "/healthz")).status).toBe(200);
    expect(pair.served.slice(from)).toEqual(pair.served[from] === 0 ? [0, 1, 0, 1] : [1, 0, 1, 0]);
  });

  it("web: studio settings written through one process are read through the other", async () => {
    const owner = newOwner();
    await studioIdOf(t, owner);
    const patched = await t.web("PATCH", "/v1/web/studio/settings", owner, {
      name: "Pair Gym",
      timezone: "Europe/Berlin",
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const studio = (await t.web("GET", "/v1/web/studio", owner)).body.data;
      expect(studio).toMatchObject({ name: "Pair Gym", timezone: "Europe/Berlin" });
    }
  });

  it("web team: a coach dismissed through one process is refused by the next request on the other, and reactivated alike", async () => {
    const owner = newOwner();
    await studioIdOf(t, owner);
    const { coach, as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach: other } = await addCoach(t, owner);
    // The head coach acts through both processes (each syncs and remembers its member).
    for (let i = 0; i < 2; i += 1)
      expect((await t.web("GET", `/v1/web/coaches/${other.id}`, head)).status).toBe(200);
    expect((await t.web("DELETE", `/v1/web/coaches/${coach.id}`, owner)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const refused = await t.web("PATCH", `/v1/web/coaches/${other.id}`, head, { jobTitle: "x" });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("this team member has been removed");
    }
    expect((await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { active: true })).status).toBe(200);
    for (let i = 0; i < 2; i += 1)
      expect((await t.web("PATCH", `/v1/web/coaches/${other.id}`, head, { jobTitle: `x${i}` })).status).toBe(
        200,
      );
  });

  it("automation: a key created through one process works on the other; revoked through one, refused by the next request", async () => {
    const owner = newOwner();
    const key = await automationKey(t, owner, "pair");
    for (let i = 0; i < 2; i += 1) expect((await key.call("GET", "/validate")).status).toBe(200);
    expect((await t.web("DELETE", `/v1/web/studios/current/api-keys/${key.id}`, owner)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await key.call("GET", "/validate")).status).toBe(401);
  });

  it("public: the per-address waitlist throttle is one budget over both processes (Redis)", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push(
        (
          await t.request("POST", "/v1/public/waitlist-leads", {
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: `Lead ${i}`, phone: `050-123-45${i}0` }),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 429]);
  });

  it("trainee: the app lock after freeze and unfreeze reaches a process without a verdict at once, one with a verdict within 30 s", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const key = await automationKey(t, owner, "lock");
    const plan = await t.web("POST", "/v1/web/plans", owner, {
      name: "Monthly",
      durationValue: 1,
      durationUnit: "MONTHS",
    });
    const trainee = await addTrainee(t, studioId);
    expect(
      (await key.call("POST", `/trainees/${trainee.id}/subscription`, { planId: plan.body.data.id })).status,
    ).toBe(200);
    const token = t.traineeToken(trainee.id, studioId);
    const probe = async () => {
      const res = await t.request("GET", "/v1/trainee/workout-logs", {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, by: pair.served.at(-1)! };
    };
    // Requests alternate: probe (P), freeze (Q), probe (P, its verdict cached), probe (Q, none).
    const first = await probe();
    expect(first.status).toBe(200);
    expect((await key.call("POST", `/trainees/${trainee.id}/subscription/freeze`, {})).status).toBe(200);
    const cached = await probe();
    expect(cached.by).toBe(first.by);
    expect([200, 403]).toContain(cached.status);
    const fresh = await probe();
    expect(fresh.by).not.toBe(first.by);
    expect(fresh.status).toBe(403);
    // Unfreeze; within the window either verdict may stand, after 30 s every process opens.
    expect((await key.call("POST", `/trainees/${trainee.id}/subscription/reactivate`, {})).status).toBe(200);
    await new Promise((r) => setTimeout(r, 30_500));
    expect([(await probe()).status, (await probe()).status]).toEqual([200, 200]);
  }, 90_000);

  it("REDIS_KEY_PREFIX: every key the pair wrote (nonces, epoch, rate limits, throttles) carries it", async () => {
    const redis = new Redis(`redis://127.0.0.1:6379/${REDIS_DB}`);
    try {
      const keys = await redis.keys("*");
      const ours = keys.filter((k) => k.startsWith(PREFIX));
      expect(ours.length).toBeGreaterThan(0);
      expect(ours.some((k) => k.startsWith(`${PREFIX}rl:global`))).toBe(true);
      expect(ours).toContain(`${PREFIX}kv:epoch`);
      // The database is this file's: any other key would be one written without a prefix.
      expect(keys.filter((k) => !k.startsWith("pair-"))).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
