import type { z } from "zod";
import { ConfigError } from "./production";
import {
  mailConfigFromEnv,
  whatsAppConfigFromEnv,
  type PostmarkMailConfig,
  type WhatsAppCloudConfig,
} from "./provider-settings";

/** The environment as read: variable name → value (process.env, or a test's own object). */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The process environment. The one place that reads `process.env` (the lint rule
 * `no-restricted-properties` of tooling/eslint/base.js holds every other source file to it).
 */
export function processEnv(): Env {
  return process.env;
}

/** LOG_LEVEL (read when a logger is made; @studio/observability's logLevelFrom parses it). */
export function logLevelSetting(env: Env = processEnv()): string | undefined {
  return env.LOG_LEVEL;
}

/** The message of the first problem zod found (each names its variable). */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "invalid configuration";
}

/** WHATSAPP_* and MAIL_*, a problem reported as a ConfigError like every other setting. */
export function providerSettings(env: Env): { chat?: WhatsAppCloudConfig; mail?: PostmarkMailConfig } {
  try {
    return { chat: whatsAppConfigFromEnv(env), mail: mailConfigFromEnv(env) };
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}
