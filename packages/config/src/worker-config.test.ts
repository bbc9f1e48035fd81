import { describe, expect, it } from "vitest";
import { ConfigError, loadApiConfig, loadWorkerConfig } from "./index";

const refusal = (load: () => unknown): string => {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

const PG = { DATABASE_URL: "postgres://db/x" };

describe("loadWorkerConfig: the worker's section", () => {
  it("needs a database, then takes the worker's defaults", () => {
    expect(refusal(() => loadWorkerConfig({}))).toContain("DATABASE_URL is required");
    const config = loadWorkerConfig(PG);
    expect(config.database).toEqual({
      url: "postgres://db/x",
      preparedStatements: true,
      timeouts: { connectTimeoutMs: 1_000, acquireTimeoutMs: 2_000, statementTimeoutMs: 5_000 },
    });
    expect(config).toMatchObject({
      shutdownGraceMs: 25_000,
      sessionSigningSecret: "dev-session-secret",
      webhookAllowLoopback: false,
      metrics: { port: undefined, production: false },
    });
    expect(config.llm).toBeUndefined();
    expect(
      loadWorkerConfig({ PGLITE_DATA_DIR: "/tmp/x", DATABASE_CONNECT_TIMEOUT_MS: "no" }).database,
    ).toEqual({
      dataDir: "/tmp/x",
    });
  });

  it("shares the API's model default and production reading", () => {
    const config = loadWorkerConfig({ ...PG, LLM_BASE_URL: " https://llm.test/v1 ", NODE_ENV: " Prod " });
    expect(config.llm).toEqual({ baseUrl: "https://llm.test/v1", apiKey: undefined, model: "gpt-4o-mini" });
    expect(config.sessionSigningSecret).toBeUndefined();
    expect(config.metrics.production).toBe(true);
    // WEBHOOK_ALLOW_LOOPBACK is ignored only for NODE_ENV exactly "production", as before.
    expect(
      loadWorkerConfig({ ...PG, WEBHOOK_ALLOW_LOOPBACK: "1", NODE_ENV: "production" }).webhookAllowLoopback,
    ).toBe(false);
    expect(loadWorkerConfig({ ...PG, WEBHOOK_ALLOW_LOOPBACK: "1" }).webhookAllowLoopback).toBe(true);
  });

  it("names the first problem in the order the worker checks", () => {
    expect(refusal(() => loadWorkerConfig({ ...PG, WORKER_POLL_INTERVAL_SECONDS: "0.1" }))).toBe(
      "WORKER_POLL_INTERVAL_SECONDS must be a number >= 0.5",
    );
    expect(
      refusal(() =>
        loadWorkerConfig({ ...PG, DATABASE_ACQUIRE_TIMEOUT_MS: "0", WEBHOOK_DELIVERY_CONCURRENCY: "101" }),
      ),
    ).toBe("WEBHOOK_DELIVERY_CONCURRENCY must be a whole number from 1 to 100");
    expect(refusal(() => loadWorkerConfig({ ...PG, DATABASE_STATEMENT_TIMEOUT_MS: "-1" }))).toBe(
      "DATABASE_STATEMENT_TIMEOUT_MS must be an integer of at least 0 (milliseconds)",
    );
    expect(refusal(() => loadWorkerConfig({ ...PG, MAIL_FROM: "a@b.c", LLM_BASE_URL: "ftp://x" }))).toBe(
      "MAIL_SERVER_TOKEN and MAIL_FROM must be set together",
    );
    expect(refusal(() => loadWorkerConfig({ ...PG, WAITLIST_FORWARD_URL: "x.test" }))).toBe(
      "WAITLIST_FORWARD_URL must be an http or https URL",
    );
    expect(refusal(() => loadWorkerConfig({ ...PG, WORKER_METRICS_PORT: "70000" }))).toBe(
      "WORKER_METRICS_PORT must be a port number (0-65535)",
    );
  });
});

describe("loadApiConfig: the API's section", () => {
  it("keeps its defaults", () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      runWorkerInProcess: true,
      pushApiUrl: "https://exp.host/--/api/v2/push/send",
      localMedia: { dir: "./.data/media", publicBaseUrl: "http://localhost:3000/media" },
      databaseTimeouts: { connectTimeoutMs: 1_000, acquireTimeoutMs: 2_000, statementTimeoutMs: 5_000 },
      agent: { pilotPhones: [], debounceSeconds: 8 },
    });
    expect([...config.serviceIds]).toEqual(["web-app"]);
    expect(loadApiConfig({ NODE_ENV: "" }).nodeEnv).toBe("");
  });

  it("refuses a bad value by name", () => {
    expect(refusal(() => loadApiConfig({ PORT: "0" }))).toBe("PORT must be a positive integer");
    expect(refusal(() => loadApiConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "x" }))).toBe(
      "DATABASE_STATEMENT_TIMEOUT_MS must be a positive integer",
    );
    expect(loadApiConfig({ DATABASE_STATEMENT_TIMEOUT_MS: " 0 " }).databaseTimeouts.statementTimeoutMs).toBe(
      0,
    );
    expect(refusal(() => loadApiConfig({ LLM_BASE_URL: "  " }))).toBe(
      "LLM_BASE_URL must be an http or https URL",
    );
    expect(loadApiConfig({ RECIPE_READER_URL: "  " }).recipeReader).toBeUndefined();
    expect(refusal(() => loadApiConfig({ AGENT_DEBOUNCE_SECONDS: "301" }))).toBe(
      "AGENT_DEBOUNCE_SECONDS must be an integer from 0 to 300",
    );
    expect(refusal(() => loadApiConfig({ WHATSAPP_ACCESS_TOKEN: "t" }))).toBe(
      "WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN must be set together",
    );
  });
});
