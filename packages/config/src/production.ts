// What both processes agree on: which NODE_ENV means production, the development secrets and the
// production refusal of weak ones.

export const DEFAULT_SERVICE_AUTH_SECRET = "dev-service-secret";
export const DEFAULT_SESSION_SIGNING_SECRET = "dev-session-secret";
/** LLM_MODEL when unset. */
export const DEFAULT_LLM_MODEL = "gpt-4o-mini";

/** Shortest secret accepted in production (SERVICE_AUTH_SECRET, SESSION_SIGNING_SECRET). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/** A setting that refuses to start the process; the message names variables, never values. */
export class ConfigError extends Error {}

/** NODE_ENV "production" or "prod", in any case and with surrounding whitespace, means production. */
export const isProductionEnv = (nodeEnv: string | undefined): boolean =>
  /^(production|prod)$/i.test((nodeEnv ?? "").trim());

/**
 * Refuses weak production secrets: unset, blank or a development default (compared after
 * trimming), shorter than 32 characters (after trimming), or the same value for both
 * purposes. The message names the variables, never their values.
 */
export function productionSecretProblems(serviceAuthSecret: string, sessionSigningSecret: string): string[] {
  const secrets = [
    ["SERVICE_AUTH_SECRET", serviceAuthSecret.trim()],
    ["SESSION_SIGNING_SECRET", sessionSigningSecret.trim()],
  ] as const;
  const defaults = new Set(["", DEFAULT_SERVICE_AUTH_SECRET, DEFAULT_SESSION_SIGNING_SECRET]);
  const problems: string[] = [];
  const weak = secrets.filter(([, value]) => defaults.has(value)).map(([name]) => name);
  if (weak.length) problems.push(`refusing to start in production with default secrets: ${weak.join(", ")}`);
  for (const [name, value] of secrets) {
    if (!defaults.has(value) && value.length < MIN_PRODUCTION_SECRET_LENGTH)
      problems.push(`${name} must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters`);
  }
  if (!weak.length && secrets[0][1] === secrets[1][1])
    problems.push("SERVICE_AUTH_SECRET and SESSION_SIGNING_SECRET must differ");
  return problems;
}

/** One ConfigError naming every problem, led by "refusing to start in production". */
export function productionRefusal(problems: readonly string[]): ConfigError | undefined {
  if (!problems.length) return undefined;
  const [first, ...rest] = problems;
  const lead = first!.startsWith("refusing") ? first! : `refusing to start in production: ${first}`;
  return new ConfigError([lead, ...rest].join("; "));
}
