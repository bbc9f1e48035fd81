import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEntities, htmlToText, tidyLines } from "./html-text";
import { createWebPageReader } from "./web-page-reader";

const RECIPE_PAGE = `<!doctype html>
<html lang="he"><head>
  <meta charset="utf-8"><title>שקשוקה &amp; לחם | בלוג</title>
  <style>body { color: red }</style>
  <script>window.tracking = "do not read me";</script>
  <script type="application/ld+json">
    {"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"x"},
     {"@type":["Recipe"],"name":"שקשוקה","description":"ארוחת בוקר","recipeYield":"4",
      "recipeIngredient":["4 ביצים","2 עגבניות"],
      "recipeInstructions":[{"@type":"HowToSection","name":"הכנה","itemListElement":[{"@type":"HowToStep","text":"לחתוך עגבניות"}]},
                            {"@type":"HowToStep","text":"לשבור ביצים"}]}]}
  </script>
</head><body>
  <nav><a href="/">בית</a> <a href="/about">אודות</a></nav>
  <!-- a comment that is not text -->
  <h1>שקשוקה</h1>
  <p>מתכון&nbsp;קל &#8211; 20 דקות</p>
  <ul><li>4 ביצים</li><li>2 עגבניות</li></ul>
  <footer>כל הזכויות שמורות</footer>
</body></html>`;

