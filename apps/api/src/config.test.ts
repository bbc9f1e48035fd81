import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

// Issue 9 item 10: production is recognised in any spelling and its secrets must be strong.
const SERVICE = "s".repeat(16) + "S".repeat(16);
const SESSION = "t".repeat(16) + "T".repeat(16);
const strong = { SERVICE_AUTH_SECRET: SERVICE, SESSION_SIGNING_SECRET: SESSION };

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("loadConfig accepted the environment");
};

describe("loadConfig: which NODE_ENV values mean production", () => {
  it.each(["production", "Production", "PRODUCTION", "prod", "Prod", "PROD", " production "])(
    "NODE_ENV=%j is production: default secrets are refused",
    (nodeEnv) => {
      expect(refusal({ NODE_ENV: nodeEnv })).toContain("default secrets");
      expect(loadConfig({ NODE_ENV: nodeEnv, ...strong }).isProduction).toBe(true);
    },
  );

  it.each(["development", "test", "staging", "", "productions", "pro"])(
    "NODE_ENV=%j is not production: the development defaults apply",
    (nodeEnv) => {
      const config = loadConfig({ NODE_ENV: nodeEnv });
      expect(config.isProduction).toBe(false);
      expect(config.serviceAuthSecret).toBe("dev-service-secret");
    },
  );
});

describe("loadConfig: production secrets", () => {
  it("accepts two different secrets of at least 32 characters", () => {
    const config = loadConfig({ NODE_ENV: "production", ...strong });
    expect(config.serviceAuthSecret).toBe(SERVICE);
    expect(config.sessionSigningSecret).toBe(SESSION);
  });

  it.each([
    ["SERVICE_AUTH_SECRET", " dev-service-secret"],
    ["SERVICE_AUTH_SECRET", "dev-service-secret "],
    ["SESSION_SIGNING_SECRET", "\tdev-session-secret\n"],
    ["SESSION_SIGNING_SECRET", "   "],
  ])("refuses %s=%j as a default secret", (name, value) => {
    const message = refusal({ NODE_ENV: "production", ...strong, [name]: value });
    expect(message).toContain("default secrets");
    expect(message).toContain(name);
  });

  it.each([
    ["SERVICE_AUTH_SECRET", "x"],
    ["SESSION_SIGNING_SECRET", "x"],
    ["SERVICE_AUTH_SECRET", "y".repeat(31)],
    ["SESSION_SIGNING_SECRET", ` ${"y".repeat(30)} `],
  ])("refuses %s of fewer than 32 characters (%j)", (name, value) => {
    const message = refusal({ NODE_ENV: "production", ...strong, [name]: value });
    expect(message).toContain(`${name} must be at least 32 characters`);
    expect(message).not.toContain(value.trim());
  });

  it("accepts exactly 32 characters", () => {
    expect(
      loadConfig({
        NODE_ENV: "prod",
        SERVICE_AUTH_SECRET: "a".repeat(32),
        SESSION_SIGNING_SECRET: "b".repeat(32),
      }).isProduction,
    ).toBe(true);
  });

  it("refuses the same secret for both purposes (also when they differ only in surrounding whitespace)", () => {
    for (const session of [SERVICE, ` ${SERVICE}\n`]) {
      const message = refusal({
        NODE_ENV: "production",
        SERVICE_AUTH_SECRET: SERVICE,
        SESSION_SIGNING_SECRET: session,
      });
      expect(message).toContain("SERVICE_AUTH_SECRET and SESSION_SIGNING_SECRET must differ");
      expect(message).not.toContain(SERVICE);
    }
  });

  it("names every problem at once and never prints a secret", () => {
    const short = "short-secret-value";
    const message = refusal({
      NODE_ENV: "Prod",
      SERVICE_AUTH_SECRET: short,
      SESSION_SIGNING_SECRET: "dev-session-secret ",
    });
    expect(message).toContain("SERVICE_AUTH_SECRET must be at least 32 characters");
    expect(message).toContain("default secrets: SESSION_SIGNING_SECRET");
    expect(message).not.toContain(short);
    expect(message).not.toContain("dev-session-secret");
  });

  it("outside production any secret is accepted as before", () => {
    const config = loadConfig({
      NODE_ENV: "development",
      SERVICE_AUTH_SECRET: "x",
      SESSION_SIGNING_SECRET: "x",
    });
    expect(config.serviceAuthSecret).toBe("x");
  });
});
