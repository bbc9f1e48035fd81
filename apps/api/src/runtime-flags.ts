import { setFlagsFromString } from "node:v8";
import type { AppConfig } from "./config";

/**
 * V8 flags the API sets for itself before it opens its database.
 *
 * The embedded database (no DATABASE_URL) is PostgreSQL compiled to WebAssembly. By default V8
 * compiles its hot functions a second time with its optimizing compiler on background threads;
 * on a 2-core machine that work took the CPU the start needed: `node dist/main.js` to /healthz
 * 6.6-8.1 s without it, 4.2-4.7 s on the baseline compiler alone, same build, load 4-5 (issue 30,
 * item 9). A query-heavy loop measured the same to 30 % slower without the optimizing tier. With
 * PostgreSQL no WebAssembly runs, so nothing is set.
 */
export function v8FlagsFor(config: Pick<AppConfig, "databaseUrl">): string[] {
  return config.databaseUrl ? [] : ["--liftoff-only"];
}

/** Sets them; must run before the first WebAssembly compile (PGlite compiles in openDeps). */
export function applyV8Flags(config: Pick<AppConfig, "databaseUrl">): void {
  for (const flag of v8FlagsFor(config)) setFlagsFromString(flag);
}