let page: Server;
let origin: string;
let reader: Server;
let readerOrigin: string;
const readerCalls: { path: string; authorization?: string }[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  page = createServer((req, res) => {
    switch (req.url) {
      case "/recipe":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(RECIPE_PAGE);
        return;
      case "/legacy-hebrew": {
        // "שלום עולם" in windows-1255, declared only in a meta tag.
        const body = Buffer.concat([
          Buffer.from(
            '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1255"></head><body><p>',
          ),
          Buffer.from([0xf9, 0xec, 0xe5, 0xed, 0x20, 0xf2, 0xe5, 0xec, 0xed]),
          Buffer.from(" - a page long enough to count as readable text for the reader.</p></body></html>"),
        ]);
        res.writeHead(200, { "content-type": "text/html" }).end(body);
        return;
      }
      case "/plain":
        res
          .writeHead(200, { "content-type": "text/plain" })
          .end("  line one of a plain page  \n\n\n  line two, long enough to be read as text  \n");
        return;
      case "/shell":
        res
          .writeHead(200, { "content-type": "text/html" })
          .end('<html><body><div id="root"></div><script src="/app.js"></script></body></html>');
        return;
      case "/image":
        res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(200, 1));
        return;
      case "/blocked":
        res.writeHead(403, { "content-type": "text/html" }).end("<h1>Access denied</h1>");
        return;
      case "/redirect":
        res.writeHead(302, { location: "/recipe" }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  origin = await listen(page);
  reader = createServer((req, res) => {
    readerCalls.push({ path: req.url ?? "", authorization: req.headers.authorization });
    res
      .writeHead(200, { "content-type": "text/plain; charset=utf-8" })
      .end(`Title: rendered by the reader\n\nMarkdown Content:\nThe text of ${req.url?.slice(1)}`);
  });
  readerOrigin = await listen(reader);
});
afterAll(async () => {
  for (const server of [page, reader]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe("web page reader", () => {
  const pages = () => createWebPageReader({ allowLoopback: true });

  it("reads an HTML page as text: title, the embedded schema.org Recipe, visible text; no scripts, styles, nav or footer", async () => {
    const read = await pages().read(`${origin}/recipe`);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const lines = read.text.split("\n");
    expect(lines[0]).toBe("שקשוקה & לחם | בלוג");
    expect(read.text).toContain(
      "Ingredients:\n4 ביצים\n2 עגבניות\nInstructions:\nהכנה\nלחתוך עגבניות\nלשבור ביצים",
    );
    expect(read.text).toContain("מתכון קל – 20 דקות");
    expect(read.text).not.toMatch(/tracking|color: red|בית|אודות|כל הזכויות|comment/);
    // Three sections (title, recipe data, visible text) separated by one blank line; no other blank lines.
    const sections = read.text.split("\n\n");
    expect(sections).toHaveLength(3);
    expect(sections.flatMap((s) => s.split("\n")).filter((l) => l.trim() !== l || l === "")).toEqual([]);
  });

  it("decodes a legacy charset declared in a meta tag", async () => {
    const read = await pages().read(`${origin}/legacy-hebrew`);
    expect(read).toMatchObject({ ok: true });
    if (read.ok) expect(read.text).toMatch(/^שלום עולם - a page/);
  });

  it("reads plain text pages, blank lines dropped", async () => {
    expect(await pages().read(`${origin}/plain`)).toEqual({
      ok: true,
      text: "line one of a plain page\nline two, long enough to be read as text",
    });
  });

  it("an empty shell page or a non-text answer has no readable text", async () => {
    expect(await pages().read(`${origin}/shell`)).toEqual({
      ok: false,
      failure: "no-text",
      message: "page has no readable text",
    });
    expect(await pages().read(`${origin}/image`)).toEqual({
      ok: false,
      failure: "no-text",
      message: "page is not text (image/png)",
    });
  });

  it("a refusing site, a redirect or an unreachable host is unreachable (another reader may get it)", async () => {
    expect(await pages().read(`${origin}/blocked`)).toEqual({
      ok: false,
      failure: "unreachable",
      message: "page answered 403",
    });
    expect(await pages().read(`${origin}/redirect`)).toMatchObject({ ok: false, failure: "unreachable" });
    expect(await pages().read("http://127.0.0.1:1/")).toMatchObject({ ok: false, failure: "unreachable" });
  });

  it("an unsafe target is refused", async () => {
    expect(await createWebPageReader().read(`${origin}/recipe`)).toEqual({
      ok: false,
      failure: "refused",
      message: "target address 127.0.0.1 is loopback",
    });
    expect(await pages().read("http://169.254.169.254/latest/meta-data/")).toMatchObject({
      failure: "refused",
    });
  });

  it("the second reader: GET <reader URL><page URL> with the bearer key; none configured answers null", async () => {
    expect(await pages().readThroughReader(`${origin}/blocked`)).toBeNull();
    const withReader = createWebPageReader({
      allowLoopback: true,
      readerUrl: `${readerOrigin}/`,
      readerApiKey: "reader-key",
    });
    const read = await withReader.readThroughReader(`${origin}/blocked`);
    expect(read).toEqual({
      ok: true,
      text: `Title: rendered by the reader\nMarkdown Content:\nThe text of ${origin}/blocked`,
    });
    expect(readerCalls.at(-1)).toEqual({ path: `/${origin}/blocked`, authorization: "Bearer reader-key" });
  });

  it("the second reader is never handed a URL the checks refuse", async () => {
    const before = readerCalls.length;
    const withReader = createWebPageReader({ allowLoopback: true, readerUrl: `${readerOrigin}/` });
    expect(await withReader.readThroughReader("http://10.0.0.1/admin")).toEqual({
      ok: false,
      failure: "refused",
      message: "target address 10.0.0.1 is private",
    });
    expect(readerCalls.length).toBe(before);
  });
});

describe("html to text helpers", () => {
  it("decodes numeric and named entities, leaves unknown ones", () => {
    expect(decodeEntities("a &amp; b &lt;c&gt; &#1513;&#x05DC; &frac12; &bogus; &#0;")).toBe(
      "a & b <c> של ½ &bogus; ",
    );
  });

  it("tidies lines", () => {
    expect(tidyLines("  a \t b \r\n\r\n   \n c  ")).toBe("a b\nc");
  });

  it("turns block elements into lines and inline ones into spaces", () => {
    expect(htmlToText("<div>one<br>two</div><p>three <b>bold</b></p><li>four</li>")).toBe(
      "one\ntwo\nthree bold\nfour",
    );
  });

  it("reads recipeInstructions written as one string", () => {
    const html = `<script type="application/ld+json">{"@type":"Recipe","name":"R","recipeIngredient":"1 egg","recipeInstructions":"Boil it."}</script>`;
    expect(htmlToText(html)).toBe("R\nIngredients:\n1 egg\nInstructions:\nBoil it.");
  });

  it("skips JSON-LD that does not parse", () => {
    expect(htmlToText(`<script type="application/ld+json">{not json</script><p>body</p>`)).toBe("body");
  });
});
