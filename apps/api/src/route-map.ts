import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { schema } from "@studio/db";
import { RAW_ROUTES } from "./raw";
import { RouteTable } from "./rest/route-table";
import { testFilesOfRoutes } from "./route-test-files";
import { appRouter } from "./router";
import { webPathOfBearerPath } from "./lanes/bearer";

/** One line of the route map: request → route file → domain function → tables it reaches. */
export interface RouteMapEntry {
  method: string;
  path: string;
  procedure: string;
  routeFile: string;
  domainFunction: string;
  domainFile: string;
  tables: string[];
  /** apps/api/test files that request the route, most mentions first (see testFilesOfRoutes). */
  testFiles: string[];
}

/** The names @studio/db exports for tables (not its helpers such as preparedQuery). */
const TABLE_NAMES = new Set(
  Object.entries(schema)
    .filter(
      ([, value]) =>
        typeof value === "object" && value !== null && Symbol.for("drizzle:IsDrizzleTable") in value,
    )
    .map(([name]) => name),
);

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const routesDir = join(repoRoot, "apps/api/src/routes");
const domainDir = join(repoRoot, "packages/domain/src");
const testDir = join(repoRoot, "apps/api/test");
/** Names routes to check the map, requests none. */
const MAP_TEST = "route-map.test.ts";

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")
        ? [join(dir, e.name)]
        : [],
  );

/**
 * An import clause that brings only types (`type { A }`, or `{ type A, type B }`): it runs no
 * query, so the table walk does not follow it (scope.ts's types would otherwise pull the access
 * checks' coaches and studios into every route).
 */
export const isTypeOnlyImport = (clause: string): boolean =>
  /^type\s/.test(clause) ||
  (/^\{[^}]*\}$/.test(clause.trim()) &&
    clause
      .trim()
      .slice(1, -1)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .every((s) => s.startsWith("type ")));

/**
 * Each function exported by a file under `dir` (packages/domain/src), with its file and the
 * tables it reaches: those its file imports from @studio/db and those of the modules it imports
 * for more than types, transitively.
 */
export function domainFunctionTables(dir: string): Map<string, { file: string; tables: string[] }> {
  // Each domain file's own table imports and the domain modules it imports (relative paths).
  const ownTables = new Map<string, string[]>();
  const importsOf = new Map<string, string[]>();
  const exportedFrom = new Map<string, string>();
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, "utf8");
    const dbImport = /import \{([^}]*)\} from "@studio\/db"/.exec(text)?.[1] ?? "";
    ownTables.set(
      file,
      dbImport
        .split(",")
        .map((s) => s.trim())
        .filter((s) => TABLE_NAMES.has(s)),
    );
    importsOf.set(
      file,
      [...text.matchAll(/^import ([^;]*?) from "(\.{1,2}\/[^"]+)";/gm)]
        .filter((m) => !isTypeOnlyImport(m[1]!))
        .map((m) => join(dirname(file), `${m[2]!}.ts`)),
    );
    for (const m of text.matchAll(/^export (?:async )?function (\w+)/gm)) exportedFrom.set(m[1]!, file);
  }
  // The tables a domain function reaches: its file's and those of the domain modules it imports,
  // transitively (a shared write such as merge-day-measurements.ts, a cross-domain operation an
  // automation route delegates to, the access checks that read coaches and studios).
  const tablesReachedFrom = (file: string): string[] => {
    const seen = new Set<string>();
    const tables = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f) || !ownTables.has(f)) return;
      seen.add(f);
      for (const t of ownTables.get(f)!) tables.add(t);
      for (const next of importsOf.get(f)!) visit(next);
    };
    visit(file);
    return [...tables].sort();
  };
  return new Map(
    [...exportedFrom].map(([name, file]) => [name, { file, tables: tablesReachedFrom(file) }] as const),
  );
}

/**
 * Reads the route files (the `openapi` meta and the one domain call of each procedure) and the
 * domain files (which exported function lives where, which tables it imports), and joins them
 * with the route table. Throws when a route cannot be traced: every route must be findable.
 */
