/**
 * The readable text of an HTML page, without a DOM: the title, the schema.org Recipe data a
 * page embeds as JSON-LD (most recipe sites do: ingredients and instructions as clean lists),
 * then the visible body text. Scripts, styles, navigation, forms and comments are dropped;
 * block elements become line breaks; entities are decoded; blank lines are removed.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  deg: "°",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  times: "×",
  shy: "",
  copy: "©",
  reg: "®",
  trade: "™",
  lrm: "",
  rlm: "",
  zwj: "",
  zwnj: "",
};

/** Decodes numeric and common named character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return "";
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Trims each line, collapses runs of white space, drops blank lines. */
export function tidyLines(text: string): string {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}

const DROPPED_ELEMENTS = [
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "nav",
  "footer",
  "aside",
  "form",
  "button",
  "select",
  "head",
];
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|section|article|header|main|blockquote|pre|dd|dt|dl|figure|figcaption|address)\b[^>]*>/gi;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);
const asText = (value: unknown): string =>
  typeof value === "string" ? decodeEntities(value.replace(/<[^>]*>/g, " ")) : "";

const isRecipe = (node: Record<string, unknown>) =>
  asArray(node["@type"]).some((t) => typeof t === "string" && t.toLowerCase() === "recipe");

/** Every JSON-LD object of type Recipe, also inside arrays and @graph. */
function findRecipes(
  value: unknown,
  found: Record<string, unknown>[] = [],
  depth = 0,
): Record<string, unknown>[] {
  if (depth > 6 || found.length > 3) return found;
  for (const item of asArray(value)) {
    if (!item || typeof item !== "object") continue;
    const node = item as Record<string, unknown>;
    if (isRecipe(node)) found.push(node);
    else if (node["@graph"]) findRecipes(node["@graph"], found, depth + 1);
  }
  return found;
}

/** Instruction lines of recipeInstructions: a string, HowToStep items, or HowToSection lists. */
function instructionLines(value: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  if (typeof value === "string") return [asText(value)];
  const lines: string[] = [];
  for (const item of asArray(value)) {
    if (typeof item === "string") lines.push(asText(item));
    else if (item && typeof item === "object") {
      const node = item as Record<string, unknown>;
      if (node.itemListElement) {
        if (typeof node.name === "string") lines.push(asText(node.name));
        lines.push(...instructionLines(node.itemListElement, depth + 1));
      } else lines.push(asText(node.text ?? node.name));
    }
  }
  return lines;
}

/** The schema.org Recipe data of the page as text lines (empty when the page has none). */
export function recipeDataText(html: string): string {
  const blocks = html.matchAll(
    /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi,
  );
  const parts: string[] = [];
  for (const block of blocks) {
    let data: unknown;
    try {
      data = JSON.parse(block[1]!.trim());
    } catch {
      continue;
    }
    for (const recipe of findRecipes(data)) {
      const lines = [
        asText(recipe.name),
        asText(recipe.description),
        asArray(recipe.recipeYield).map(asText).filter(Boolean).join(", "),
        "Ingredients:",
        ...asArray(recipe.recipeIngredient).map(asText),
        "Instructions:",
        ...instructionLines(recipe.recipeInstructions),
      ];
      parts.push(tidyLines(lines.join("\n")));
    }
  }
  return parts.join("\n\n");
}

/** The page title, the embedded recipe data and the visible text of an HTML document. */
export function htmlToText(html: string): string {
  const title = tidyLines(asText(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1] ?? ""));
  const recipe = recipeDataText(html);
  let body = html.replace(/<!--[\s\S]*?-->/g, " ");
  for (const element of DROPPED_ELEMENTS) {
    body = body.replace(new RegExp(`<${element}\\b[\\s\\S]*?<\\/${element}\\s*>`, "gi"), " ");
  }
  body = body.replace(BLOCK_TAG, "\n").replace(/<[^>]*>/g, " ");
  const visible = tidyLines(decodeEntities(body));
  return [title, recipe, visible].filter(Boolean).join("\n\n");
}
