import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { contentItems } from "@studio/db";
import { ContentCreateInput } from "@studio/contracts";
import { startFakeChatServer, type FakeChatServer } from "@studio/providers/model/fake-chat-server";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

// POST /v1/web/content/generate-recipe (document 2) against real loopback servers: an
// OpenAI-compatible chat server, a recipe site and a second reader.

const PATH = "/v1/web/content/generate-recipe";

const RECIPE_HTML = `<!doctype html><html lang="he"><head><meta charset="utf-8"><title>שקשוקה ביתית</title>
<script>var ads = "not the recipe";</script></head>
<body><nav>תפריט ראשי</nav><article><h1>שקשוקה ביתית</h1>
<p>ארוחת בוקר חמה לכל המשפחה, מוכנה בעשרים דקות.</p>
<ul><li>4 ביצים</li><li>2 עגבניות</li><li>1 בצל</li></ul>
<ol><li>לחתוך את הירקות</li><li>לשבור את הביצים לתוך הרוטב</li></ol></article></body></html>`;

/** The model's answer, with the blank lines and blank steps the draft must drop. */
const MODEL_ANSWER = {
  title: "  שקשוקה ביתית \n",
  description: "ארוחת בוקר חמה.\n\n   מתאימה לכל המשפחה.  ",
  ingredients: ["4 ביצים", "", "  2 עגבניות  ", "1 בצל\n\n1 פלפל אדום", "   "],
  steps: [
    { type: "step", text: "לחתוך את הירקות" },
    { type: "step", text: "   " },
    { type: "step", text: "לבשל את הרוטב\n\n  ולשבור את הביצים  " },
    { type: "tip", text: "להגיש עם לחם וטחינה" },
    { type: "tip", text: "" },
  ],
};
const EXPECTED_DRAFT = {
  type: "recipe",
  title: "שקשוקה ביתית",
  description: "ארוחת בוקר חמה.\nמתאימה לכל המשפחה.",
  ingredients: "4 ביצים\n2 עגבניות\n1 בצל\n1 פלפל אדום",
  steps: [
    { type: "step", text: "לחתוך את הירקות" },
    { type: "step", text: "לבשל את הרוטב\nולשבור את הביצים" },
    { type: "tip", text: "להגיש עם לחם וטחינה" },
  ],
};

const PASTED = "שקשוקה: 4 ביצים, 2 עגבניות. לחתוך, לבשל, לשבור ביצים.";

