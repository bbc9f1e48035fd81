// `pnpm routes`: every route as METHOD path → route file → domain function (domain file).
// `--write` regenerates docs/ROUTES.md; `--check` exits 1 when it is stale.
import { writeFileSync } from "node:fs";
import {
  buildRouteMap,
  currentRouteMarkdown,
  formatRouteLines,
  formatRouteMarkdown,
  routeMarkdownPath,
} from "../src/route-map";

const entries = buildRouteMap();
const markdown = formatRouteMarkdown(entries);
if (process.argv.includes("--write")) {
  writeFileSync(routeMarkdownPath, markdown);
  console.warn(`wrote ${routeMarkdownPath} (${entries.length} routes)`);
} else if (process.argv.includes("--check")) {
  if (currentRouteMarkdown() !== markdown) {
    console.error("docs/ROUTES.md is stale: run `pnpm routes --write`");
    process.exit(1);
  }
} else {
  process.stdout.write(`${formatRouteLines(entries)}\n`);
}
