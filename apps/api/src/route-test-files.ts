import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A path a test file writes, with the methods named just before it (none: any method). */
interface PathMention {
  file: string;
  path: string;
  methods: Set<string> | null;
}

/** A `${…}` of a template literal (one level of nested braces), read as one path segment. */
const PLACEHOLDER = "\0";
const INTERPOLATION = /\$\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g;
const METHOD_WORD = /\b(get|post|put|patch|delete)\b/gi;
/** A path literal: /v1/… or, for a helper that prefixes its lane, a bare /segment/segment… */
const PATH_TEXT = /(?<![\w.])\/[\w\-{}:.%\0]+(?:\/[\w\-{}:.%\0]*)*/g;

const PATH_CONSTANT = /^const (\w+) = ["'`](\/v1\/[^"'`$]*)["'`];/gm;

/**
 * `const NAME = "/v1/…"` of a test file, so `${NAME}/${id}` reads as the path it builds; the
 * definition itself requests nothing and is left out.
 */
function inlinePathConstants(text: string): string {
  const constants = new Map([...text.matchAll(PATH_CONSTANT)].map((m) => [m[1]!, m[2]!]));
  return text
    .replace(PATH_CONSTANT, "")
    .replace(/\$\{(\w+)\}/g, (whole, name: string) => constants.get(name) ?? whole);
}

/**
 * Every path literal of the test files, with the HTTP methods written between it and the
 * previous path on its line (`t.web("POST", "/v1/web/crm/leads")`, a describe title
 * `"GET, PATCH /v1/web/clients/:id"`); a path with no method near it counts for every method.
 */
function pathMentions(testDir: string, files: string[]): PathMention[] {
  const mentions: PathMention[] = [];
  for (const file of files) {
    const text = inlinePathConstants(readFileSync(join(testDir, file), "utf8")).replace(
      INTERPOLATION,
      PLACEHOLDER,
    );
    let previousEnd = 0;
    for (const m of text.matchAll(PATH_TEXT)) {
      const lineStart = text.lastIndexOf("\n", m.index) + 1;
      const before = text.slice(Math.max(previousEnd, lineStart), m.index);
      previousEnd = m.index + m[0].length;
      const methods = new Set([...before.matchAll(METHOD_WORD)].map((w) => w[1]!.toUpperCase()));
      mentions.push({ file, path: m[0].replace(/\/$/, ""), methods: methods.size ? methods : null });
    }
  }
  return mentions;
}

/** A route path as a pattern: `{id}` matches one written segment (`x`, `:id`, `{id}`) or one `${…}`. */
const routePattern = (segments: string[]) =>
  new RegExp(
    `^${segments
      .map((s) =>
        /^\{\w+\}$/.test(s)
          ? `(?:[^/${PLACEHOLDER}]+|${PLACEHOLDER})`
          : s.replace(/[.*+?^$()|[\]\\]/g, "\\$&"),
      )
      .join("/")}$`,
  );

/**
 * The test files under `testDir` that request each route (keyed `METHOD path`), most mentions
 * first: files whose path literals match the route's path (its parameters matching any segment)
 * with the route's method or none written before them. A route no literal names in full is
 * looked up by its path after `/v1/<lane>` (`/rpc/tags` of `/v1/automation/rpc/tags`, for test
 * helpers that prefix their lane), at least two segments long. `skip` names files that
 * mention routes without requesting them (the route map's own test).
 */
export function testFilesOfRoutes(
  routes: { method: string; path: string }[],
  testDir: string,
  skip: string[] = [],
): Map<string, string[]> {
  const files = readdirSync(testDir, { recursive: true, encoding: "utf8" })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(".test.ts") && !skip.includes(f))
    .sort();
  const mentions = pathMentions(testDir, files);
  const filesMatching = (method: string, pattern: RegExp): string[] => {
    const count = new Map<string, number>();
    for (const m of mentions)
      if ((!m.methods || m.methods.has(method)) && pattern.test(m.path))
        count.set(m.file, (count.get(m.file) ?? 0) + 1);
    return [...count].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([file]) => file);
  };
  const result = new Map<string, string[]>();
  for (const { method, path } of routes) {
    const segments = path.split("/");
    let found = filesMatching(method, routePattern(segments));
    // "", "v1", the lane: what remains must be two segments or more to be told apart.
    if (found.length === 0 && segments.length >= 5)
      found = filesMatching(method, routePattern(["", ...segments.slice(3)]));
    result.set(`${method} ${path}`, found);
  }
  return result;
}
