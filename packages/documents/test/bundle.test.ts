import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { build } from "tsup";
import { afterAll, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The API ships as one ESM bundle (apps/api/tsup.config.ts: workspace packages inlined). This
 * builds the package the same way, with every third-party module inlined too (the API lists none
 * of this package's libraries), into a folder whose node_modules holds only @studio/documents,
 * as apps/api/node_modules does, and runs it: it must load, check a PNG and render Hebrew text
 * with the font found through the package.
 */
describe("bundled like the API", () => {
  let dir = "";

  afterAll(async () => {
    if (dir !== "") await rm(dir, { recursive: true, force: true });
  });

  it("loads, checks a signature and renders a PDF from a tsup ESM bundle", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "documents-bundle-"));
    await mkdir(path.join(dir, "node_modules", "@studio"), { recursive: true });
    await symlink(packageDir, path.join(dir, "node_modules", "@studio", "documents"), "dir");
    const entry = path.join(dir, "entry.ts");
    const png = makePng(20, 10).toString("base64");
    const pdfLib = createRequire(import.meta.url).resolve("pdf-lib");
    await writeFile(
      entry,
      `import { checkSignaturePng, readPdfPages, renderSignedPdf } from ${JSON.stringify(path.join(packageDir, "src", "index.ts"))};
import { PDFDict, PDFDocument, PDFName } from ${JSON.stringify(pdfLib)};
const check = checkSignaturePng("data:image/png;base64,${png}");
if (!check.ok) throw new Error("refused");
const doc = await PDFDocument.create();
doc.addPage([300, 200]);
const signed = await renderSignedPdf({
  source: await doc.save(),
  fields: [
    { key: "t", kind: "text", page: 0, x: 0.1, y: 0.1, w: 0.8, h: 0.2 },
    { key: "s", kind: "signature", page: 0, x: 0.1, y: 0.5, w: 0.8, h: 0.3 },
  ],
  texts: { t: "שלום" },
  signatures: { s: check.png },
});
const fonts = (await PDFDocument.load(signed)).getPages()[0].node.Resources().lookup(PDFName.of("Font"), PDFDict);
const baseFonts = fonts.keys().map((key) => fonts.lookup(key, PDFDict).lookup(PDFName.of("BaseFont"), PDFName).asString());
console.log(JSON.stringify({ width: check.width, pages: await readPdfPages(signed), baseFonts }));
`,
    );
    await build({
      entry: { main: entry },
      format: ["esm"],
      target: "node20",
      platform: "node",
      splitting: false,
      outDir: path.join(dir, "dist"),
      noExternal: [/.*/],
      silent: true,
      config: false,
    });
    // A plain Node process: vitest's module runner would hide a missing require in ESM, and
    // pnpm's NODE_PATH (the hoisted store) would hide a dependency resolved from the bundle.
    const { stdout } = await run(process.execPath, [path.join(dir, "dist", "main.js")], {
      cwd: dir,
      timeout: 60_000,
      env: { ...process.env, NODE_PATH: "", NODE_OPTIONS: "" },
    });
    const result = JSON.parse(stdout.trim()) as { width: number; pages: unknown; baseFonts: string[] };
    expect(result.width).toBe(20);
    expect(result.pages).toEqual([{ width: 300, height: 200 }]);
    expect(result.baseFonts.some((name) => name.includes("DejaVuSans"))).toBe(true);
  });
});
