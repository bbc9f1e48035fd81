import { describe, expect, it } from "vitest";
import { ConfigError, loadApiConfig } from "./index";

describe("REDIS_KEY_PREFIX", () => {
  it("defaults to none, is trimmed, and refuses spaces, glob characters and over 64 characters", () => {
    expect(loadApiConfig({}).redisKeyPrefix).toBe("");
    expect(loadApiConfig({ REDIS_KEY_PREFIX: " studio-eu:" }).redisKeyPrefix).toBe("studio-eu:");
    for (const bad of ["a b", "tenant*", "x".repeat(65), "a\nb"]) {
      expect(() => loadApiConfig({ REDIS_KEY_PREFIX: bad })).toThrow(ConfigError);
      expect(() => loadApiConfig({ REDIS_KEY_PREFIX: bad })).toThrow(/REDIS_KEY_PREFIX/);
    }
  });
});
