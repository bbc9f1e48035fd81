import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { programTemplates, templateFolders } from "@studio/db";
import { NutritionContentSchema, TrainingContentSchema } from "@studio/contracts";
import { startFakeChatServer, type FakeChatServer } from "@studio/providers/model/fake-chat-server";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { studioIdOf } from "./support/team-fixtures";

// POST /v1/web/program-templates/generate-ai (document 2; decisions.md "Model features without a
// model") with the real language model client against an OpenAI-compatible server on loopback.

const PATH = "/v1/web/program-templates/generate-ai";

const TRAINING_ANSWER = {
  name: "  תוכנית כוח \n למתחילים ",
  level: " מתחילים ",
  workoutsPerWeek: 3,
  days: [
    {
      focus: "חזה וכתפיים",
      exercises: [
        {
          exercise: "לחיצת חזה במוט",
          muscle: "חזה",
          sets: 4,
          reps: "8-10",
          rest: "90 שניות",
          weight: "70% מהמקסימום",
          rir: "2",
          tempo: "3-1-1",
          notes: "שכמות צמודות",
        },
        {
          exercise: "לחיצת כתפיים",
          muscle: "כתפיים",
          sets: 3,
          reps: "10-12",
          rest: "60 שניות",
          weight: "",
          rir: "",
          tempo: "",
          notes: "",
        },
      ],
      aerobic: [{ type: "אופניים", minutes: 20 }],
    },
    {
      focus: "",
      exercises: [],
      aerobic: [
        { type: "הליכה", minutes: 10 },
        { type: "ריצה", minutes: 20 },
      ],
    },
    { focus: "רגליים", exercises: [], aerobic: [{ type: "אופניים", minutes: 20 }] },
  ],
};

const NUTRITION_ANSWER = {
  name: "תפריט חיטוב",
  level: "",
  targets: { kcal: 1800, protein: 140, carbs: 180, fat: 55, water: 2.5 },
  days: [
    {
      meals: [
        {
          type: "breakfast",
          items: [
            { food: "ביצים", grams: 120 },
            { food: "לחם מלא", grams: 0 },
          ],
        },
        { type: "dinner", items: [{ food: "חזה עוף", grams: 150.4 }] },
      ],
    },
    { meals: [{ type: "lunch", items: [{ food: "אורז", grams: 200 }] }] },
  ],
};

let chat: FakeChatServer;
let t: TestApp;
let noModel: TestApp;

beforeAll(async () => {
  chat = await startFakeChatServer();
  const env = { LLM_BASE_URL: chat.baseUrl, LLM_API_KEY: "sk-test-templates", LLM_MODEL: "test-model" };
  [t, noModel] = await Promise.all([startTestApp({ env }), startTestApp({ database: "postgres" })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), noModel?.close(), chat?.close()]);
});
beforeEach(() => {
  chat.requests.length = 0;
  chat.replies = [];
  chat.fallback = { answer: TRAINING_ANSWER };
});

const templateRows = async (app: TestApp, user: WebUserContext) => {
  const studioId = await studioIdOf(app, user);
  const [row] = await app.deps.database.db
    .select({ n: count() })
    .from(programTemplates)
    .where(eq(programTemplates.studioId, studioId));
  return row!.n;
};