export function buildRouteMap(): RouteMapEntry[] {
  const routeFileOf = new Map<string, { file: string; call: string }>();
  for (const file of filesUnder(routesDir)) {
    const text = readFileSync(file, "utf8");
    const method = /method: "(\w+)"/.exec(text)?.[1];
    const path = /path: "([^"]+)"/.exec(text)?.[1];
    const call = /=>\s*(\w+)\(ctx\.db\b/.exec(text)?.[1];
    if (method && path && call) routeFileOf.set(`${method} ${path}`, { file, call });
  }
  const domainFileOf = domainFunctionTables(domainDir);
  const entries = RouteTable.fromRouter(appRouter).routes.map((route): Omit<RouteMapEntry, "testFiles"> => {
    // A bearer mount is served by the web route it mirrors (lanes/bearer.ts).
    const webPath = webPathOfBearerPath(route.path);
    const found =
      routeFileOf.get(`${route.method} ${route.path}`) ??
      (webPath ? routeFileOf.get(`${route.method} ${webPath}`) : undefined);
    if (!found) throw new Error(`no route file declares ${route.method} ${route.path}`);
    const domain = domainFileOf.get(found.call);
    if (!domain)
      throw new Error(`${found.call} (called by ${found.file}) is not exported by packages/domain`);
    return {
      method: route.method,
      path: route.path,
      procedure: route.procedurePath,
      routeFile: relative(repoRoot, found.file),
      domainFunction: found.call,
      domainFile: relative(repoRoot, domain.file),
      tables: domain.tables,
    };
  });
  // Raw routes (apps/api/src/raw: bodies that are not JSON) from their registry, traced alike.
  const raw = RAW_ROUTES.map((route): Omit<RouteMapEntry, "testFiles"> => {
    const file = join(repoRoot, route.file);
    if (!existsSync(file) || !readFileSync(file, "utf8").includes(`${route.domainFunction}(ctx.db`))
      throw new Error(`${route.file} does not call ${route.domainFunction}(ctx.db, …)`);
    const domain = domainFileOf.get(route.domainFunction);
    if (!domain)
      throw new Error(`${route.domainFunction} (called by ${route.file}) is not exported by packages/domain`);
    return {
      method: route.method,
      path: route.path,
      procedure: `raw.${route.domainFunction}`,
      routeFile: route.file,
      domainFunction: route.domainFunction,
      domainFile: relative(repoRoot, domain.file),
      tables: domain.tables,
    };
  });
  const all = [...entries, ...raw];
  const testFiles = testFilesOfRoutes(all, testDir, [MAP_TEST]);
  return all
    .map((e) => ({ ...e, testFiles: testFiles.get(`${e.method} ${e.path}`) ?? [] }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The first few test files of a route and how many more there are. */
const SHOWN_TEST_FILES = 3;
const testFilesCell = (files: string[]): string =>
  files.length === 0
    ? "—"
    : files
        .slice(0, SHOWN_TEST_FILES)
        .map((f) => `\`${f}\``)
        .join(", ") + (files.length > SHOWN_TEST_FILES ? ` (+${files.length - SHOWN_TEST_FILES} more)` : "");

/** `pnpm routes`: one line per route, ending with its tables and the test file that requests it most. */
export const formatRouteLines = (entries: RouteMapEntry[]): string =>
  entries
    .map(
      (e) =>
        `${e.method.padEnd(6)} ${e.path} → ${e.routeFile} → ${e.domainFunction} (${e.domainFile}) → ${e.tables.join(", ")} → ${e.testFiles[0] ? `apps/api/test/${e.testFiles[0]}` : "no test file"}`,
    )
    .join("\n");

/** docs/ROUTES.md: the same map as a table, with the tables each domain function imports. */
export const formatRouteMarkdown = (entries: RouteMapEntry[]): string =>
  [
    "# Route map",
    "",
    "Generated by `pnpm routes --write` from the route table; a test fails when it is stale.",
    "Request → route file (procedure) → domain function → tables its file and the domain modules it imports name",
    "(imports of types only are not followed) → the files under apps/api/test that request it, most mentions first.",
    "",
    "| method | path | route file | domain function | tables | tests |",
    "|---|---|---|---|---|---|",
    ...entries.map(
      (e) =>
        `| ${e.method} | \`${e.path}\` | \`${e.routeFile.replace("apps/api/src/routes/", "")}\` | \`${e.domainFunction}\` (\`${e.domainFile.replace("packages/domain/src/", "")}\`) | ${e.tables.join(", ") || "—"} | ${testFilesCell(e.testFiles)} |`,
    ),
    "",
  ].join("\n");

export const routeMarkdownPath = join(repoRoot, "docs/ROUTES.md");
export const currentRouteMarkdown = () =>
  existsSync(routeMarkdownPath) ? readFileSync(routeMarkdownPath, "utf8") : "";