let chat: FakeChatServer;
let site: Server;
let siteOrigin: string;
let sitePort: number;
const siteCalls: string[] = [];
let reader: Server;
const readerCalls: string[] = [];
let t: TestApp;
let noModel: TestApp;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  chat = await startFakeChatServer();
  site = createServer((req, res) => {
    siteCalls.push(req.url ?? "");
    if (req.url === "/recipe")
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(RECIPE_HTML);
    else if (req.url?.startsWith("/blocked"))
      res.writeHead(403, { "content-type": "text/html" }).end("<h1>denied</h1>");
    else if (req.url === "/shell")
      res
        .writeHead(200, { "content-type": "text/html" })
        .end('<html><body><div id="app"></div></body></html>');
    else res.writeHead(404).end();
  });
  sitePort = await listen(site);
  siteOrigin = `http://127.0.0.1:${sitePort}`;
  // The second reader (Jina Reader's protocol): GET /<page URL> → the page as text.
  reader = createServer((req, res) => {
    const target = (req.url ?? "/").slice(1);
    readerCalls.push(target);
    if (target.includes("reader-fails")) res.writeHead(502).end("upstream failed");
    else if (target.includes("/shell")) res.writeHead(200, { "content-type": "text/plain" }).end("  \n ");
    else
      res
        .writeHead(200, { "content-type": "text/plain; charset=utf-8" })
        .end(
          `Title: עוגת שוקולד\n\nMarkdown Content:\nעוגת שוקולד בחושה: 200 גרם שוקולד, 4 ביצים, כוס סוכר. (${target})`,
        );
  });
  const readerPort = await listen(reader);
  const env = {
    LLM_BASE_URL: chat.baseUrl,
    LLM_API_KEY: "sk-test-recipes",
    LLM_MODEL: "test-model",
    WEBHOOK_ALLOW_LOOPBACK: "1",
    RECIPE_READER_URL: `http://127.0.0.1:${readerPort}/`,
  };
  [t, noModel] = await Promise.all([
    startTestApp({ env }),
    startTestApp({ database: "postgres", env: { WEBHOOK_ALLOW_LOOPBACK: "1" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), noModel?.close(), chat?.close()]);
  for (const server of [site, reader]) {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
});
beforeEach(() => {
  chat.requests.length = 0;
  chat.replies = [];
  chat.fallback = { answer: MODEL_ANSWER };
  siteCalls.length = 0;
  readerCalls.length = 0;
});

/** The user message the model received in the last call. */
const lastPrompt = () => chat.requests.at(-1)!.body.messages.find((m) => m.role === "user")!.content;

const contentRows = async (app: TestApp, owner: WebUserContext) => {
  const studio = await app.web("GET", "/v1/web/studio", owner);
  const [row] = await app.deps.database.db
    .select({ n: count() })
    .from(contentItems)
    .where(eq(contentItems.studioId, studio.body.data.id));
  return row!.n;
};

describe("POST /v1/web/content/generate-recipe", () => {
  it("text only: 200, the Hebrew draft shaped as the create body, blank lines and blank steps dropped, nothing saved", async () => {
    const owner = newOwner();
    const res = await t.web("POST", PATH, owner, { text: `  ${PASTED}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    expect(res.body.data).toEqual(EXPECTED_DRAFT);

    // One structured call with the pasted text, trimmed; no link, no fetch.
    expect(chat.requests).toHaveLength(1);
    const sent = chat.requests[0]!;
    expect(sent.authorization).toBe("Bearer sk-test-recipes");
    expect(sent.body.model).toBe("test-model");
    expect(sent.body.response_format?.json_schema?.name).toBe("recipe_draft");
    expect(sent.body.messages[0]!.content).toMatch(/Hebrew/);
    expect(lastPrompt()).toBe(`Recipe text pasted by the coach:\n"""\n${PASTED}\n"""`);
    expect(siteCalls).toEqual([]);
    expect(readerCalls).toEqual([]);
    expect(await contentRows(t, owner)).toBe(0);
  });

  it("the draft can be passed to create as it is (POST /v1/web/content answers 201 with the same fields)", async () => {
    const owner = newOwner();
    const draft = (await t.web("POST", PATH, owner, { text: PASTED })).body.data;
    expect(ContentCreateInput.safeParse(draft).success).toBe(true);
    const created = await t.web("POST", "/v1/web/content", owner, draft);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject(EXPECTED_DRAFT);
  });

  it("link only: the page is read (its text in the prompt, scripts and navigation left out)", async () => {
    const owner = newOwner();
    const res = await t.web("POST", PATH, owner, { link: `${siteOrigin}/recipe` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(EXPECTED_DRAFT);
    expect(siteCalls).toEqual(["/recipe"]);
    expect(readerCalls).toEqual([]);
    const prompt = lastPrompt();
    expect(
      prompt.startsWith(`Recipe link: ${siteOrigin}/recipe\n\nText of the recipe page:\n"""\nשקשוקה ביתית\n`),
    ).toBe(true);
    expect(prompt).toContain("4 ביצים\n2 עגבניות\n1 בצל\nלחתוך את הירקות");
    expect(prompt).not.toMatch(/not the recipe|תפריט ראשי/);
    expect(prompt).not.toContain("pasted by the coach");
    expect(await contentRows(t, owner)).toBe(0);
  });

  it("text and link: both go to the model", async () => {
    const res = await t.web("POST", PATH, newOwner(), { text: PASTED, link: `${siteOrigin}/recipe` });
    expect(res.status).toBe(200);
    expect(lastPrompt()).toContain("Text of the recipe page:");
    expect(lastPrompt()).toContain(`Recipe text pasted by the coach:\n"""\n${PASTED}`);
  });

  it("the site blocks the fetch (403): the second reader is tried and its text is used", async () => {
    const link = `${siteOrigin}/blocked/cake`;
    const res = await t.web("POST", PATH, newOwner(), { link });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(EXPECTED_DRAFT);
    expect(siteCalls).toEqual(["/blocked/cake"]);
    expect(readerCalls).toEqual([link]);
    expect(lastPrompt()).toContain(`עוגת שוקולד בחושה: 200 גרם שוקולד, 4 ביצים, כוס סוכר. (${link})`);
  });

  it("neither the site nor the second reader works, with text: the text alone is used", async () => {
    const link = `${siteOrigin}/blocked/reader-fails`;
    const res = await t.web("POST", PATH, newOwner(), { text: PASTED, link });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(EXPECTED_DRAFT);
    expect(readerCalls).toEqual([link]);
    expect(lastPrompt()).toBe(
      `Recipe link: ${link}\n\nRecipe text pasted by the coach:\n"""\n${PASTED}\n"""`,
    );
  });

  it("neither works without text: BAD_REQUEST could not fetch recipe link, and no model call", async () => {
    const owner = newOwner();
    const res = await t.web("POST", PATH, owner, { link: `${siteOrigin}/blocked/reader-fails` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      code: "BAD_REQUEST",
      message: "could not fetch recipe link",
    });
    expect(chat.requests).toHaveLength(0);
    expect(await contentRows(t, owner)).toBe(0);
  });

  it("a page with no readable text (and nothing better from the second reader): recipe link had no readable text", async () => {
    const res = await t.web("POST", PATH, newOwner(), { link: `${siteOrigin}/shell` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: "recipe link had no readable text" });
    expect(siteCalls).toEqual(["/shell"]);
    expect(readerCalls).toEqual([`${siteOrigin}/shell`]);
    expect(chat.requests).toHaveLength(0);
  });

  it("an unsafe link is refused by the outbound checks and never handed to the second reader", async () => {
    const refused = await t.web("POST", PATH, newOwner(), {
      link: "http://169.254.169.254/latest/meta-data/",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("could not fetch recipe link");
    const internal = await t.web("POST", PATH, newOwner(), { link: "https://db.internal/recipes" });
    expect(internal.body.message).toBe("could not fetch recipe link");
    expect(readerCalls).toEqual([]);
    // With text, the text alone is used.
    const withText = await t.web("POST", PATH, newOwner(), { link: "http://10.0.0.7/", text: PASTED });
    expect(withText.status).toBe(200);
    expect(readerCalls).toEqual([]);
  });

  it("https:// is added to a link without a scheme", async () => {
    // The loopback site speaks plain http, so the https fetch fails and the second reader gets the https URL.
    const res = await t.web("POST", PATH, newOwner(), {
      link: `  127.0.0.1:${sitePort}/blocked/no-scheme  `,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(readerCalls).toEqual([`https://127.0.0.1:${sitePort}/blocked/no-scheme`]);
    expect(lastPrompt().startsWith(`Recipe link: https://127.0.0.1:${sitePort}/blocked/no-scheme\n`)).toBe(
      true,
    );
  });

  it.each([
    "ftp://example.com/recipe",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "mailto:chef@example.com",
  ])("refuses a link that is not http or https (%s) with VALIDATION", async (link) => {
    const res = await t.web("POST", PATH, newOwner(), { link });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "VALIDATION" });
    expect(res.body.details.issues).toEqual([
      { path: "link", message: "link must be an http or https URL", code: "custom" },
    ]);
    expect(chat.requests).toHaveLength(0);
  });

  it.each([[{}], [{ text: "   ", link: " \n " }], [{ text: null, link: null }], [{ text: "" }]])(
    "blank text and link answer VALIDATION (%j)",
    async (body) => {
      const res = await t.web("POST", PATH, newOwner(), body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "text or link is required" });
      expect(chat.requests).toHaveLength(0);
    },
  );

  it("without a model (LLM_BASE_URL unset): SERVICE_UNAVAILABLE 503, no fetch", async () => {
    const res = await noModel.web("POST", PATH, newOwner(), { link: `${siteOrigin}/recipe`, text: PASTED });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      ok: false,
      code: "SERVICE_UNAVAILABLE",
      message: "language model is not configured",
    });
    expect(siteCalls).toEqual([]);
  });

  it("a failing model answers 503: unavailable after one retry, an unusable answer after one retry", async () => {
    chat.replies = [
      { status: 500, body: {} },
      { status: 500, body: {} },
    ];
    const down = await t.web("POST", PATH, newOwner(), { text: PASTED });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "language model unavailable" });
    expect(chat.requests).toHaveLength(2);

    chat.requests.length = 0;
    chat.replies = [{ answer: { ...MODEL_ANSWER, title: "  " } }, { content: "not json" }];
    const unusable = await t.web("POST", PATH, newOwner(), { text: PASTED });
    expect(unusable.status).toBe(503);
    expect(unusable.body.message).toBe("language model answer was not usable");
    expect(chat.requests).toHaveLength(2);

    // A 500 then a good answer: the retry answers.
    chat.requests.length = 0;
    chat.replies = [{ status: 500, body: {} }];
    const retried = await t.web("POST", PATH, newOwner(), { text: PASTED });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(EXPECTED_DRAFT);
  });

  it("the static path is not taken for a content id (GET /v1/web/content/generate-recipe is the item lookup)", async () => {
    const res = await t.web("GET", PATH, newOwner());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect(chat.requests).toHaveLength(0);
  });
});

