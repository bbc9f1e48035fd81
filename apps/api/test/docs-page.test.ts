import { readFileSync } from "node:fs";
import { Script } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCS_SCRIPT_PATH, scalarBundle } from "../src/docs-page";
import { startTestApp, type TestApp } from "./support/harness";

/**
 * /docs works without internet (issue 9 item 8): the page loads the Scalar bundle from this
 * server, never from a CDN. The browser check (scripts/check-docs-page.ts) needs Chromium;
 * this test runs everywhere and checks what the browser would be given.
 */
let t: TestApp;
let html: string;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
  const res = await fetch(`${t.baseUrl}/docs`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/html");
  html = await res.text();
});
afterAll(async () => t?.close());

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Every absolute URL or protocol-relative reference in a text. */
const externalHosts = (text: string) =>
  [...text.matchAll(/(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,}|\[[0-9a-f:]+\])(?=[/:"'\s)?#]|$)/gi)]
    .map((m) => m[1]!.toLowerCase())
    .filter((host) => !LOOPBACK.has(host));

const scriptSources = (text: string) => [...text.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);

describe("/docs offline", () => {
  it("the page references no external host: no CDN script, no font or stylesheet from elsewhere", () => {
    expect(externalHosts(html)).toEqual([]);
    // Self-check of the matcher: the CDN the middleware uses by default would be caught.
    expect(externalHosts('<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference">')).toEqual([
      "cdn.jsdelivr.net",
    ]);
    const sources = scriptSources(html);
    expect(sources).toEqual([`${DOCS_SCRIPT_PATH}?v=${scalarBundle().version}`]);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  });

  it("the reference is configured not to fetch fonts, telemetry or AI features from scalar.com", () => {
    expect(html).toContain('"url": "/openapi.json"');
    expect(html).toContain('"withDefaultFonts": false');
    expect(html).toContain('"telemetry": false');
    expect(html).toMatch(/"agent": \{\s*"disabled": true\s*\}/);
    expect(html).toMatch(/"mcp": \{\s*"disabled": true\s*\}/);
  });

  it("the script URL serves the installed bundle as JavaScript with a long cache header", async () => {
    const [src] = scriptSources(html);
    const res = await fetch(new URL(src!, t.baseUrl), { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    const installed = readFileSync(scalarBundle().file);
    expect(body.length).toBe(installed.length);
    expect(body.equals(installed)).toBe(true);
    // It is a script a browser can run: it compiles and defines the global the page calls.
    const source = body.toString("utf8");
    expect(() => new Script(source, { filename: "scalar.js" })).not.toThrow();
    expect(source).toContain("createApiReference");
    expect(html).toContain("Scalar.createApiReference('#app'");
  });

  it("the bundle is sent gzipped to a client that accepts it, and is the same bytes once inflated", async () => {
    const res = await fetch(`${t.baseUrl}${DOCS_SCRIPT_PATH}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("accept-encoding");
    const installed = readFileSync(scalarBundle().file);
    // fetch inflates the body; the wire size is what content-length says.
    expect(Number(res.headers.get("content-length"))).toBeLessThan(installed.length / 2);
    expect(Buffer.from(await res.arrayBuffer()).equals(installed)).toBe(true);
  });

  it("the bundle file is resolved from the installed package, not from a path relative to the sources", () => {
    const { file, version } = scalarBundle();
    expect(file).toMatch(/@scalar[/\\]api-reference[/\\]dist[/\\]browser[/\\]standalone\.js$/);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
