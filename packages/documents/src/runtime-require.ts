import { createRequire } from "node:module";

/**
 * Loads a CommonJS dependency of this package at run time. The API bundles the workspace
 * packages into one ESM file (tsup), where an inlined CommonJS module that requires Node's own
 * modules (pngjs requires zlib, stream, util) fails at start with "Dynamic require of ... is not
 * supported". A require made here stays outside the bundle: it resolves from this source file,
 * or, once bundled elsewhere, through this package's own folder (@studio/documents is then a
 * dependency of the bundling app), so it does not matter whether the app lists the dependency.
 */
export function requireDependency<T>(name: string): T {
  const fromHere = createRequire(import.meta.url);
  try {
    return fromHere(name) as T;
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
    return createRequire(fromHere.resolve("@studio/documents/package.json"))(name) as T;
  }
}

/** The path of a file shipped by a dependency, resolved the same way as requireDependency. */
export function resolveDependencyFile(specifier: string): string {
  const fromHere = createRequire(import.meta.url);
  try {
    return fromHere.resolve(specifier);
  } catch {
    return createRequire(fromHere.resolve("@studio/documents/package.json")).resolve(specifier);
  }
}
