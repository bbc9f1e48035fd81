import { describe, expect, it } from "vitest";
import { createLogger, logLevelFrom, silentLogger, type LoggerOptions } from "./logger";
import { MAX_LINE_BYTES } from "./redact";
import { MAX_FIELD_CHARS } from "./text";

function collect(options: Omit<LoggerOptions, "write"> = {}) {
  const lines: string[] = [];
  const logger = createLogger({ ...options, write: (line) => lines.push(line) });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const PHONE = "+972501234567";
const EMAIL = "dana.levi@example.com";

describe("createLogger (pino)", () => {
  it("writes one JSON object per line: level label, ISO time, base, bindings, fields, msg", () => {
    const { logger, lines, parsed } = collect({ base: { service: "api" } });
    logger.child({ requestId: "req-1" }).info("request", { status: 200 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(lines[0]!.indexOf("\n")).toBe(lines[0]!.length - 1);
    const [line] = parsed();
    expect(line).toMatchObject({
      level: "info",
      service: "api",
      requestId: "req-1",
      status: 200,
      msg: "request",
    });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
    // pino's pid/hostname defaults are not part of the format.
    expect(line).not.toHaveProperty("pid");
    expect(line).not.toHaveProperty("hostname");
  });

  it("honours the level and stays quiet when silent", () => {
    const { logger, parsed } = collect({ level: "warn" });
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(parsed().map((l) => [l.level, l.msg])).toEqual([
      ["warn", "w"],
      ["error", "e"],
    ]);
    const quiet = collect({ level: "silent" });
    quiet.logger.error("nothing");
    expect(quiet.lines).toEqual([]);
    expect(() => silentLogger.child({ a: 1 }).error("x")).not.toThrow();
  });

  it("debug lines appear at level debug", () => {
    const { logger, parsed } = collect({ level: "debug" });
    logger.debug("probe", { route: "/healthz" });
    expect(parsed()[0]).toMatchObject({ level: "debug", msg: "probe", route: "/healthz" });
  });
});

describe("redaction", () => {
  it("never writes secrets, contact data, names, parameters, bodies or headers named as such", () => {
    const { logger, lines, parsed } = collect();
    logger.info("m", {
      phone: PHONE,
      email: EMAIL,
      userEmail: EMAIL,
      userName: "Dana Levi",
      clientName: "Dana Levi",
      authorization: "Bearer abcdefgh",
      apiKey: "sk_live_123456",
      keyHash: "b1946ac92492d2347c6235b4d2611184",
      password: "hunter2",
      sessionToken: "tok_123456",
      parameters: ["Dana Levi", PHONE],
      params: ["Dana Levi"],
      body: { name: "Dana Levi" },
      headers: { "x-signature": "sig" },
      nested: { deeper: { phoneNumber: PHONE, to: EMAIL } },
      requestId: "req-2",
      status: 500,
    });
    const text = lines.join("");
    for (const secret of [
      PHONE,
      EMAIL,
      "Dana Levi",
      "abcdefgh",
      "sk_live",
      "b1946ac9",
      "hunter2",
      "tok_123456",
      "sig",
    ]) {
      expect(text).not.toContain(secret);
    }
    const [line] = parsed();
    expect(line).toMatchObject({
      requestId: "req-2",
      status: 500,
      phone: "[redacted]",
      params: "[redacted]",
    });
  });

  it("scrubs e-mail addresses, international phone numbers and ORM parameter lists inside free text", () => {
    const { logger, lines } = collect();
    logger.warn(`mail to ${EMAIL} failed`, {
      error: `could not reach ${EMAIL} / +972 50-123-4567 / ${PHONE}`,
      orm: `Failed query: insert into "leads" ("name","phone") values ($1, $2)\nparams: Dana Levi,${PHONE}`,
    });
    const text = lines.join("");
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain("50-123-4567");
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain("Dana Levi");
    expect(text).toContain("[email]");
    expect(text).toContain("[phone]");
    expect(text).toContain('insert into \\"leads\\"');
  });

  it("turns an Error field into serializeError: no parameters, no detail, SQLSTATE kept", () => {
    const { logger, lines, parsed } = collect();
    const driver = Object.assign(new Error('invalid input syntax for type integer: "Dana Levi"'), {
      name: "PostgresError",
      severity: "ERROR",
      code: "22P02",
      detail: `Key (phone)=(${PHONE}) already exists.`,
      query: 'select * from "clients" where "phone" = $1',
      parameters: [PHONE],
      params: [PHONE],
    });
    logger.error("request failed", { err: driver });
    expect(lines.join("")).not.toContain(PHONE);
    expect(lines.join("")).not.toContain("Dana Levi");
    expect(parsed()[0]!.err).toMatchObject({ name: "PostgresError", code: "22P02", query: "select clients" });
  });
});

describe("caps", () => {
  it("caps a 1 MB string field at MAX_FIELD_CHARS and the line stays small", () => {
    const { logger, lines, parsed } = collect();
    logger.error("big", { value: "x".repeat(1024 * 1024), requestId: "req-3" });
    expect(Buffer.byteLength(lines[0]!)).toBeLessThan(MAX_FIELD_CHARS + 512);
    const value = parsed()[0]!.value as string;
    expect(value.startsWith("x".repeat(MAX_FIELD_CHARS))).toBe(true);
    expect(value).toContain("more chars]");
    expect(parsed()[0]!.requestId).toBe("req-3");
  });

  it("caps the message too", () => {
    const { logger, lines } = collect();
    logger.info("m".repeat(1024 * 1024));
    expect(Buffer.byteLength(lines[0]!)).toBeLessThan(MAX_FIELD_CHARS + 512);
  });

  it("replaces a line above MAX_LINE_BYTES by a summary that keeps level, time, msg and small fields", () => {
    const { logger, lines, parsed } = collect();
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`k${i}`, Array.from({ length: 20 }, () => "y".repeat(1000))]),
    );
    logger.warn("wide", { requestId: "req-4", many });
    expect(lines).toHaveLength(1);
    expect(Buffer.byteLength(lines[0]!)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    const [line] = parsed();
    expect(line).toMatchObject({ level: "warn", msg: "wide", requestId: "req-4", truncated: true });
    expect(line!.lineBytes).toBeGreaterThan(MAX_LINE_BYTES);
    expect(typeof line!.time).toBe("string");
  });

  it("bounds depth, keys and array items, and survives cycles", () => {
    const { logger, parsed } = collect();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    logger.info("shapes", {
      deep: { a: { b: { c: { d: { e: 1 } } } } },
      list: Array.from({ length: 100 }, (_, i) => i),
      wide: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])),
      cyclic,
      big: 10n,
    });
    const line = parsed()[0]!;
    expect(line.deep).toEqual({ a: { b: { c: { d: "[object]" } } } });
    expect((line.list as unknown[]).length).toBe(21);
    expect(Object.keys(line.wide as object).length).toBe(41);
    expect(line.cyclic).toEqual({ a: 1, self: "[circular]" });
    expect(line.big).toBe("10");
  });
});

describe("logLevelFrom", () => {
  it("reads LOG_LEVEL, info by default, and refuses an unknown level", () => {
    expect(logLevelFrom(undefined)).toBe("info");
    expect(logLevelFrom(" DEBUG ")).toBe("debug");
    expect(logLevelFrom("silent")).toBe("silent");
    expect(() => logLevelFrom("verbose")).toThrow(/LOG_LEVEL/);
  });
});