describe("POST /v1/web/program-templates/generate-ai: training", () => {
  it("201: Hebrew day labels, strength rows with exerciseId null, aerobic minutes as the cardio requirement; saved with the generated name and level", async () => {
    const owner = newOwner();
    const res = await t.web("POST", PATH, owner, {
      type: "TRAINING",
      prompt: "  3 אימוני כוח בשבוע למתחיל  ",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const template = res.body.data;
    expect(template).toMatchObject({
      type: "TRAINING",
      name: "תוכנית כוח למתחילים",
      level: "מתחילים",
      displayName: null,
      description: null,
      folderId: null,
      pdfUrl: null,
      assignedCount: 0,
    });

    // One structured call with the trimmed prompt.
    expect(chat.requests).toHaveLength(1);
    const sent = chat.requests[0]!;
    expect(sent.authorization).toBe("Bearer sk-test-templates");
    expect(sent.body.response_format?.json_schema?.name).toBe("training_plan");
    expect(sent.body.messages[0]!.content).toMatch(/Hebrew/);
    expect(sent.body.messages.find((m) => m.role === "user")!.content).toBe(
      'The coach\'s request:\n"""\n3 אימוני כוח בשבוע למתחיל\n"""',
    );

    const content = TrainingContentSchema.parse(template.content);
    expect(content.meta).toMatchObject({
      workoutsPerWeek: 3,
      requirement: { mode: "cardioOnly", scope: "perWorkout", cardioMinutes: 20, stepsDaily: 0 },
    });
    expect(content.days.map((d) => d.label)).toEqual(["יום א׳ – חזה וכתפיים", "יום ב׳", "יום ג׳ – רגליים"]);
    // 20 minutes is the plan value (blank on the days that have it); day 2's 30 minutes stay on the day.
    expect(content.days.map((d) => d.cardioMinutes)).toEqual(["", "30", ""]);
    const [bench, press] = content.days[0]!.strength;
    expect(bench).toMatchObject({
      exerciseId: null,
      muscle: "חזה",
      reps: "8-10",
      rest: "90 שניות",
      weight: "70% מהמקסימום",
      rir: "2",
      tempo: "3-1-1",
      notes: "לחיצת חזה במוט\nשכמות צמודות",
    });
    expect(bench!.sets).toHaveLength(4);
    expect(bench!.sets.every((s) => s.type === "working")).toBe(true);
    expect(press).toMatchObject({ exerciseId: null, muscle: "כתפיים", notes: "לחיצת כתפיים" });
    expect(press!.sets).toHaveLength(3);

    // Stored as answered.
    const stored = await t.web("GET", `/v1/web/program-templates/${template.id}`, owner);
    expect(stored.body.data).toEqual(template);
  });
});

describe("POST /v1/web/program-templates/generate-ai: nutrition", () => {
  beforeEach(() => {
    chat.fallback = { answer: NUTRITION_ANSWER };
  });

  it("201: one targets block on every day, meals of the six types, items with foodId null and the food's name only in the note; normalized", async () => {
    const owner = newOwner();
    const res = await t.web("POST", PATH, owner, { type: "NUTRITION", prompt: "תפריט חיטוב 1800 קלוריות" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(chat.requests[0]!.body.response_format?.json_schema?.name).toBe("nutrition_plan");
    const template = res.body.data;
    expect(template).toMatchObject({ type: "NUTRITION", name: "תפריט חיטוב", level: null, assignedCount: 0 });
    const content = NutritionContentSchema.parse(template.content);
    expect(content.days).toHaveLength(2);
    for (const day of content.days)
      expect(day.targets).toEqual({
        kcal: 1800,
        protein: 140,
        carbs: 180,
        fat: 55,
        water: 2.5,
        kcalOverride: true,
      });
    const [breakfast, dinner] = content.days[0]!.meals;
    expect(breakfast).toMatchObject({ type: "breakfast", label: "ארוחת בוקר", time: "08:00" });
    expect(dinner).toMatchObject({ type: "dinner", label: "ארוחת ערב", time: "20:00" });
    expect(breakfast!.items.map(({ foodId, qty, note }) => ({ foodId, qty, note }))).toEqual([
      { foodId: null, qty: "120", note: "ביצים" },
      // No portion weight: the builder default.
      { foodId: null, qty: "100", note: "לחם מלא" },
    ]);
    expect(dinner!.items[0]).toMatchObject({ foodId: null, qty: "150", note: "חזה עוף" });
    expect(content.days[1]!.meals[0]).toMatchObject({ type: "lunch", label: "ארוחת צהריים", time: "13:00" });
    // The generated food name is nowhere but the note.
    expect(JSON.stringify(content).match(/חזה עוף/g)).toHaveLength(1);
  });

  it("COMBINED takes the nutrition branch and stores the nutrition-shaped content unnormalized", async () => {
    const res = await t.web("POST", PATH, newOwner(), { type: "COMBINED", prompt: "תוכנית משולבת" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(chat.requests[0]!.body.response_format?.json_schema?.name).toBe("nutrition_plan");
    const targets = { kcal: 1800, protein: 140, carbs: 180, fat: 55, water: 2.5, kcalOverride: true };
    expect(res.body.data.type).toBe("COMBINED");
    // As mapped: no ids, no meal times, blank qty kept (the normalizer would fill all three).
    expect(res.body.data.content).toEqual({
      schemaVersion: 1,
      meta: {},
      days: [
        {
          targets,
          meals: [
            {
              type: "breakfast",
              label: "ארוחת בוקר",
              items: [
                { foodId: null, qty: "120", note: "ביצים" },
                { foodId: null, qty: "", note: "לחם מלא" },
              ],
            },
            { type: "dinner", label: "ארוחת ערב", items: [{ foodId: null, qty: "150", note: "חזה עוף" }] },
          ],
        },
        {
          targets,
          meals: [
            { type: "lunch", label: "ארוחת צהריים", items: [{ foodId: null, qty: "200", note: "אורז" }] },
          ],
        },
      ],
    });
  });

  it("a plan without days still gets one day carrying the targets", async () => {
    chat.fallback = { answer: { ...NUTRITION_ANSWER, days: [] } };
    const res = await t.web("POST", PATH, newOwner(), { type: "NUTRITION", prompt: "x" });
    expect(res.status).toBe(201);
    expect(res.body.data.content.days).toHaveLength(1);
    expect(res.body.data.content.days[0].targets.kcal).toBe(1800);
  });
});

describe("POST /v1/web/program-templates/generate-ai: input, folder and failures", () => {
  it("prompt 1 to 2000 characters, refused when blank after trimming; type required; nothing asked of the model", async () => {
    const owner = newOwner();
    for (const body of [
      { type: "TRAINING", prompt: "   \n " },
      { type: "TRAINING", prompt: "" },
      { type: "TRAINING", prompt: "x".repeat(2001) },
      { type: "TRAINING" },
      { prompt: "plan" },
      { type: "YOGA", prompt: "plan" },
    ]) {
      const res = await t.web("POST", PATH, owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect(chat.requests).toHaveLength(0);
    expect((await t.web("POST", PATH, owner, { type: "TRAINING", prompt: "x".repeat(2000) })).status).toBe(
      201,
    );
  });

  it("folderId: the studio's folder is saved; an unknown one or another studio's answers CONFLICT before the model is asked", async () => {
    const owner = newOwner();
    const insertFolder = async (user: WebUserContext) => {
      const [row] = await t.deps.database.db
        .insert(templateFolders)
        .values({ studioId: await studioIdOf(t, user), name: "AI" })
        .returning({ id: templateFolders.id });
      return row!.id;
    };
    const own = await insertFolder(owner);
    const ok = await t.web("POST", PATH, owner, { type: "TRAINING", prompt: "plan", folderId: own });
    expect(ok.status).toBe(201);
    expect(ok.body.data.folderId).toBe(own);
    chat.requests.length = 0;
    for (const folderId of [await insertFolder(newOwner()), "no-such-folder"]) {
      const res = await t.web("POST", PATH, owner, { type: "TRAINING", prompt: "plan", folderId });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "CONFLICT", message: "related resource constraint failed" });
    }
    expect(chat.requests).toHaveLength(0);
    expect(await templateRows(t, owner)).toBe(1);
  });

  it("without a language model: SERVICE_UNAVAILABLE 503, nothing saved", async () => {
    const owner = newOwner();
    const res = await noModel.web("POST", PATH, owner, { type: "TRAINING", prompt: "plan" });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      ok: false,
      code: "SERVICE_UNAVAILABLE",
      message: "language model is not configured",
    });
    expect(await templateRows(noModel, owner)).toBe(0);
  });

  it("the model fails (error status twice): 503 language model unavailable, nothing saved", async () => {
    const owner = newOwner();
    chat.fallback = { status: 500, body: { error: { message: "boom sk-secret" } } };
    const res = await t.web("POST", PATH, owner, { type: "NUTRITION", prompt: "plan" });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "language model unavailable" });
    expect(JSON.stringify(res.body)).not.toContain("sk-secret");
    expect(chat.requests).toHaveLength(2);
    expect(await templateRows(t, owner)).toBe(0);
  });

  it("an unusable answer (blank name, wrong shape) twice: 503 language model answer was not usable", async () => {
    const owner = newOwner();
    chat.replies = [{ answer: { ...TRAINING_ANSWER, name: "  " } }, { answer: { name: "x" } }];
    const res = await t.web("POST", PATH, owner, { type: "TRAINING", prompt: "plan" });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("language model answer was not usable");
    expect(await templateRows(t, owner)).toBe(0);
  });

  it("one retry: an unusable first answer followed by a good one saves the plan", async () => {
    const owner = newOwner();
    chat.replies = [{ content: "not json" }];
    const res = await t.web("POST", PATH, owner, { type: "TRAINING", prompt: "plan" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(chat.requests).toHaveLength(2);
    expect(await templateRows(t, owner)).toBe(1);
  });
});
