import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/harness";
import { newTrainee } from "./support/tracking-fixtures";

/**
 * The trainee lane guard's per-process memory (issue 30 item 5): a token verified once is not
 * verified again, yet answers exactly as a fresh verification would; the Authorization header is
 * read from Node's raw header list yet answers as Hono's joined header would. And the trainee
 * writes' statements, prepared once per handle, on both drivers.
 */

let t: TestApp;
const START = Date.parse("2026-03-10T10:00:00Z");
let clock = START;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock = START;
});

/** A request with each header given as its own line (Node writes an array value as several lines). */
function rawRequest(
  app: TestApp,
  path: string,
  headers: Record<string, string | string[]>,
): Promise<{ status: number; body: any }> {
  const url = new URL(path, app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("trainee token verdicts remembered per token", () => {
  it("a preview token the lane already accepted is refused from its expiry on, as a fresh verification would", async () => {
    const s = await newTrainee(t);
    const preview = s.previewToken(clock);
    const read = () =>
      t.request("GET", "/v1/trainee/water", {
        headers: { authorization: `Bearer ${preview}`, "x-timezone": "Asia/Jerusalem" },
      });
    expect((await read()).status).toBe(200);
    clock = START + 15 * 60_000 - 1;
    expect((await read()).status).toBe(200);
    // Its expiry (15 minutes): the remembered payload's exp is checked again on every use.
    clock = START + 15 * 60_000;
    const expired = await read();
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: "UNAUTHORIZED", message: "invalid trainee token" });
    // Still refused after (the expired verdict is not remembered as valid).
    clock = START;
    expect((await read()).status).toBe(200);
    clock = START + 16 * 60_000;
    expect((await read()).status).toBe(401);
  });

  it("a regular token keeps working; a token signed with another secret stays refused after the valid one was remembered", async () => {
    const s = await newTrainee(t);
    for (let i = 0; i < 3; i++) expect((await s.call("GET", "/v1/trainee/water")).status).toBe(200);
    const [payload] = s.token.split(".");
    const forged = `${payload}.${Buffer.from("not the mac").toString("base64url")}`;
    const res = await t.request("GET", "/v1/trainee/water", {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
  });
});

describe("the Authorization header as one joined value", () => {
  it("two Authorization lines are refused even when the first carries a valid token (Hono's joined value, not Node's first)", async () => {
    const s = await newTrainee(t);
    // The token works alone (and is now remembered).
    const alone = await rawRequest(t, "/v1/trainee/water", { authorization: `Bearer ${s.token}` });
    expect(alone.status).toBe(200);
    const twice = await rawRequest(t, "/v1/trainee/water", {
      authorization: [`Bearer ${s.token}`, "Bearer something-else"],
    });
    expect(twice.status).toBe(401);
    const same = await rawRequest(t, "/v1/trainee/water", {
      authorization: [`Bearer ${s.token}`, `Bearer ${s.token}`],
    });
    expect(same.status).toBe(401);
  });

  it("the header name in any case, whitespace around the value", async () => {
    const s = await newTrainee(t);
    const res = await rawRequest(t, "/v1/trainee/water", { AUTHORIZATION: `  Bearer ${s.token}\t` });
    expect(res.status).toBe(200);
  });
});

describe("the one-statement water and steps writes on the embedded database (PGlite)", () => {
  let embedded: TestApp;
  beforeAll(async () => {
    embedded = await startTestApp({ database: "pglite", now: () => new Date(clock) });
  });
  afterAll(async () => embedded?.close());

  it("answer and store the day's totals as on PostgreSQL", async () => {
    const s = await newTrainee(embedded);
    const zone = { "x-timezone": "Asia/Jerusalem" };
    expect(await s.ok("POST", "/v1/trainee/water", { amountMl: 250, requestId: "a" }, zone)).toEqual({
      date: "2026-03-10",
      waterMl: 250,
      steps: 0,
    });
    expect(await s.ok("POST", "/v1/trainee/steps", { steps: 4200 }, zone)).toEqual({
      date: "2026-03-10",
      waterMl: 250,
      steps: 4200,
    });
    // The same requestId changes nothing.
    expect((await s.ok("POST", "/v1/trainee/water", { amountMl: 900, requestId: "a" }, zone)).waterMl).toBe(
      250,
    );
    expect((await s.ok("POST", "/v1/trainee/water", { amountMl: -300 }, zone)).waterMl).toBe(0);
    const day = await s.ok("GET", "/v1/trainee/water", undefined, zone);
    expect(day.waterMl).toBe(0);
    expect(day.entries).toHaveLength(2);
  });
});