describe("model and reader settings", () => {
  it("LLM_BASE_URL and RECIPE_READER_URL must be http(s) URLs; LLM_MODEL defaults to gpt-4o-mini", async () => {
    const { loadConfig, ConfigError } = await import("../src/config");
    const { modelDeps, DEFAULT_LLM_MODEL } = await import("../src/bootstrap");
    expect(() => loadConfig({ LLM_BASE_URL: "api.openai.com/v1" })).toThrow(ConfigError);
    expect(() => loadConfig({ LLM_BASE_URL: "ftp://models.example/v1" })).toThrow(
      "LLM_BASE_URL must be an http or https URL",
    );
    expect(() => loadConfig({ RECIPE_READER_URL: "r.jina.ai" })).toThrow(
      "RECIPE_READER_URL must be an http or https URL",
    );
    const config = loadConfig({
      LLM_BASE_URL: " https://api.openai.com/v1 ",
      LLM_API_KEY: "sk-x",
      RECIPE_READER_URL: "https://r.jina.ai/",
    });
    expect(config.llm).toEqual({ baseUrl: "https://api.openai.com/v1", apiKey: "sk-x", model: undefined });
    expect(config.recipeReader).toEqual({ url: "https://r.jina.ai/", apiKey: undefined });
    expect(DEFAULT_LLM_MODEL).toBe("gpt-4o-mini");
    expect(modelDeps(config).model).not.toBeNull();
    expect(modelDeps(loadConfig({})).model).toBeNull();
    expect(loadConfig({}).recipeReader).toBeUndefined();
  });

  it("the default model name reaches the provider when LLM_MODEL is unset", async () => {
    const { loadConfig } = await import("../src/config");
    const { modelDeps } = await import("../src/bootstrap");
    const { model } = modelDeps(loadConfig({ LLM_BASE_URL: chat.baseUrl }));
    chat.replies = [{ answer: MODEL_ANSWER }];
    const { RecipeModelAnswer } = await import("@studio/domain");
    const answer = await model!.generate({
      schemaName: "x",
      schema: RecipeModelAnswer,
      system: "s",
      prompt: "p",
    });
    expect(answer.ok).toBe(true);
    expect(chat.requests.at(-1)!.body.model).toBe("gpt-4o-mini");
    expect(chat.requests.at(-1)!.authorization).toBeUndefined();
  });
});
