import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { KvStore } from "@studio/kv";
import { getClientNutritionInsight, type StudioScope } from "@studio/domain";
import { startFakeChatServer, type FakeChatServer } from "@studio/providers/model/fake-chat-server";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient, addCoach, withoutRequestId } from "./support/team-fixtures";
import {
  insertFood,
  insertMealLog,
  insertNutritionPlan,
  nutritionTrainee,
  signedAt,
  type NutritionTrainee,
} from "./support/nutrition-view-fixtures";

// GET /v1/web/clients/{id}/tracking/nutrition/insight (document 2 "Insight") against a loopback
// OpenAI-compatible chat server. Tuesday 2026-03-10, 12:00 in Jerusalem.
const START = Date.parse("2026-03-10T10:00:00Z");
const SENTENCE = "שמירה יפה על היעד הקלורי השבוע, כדאי להוסיף חלבון בארוחת הבוקר.";
let chat: FakeChatServer;
let t: TestApp;
let w: TestApp;
let noModel: TestApp;
let nm: TestApp;
beforeAll(async () => {
  chat = await startFakeChatServer();
  const env = { LLM_BASE_URL: chat.baseUrl, LLM_API_KEY: "sk-test-insight", LLM_MODEL: "test-model" };
  [t, noModel] = await Promise.all([
    startTestApp({ database: "postgres", env, now: () => new Date(START) }),
    startTestApp({ database: "postgres", now: () => new Date(START) }),
  ]);
  w = signedAt(t, () => START);
  nm = signedAt(noModel, () => START);
});
afterAll(async () => {
  await Promise.all([t?.close(), noModel?.close(), chat?.close()]);
});
beforeEach(() => {
  chat.requests.length = 0;
  chat.replies = [];
  chat.fallback = { answer: { sentence: SENTENCE } };
});

const path = (s: { clientId: string }, range?: string) =>
  `/v1/web/clients/${s.clientId}/tracking/nutrition/insight${range ? `?range=${range}` : ""}`;
const insight = async (app: TestApp, s: NutritionTrainee, range?: string) => {
  const res = await app.web("GET", path(s, range), s.owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.sentence as string | null;
};
const lastPrompt = () => chat.requests.at(-1)!.body.messages.find((m) => m.role === "user")!.content;

async function loggedTrainee(app: TestApp, wApp: TestApp) {
  const s = await nutritionTrainee(wApp, newOwner());
  const food = await insertFood(app, { name: "Rice" });
  await insertNutritionPlan(app, s, [
    {
      id: "nd1",
      targets: { kcal: 2000 },
      meals: [{ id: "b1", type: "breakfast", items: [{ id: "i1", foodId: food.id, qty: "100" }] }],
    },
  ]);
  await insertMealLog(app, s, {
    consumedAt: "2026-03-10T06:00:00Z",
    day: "2026-03-10",
    items: [{ name: "Toast", kcal: 1900, protein: 80, carbs: 220, fat: 55 }],
  });
  await insertMealLog(app, s, {
    consumedAt: "2026-03-09T06:00:00Z",
    day: "2026-03-09",
    items: [{ name: "Toast", kcal: 1500, protein: 60, carbs: 180, fat: 40 }],
  });
  return s;
}

describe("GET /v1/web/clients/{id}/tracking/nutrition/insight", () => {
  it("one Hebrew sentence from the counts and averages of the range, cached per trainee and input (second read makes no model call)", async () => {
    const s = await loggedTrainee(t, w);
    expect(await insight(w, s, "7d")).toBe(SENTENCE);
    expect(chat.requests).toHaveLength(1);
    const prompt = lastPrompt();
    expect(prompt).toContain('"loggedDays":2');
    expect(prompt).toContain('"days":7');
    expect(prompt).toContain('"averageConsumed":{"kcal":1700,"protein":70,"carbs":200,"fat":47.5}');
    expect(prompt).toContain('"averageTarget":{"kcal":2000');
    expect(prompt).toContain('"adherencePct":14');
    expect(prompt).not.toContain("previous");
    expect(await insight(w, s, "7d")).toBe(SENTENCE);
    expect(chat.requests).toHaveLength(1);
    // another input (a new log) is another key
    await insertMealLog(t, s, {
      consumedAt: "2026-03-08T06:00:00Z",
      day: "2026-03-08",
      items: [{ name: "X", kcal: 100 }],
    });
    chat.fallback = { answer: { sentence: "  משפט   אחר.  " } };
    expect(await insight(w, s, "7d")).toBe("משפט אחר.");
    expect(chat.requests).toHaveLength(2);
  });

  it("null without a model call: no model configured, no logged day", async () => {
    const withData = await loggedTrainee(noModel, nm);
    expect(await insight(nm, withData)).toBeNull();
    const empty = await nutritionTrainee(w, newOwner());
    expect(await insight(w, empty)).toBeNull();
    expect(chat.requests).toHaveLength(0);
  });

  it("a model failure is null after one retry and is not cached; a blank sentence is null and not cached", async () => {
    const s = await loggedTrainee(t, w);
    chat.fallback = { status: 500, body: { error: { message: "down" } } };
    expect(await insight(w, s, "30d")).toBeNull();
    expect(chat.requests).toHaveLength(2);
    chat.fallback = { answer: { sentence: "   " } };
    expect(await insight(w, s, "30d")).toBeNull();
    expect(chat.requests).toHaveLength(3);
    chat.fallback = { answer: { sentence: SENTENCE } };
    expect(await insight(w, s, "30d")).toBe(SENTENCE);
    expect(chat.requests).toHaveLength(4);
  });

  it("the model call: 12 s per attempt, one retry; a cache read that does not answer within 300 ms is a miss", async () => {
    const s = await loggedTrainee(t, w);
    const requests: { timeoutMs?: number; retries?: number }[] = [];
    const scope: StudioScope = {
      ...(await t.coachScopeFor(s.studioId, s.owner.userId!)),
      now: new Date(START),
      model: {
        generate: async (request: any) => {
          requests.push({ timeoutMs: request.timeoutMs, retries: request.retries });
          return { ok: true, value: { sentence: SENTENCE } } as any;
        },
      },
    } as StudioScope;
    const sets: string[] = [];
    const hanging = {
      get: () => new Promise<string | null>(() => {}),
      set: async (key: string) => {
        sets.push(key);
      },
    } as unknown as KvStore;
    const answer = await getClientNutritionInsight(
      t.deps.database.db,
      scope,
      { id: s.clientId, range: "7d" },
      hanging,
    );
    expect(answer).toEqual({ sentence: SENTENCE });
    expect(requests).toEqual([{ timeoutMs: 12_000, retries: 1 }]);
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatch(new RegExp(`^nutrition-insight:${s.studioId}:${s.clientId}:[0-9a-f]{32}$`));
  });

  it("VALIDATION for an unknown range; coach scoping and tenancy answer NOT_FOUND trainee not found alike", async () => {
    const owner = newOwner();
    const mine = await nutritionTrainee(w, owner);
    const bad = await w.web("GET", path(mine, "1y"), owner);
    expect(bad.status).toBe(422);
    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    const assigned = await addClient(w, owner, { coachIds: [coach.id] });
    const foreign = await nutritionTrainee(w, newOwner());
    expect((await w.web("GET", path({ clientId: assigned.id }), as)).status).toBe(200);
    const hidden = await w.web("GET", path(mine), as);
    const away = await w.web("GET", path(foreign), owner);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("trainee not found");
    expect(withoutRequestId(hidden.body)).toEqual(withoutRequestId(away.body));
  });
});
