/**
 * Opens /docs in a real headless Chromium with every non-loopback request blocked and checks
 * that the API reference renders: the page must work without internet.
 *
 *   pnpm --filter @studio/api docs:check            # the API from the sources (tsx src/main.ts)
 *   pnpm --filter @studio/api docs:check -- --dist  # the built API (node dist/main.js; run `pnpm build` first)
 *
 * Options: --entry <file> (another built main.js or main.ts), --screenshot <file> (default: <tmp>/studio-docs-page.png), --chromium <path>
 * (default: $CHROMIUM_PATH or /usr/bin/chromium). Needs a Chromium binary (Debian: apt-get
 * install chromium); CI has none, so this is a script, not a vitest test (the test
 * apps/api/test/docs-page.test.ts checks the HTML and the bundle without a browser).
 *
 * The API runs on a free loopback port over a throwaway embedded database; the script stops
 * it (and only it) when done. Exit code 0 when the reference rendered, 1 otherwise.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

/** An operation of the document whose title must be visible once the reference rendered. */
const KNOWN_OPERATION = "Create a lead";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Progress and results go to stdout; failures to stderr. */
const say = (line: string) => process.stdout.write(`${line}\n`);

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

const isLoopback = (url: string) => {
  const { protocol, hostname } = new URL(url);
  if (protocol === "data:" || protocol === "blob:" || protocol === "about:") return true;
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]";
};

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not answer /healthz within ${timeoutMs} ms`);
}

async function main() {
  const useDist = process.argv.includes("--dist");
  const screenshot = resolve(option("--screenshot") ?? join(tmpdir(), "studio-docs-page.png"));
  const executablePath = option("--chromium") ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath))
    throw new Error(`no Chromium at ${executablePath} (apt-get install chromium)`);
  const entry = resolve(
    option("--entry") ?? (useDist ? join(apiDir, "dist", "main.js") : join(apiDir, "src", "main.ts")),
  );
  if (!existsSync(entry)) throw new Error(`${entry} is missing (run pnpm build first)`);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), "docs-check-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "development",
    PGLITE_DATA_DIR: join(dataDir, "pglite"),
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const command = entry.endsWith(".js") ? process.execPath : join(apiDir, "node_modules", ".bin", "tsx");
  const api = spawn(command, [entry], { cwd: apiDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let apiOutput = "";
  api.stdout?.on("data", (d: Buffer) => (apiOutput += d.toString()));
  api.stderr?.on("data", (d: Buffer) => (apiOutput += d.toString()));

  const blocked: string[] = [];
  const pageErrors: string[] = [];
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  let page: Awaited<ReturnType<Awaited<ReturnType<typeof chromium.launch>>["newPage"]>> | undefined;
  try {
    await waitForHealth(baseUrl, api, 90_000);
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (isLoopback(url)) return route.continue();
      blocked.push(url);
      return route.abort("internetdisconnected");
    });
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));

    const res = await page.goto(`${baseUrl}/docs`, { waitUntil: "domcontentloaded" });
    if (res?.status() !== 200) throw new Error(`/docs answered ${res?.status()}`);
    // The operation list is rendered client-side from /openapi.json: wait for the sidebar's
    // operation entries, then find the known operation through the reference's own search
    // (independent of tag names and order) and wait for its section title.
    const firstEntry = page.locator("nav, aside").getByRole("link").first();
    await firstEntry.waitFor({ state: "visible", timeout: 60_000 });
    await page
      .getByRole("button", { name: /search/i })
      .first()
      .click();
    await page.keyboard.type(KNOWN_OPERATION);
    await page
      .getByRole("option", { name: new RegExp(KNOWN_OPERATION) })
      .first()
      .click({ timeout: 15_000 });
    const title = page.getByRole("heading", { name: KNOWN_OPERATION, exact: true }).first();
    await title.waitFor({ state: "visible", timeout: 30_000 });
    const sidebarEntries = await page.getByText(KNOWN_OPERATION, { exact: true }).count();
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page.screenshot({ path: screenshot });

    say(`docs:check ok: "${KNOWN_OPERATION}" is visible (${sidebarEntries} occurrences)`);
    say(`target: ${entry} on ${baseUrl}`);
    say(`screenshot: ${screenshot}`);
    if (pageErrors.length) say(`page errors:\n  ${pageErrors.join("\n  ")}`);
    if (blocked.length) {
      // Nothing may leave the machine: the page must not even try.
      throw new Error(`the page tried to reach other hosts:\n  ${blocked.join("\n  ")}`);
    }
    say("non-loopback requests attempted: 0");
  } catch (error) {
    if (page) {
      const failed = screenshot.replace(/(\.png)?$/, "-failed.png");
      await page.screenshot({ path: failed }).catch(() => undefined);
      console.error(`screenshot of the failure: ${failed}`);
    }
    if (pageErrors.length) console.error(`page errors:\n  ${pageErrors.join("\n  ")}`);
    if (blocked.length) console.error(`blocked requests:\n  ${blocked.join("\n  ")}`);
    if (apiOutput) console.error(`API output:\n${apiOutput.slice(-4000)}`);
    throw error;
  } finally {
    await browser?.close();
    if (api.exitCode === null) {
      api.kill("SIGTERM");
      await new Promise((r) => {
        const timer = setTimeout(() => {
          api.kill("SIGKILL");
          r(undefined);
        }, 10_000);
        api.once("exit", () => {
          clearTimeout(timer);
          r(undefined);
        });
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`docs:check failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
