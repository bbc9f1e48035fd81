import bidiFactory from "bidi-js";

/**
 * Text of a field laid out for its box: logical text wrapped into lines (on logical order,
 * as the Unicode bidi algorithm asks), each line then reordered for display with bidi-js
 * (rules L1-L2, mirroring L4), grapheme clusters kept whole so combining marks (niqqud) stay
 * after their base letter. A paragraph whose base direction is right-to-left (first strong
 * character Hebrew) is right-aligned.
 */

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export interface LayoutOptions {
  /** Width in points of the text as drawn (pdf-lib's widthOfTextAtSize). */
  measure: (text: string, size: number) => number;
  /** Code points the font can draw; others become "?". */
  supported: (codePoint: number) => boolean;
  boxWidth: number;
  boxHeight: number;
  maxSize?: number;
  minSize?: number;
  lineHeight?: number;
}

export interface LaidOutLine {
  /** The line in visual (left-to-right drawing) order. */
  visual: string;
  width: number;
  rtl: boolean;
}

export interface TextLayout {
  size: number;
  lineHeight: number;
  lines: LaidOutLine[];
}

const MAX_SIZE = 14;
const MIN_SIZE = 4;
const LINE_HEIGHT = 1.2;
const ELLIPSIS = "\u2026";
/** Explicit bidi controls and zero-width characters: they steer the algorithm, nothing is drawn. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/** Control characters out, tabs to spaces, line ends unified, glyphs the font lacks to "?". */
export function cleanText(text: string, supported: (cp: number) => boolean): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === "\n") out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (INVISIBLE.test(ch)) out += ch;
    else if (/\p{M}/u.test(ch) && !supported(cp)) continue;
    else out += supported(cp) ? ch : "?";
  }
  return out;
}

interface Paragraph {
  text: string;
  levels: ReturnType<typeof bidi.getEmbeddingLevels>;
  rtl: boolean;
  /** Grapheme clusters: [start, end) in code units, and whether it is a space. */
  clusters: { start: number; end: number; space: boolean }[];
}

function paragraph(text: string): Paragraph {
  const levels = bidi.getEmbeddingLevels(text, "auto");
  const rtl = ((levels.paragraphs[0]?.level ?? 0) & 1) === 1;
  const clusters = [...graphemes.segment(text)].map((s) => ({
    start: s.index,
    end: s.index + s.segment.length,
    space: /^\s+$/u.test(s.segment),
  }));
  return { text, levels, rtl, clusters };
}

/** Lines of a paragraph as [start, end) ranges of cluster indexes, trailing spaces excluded. */
function wrap(
  p: Paragraph,
  size: number,
  width: number,
  measure: LayoutOptions["measure"],
): [number, number][] {
  const lines: [number, number][] = [];
  const clusterWidth = (i: number) => {
    const c = p.clusters[i];
    return c === undefined ? 0 : measure(p.text.slice(c.start, c.end), size);
  };
  // Words: a run of non-space clusters followed by its spaces.
  const words: { from: number; to: number; trailing: number }[] = [];
  for (let i = 0; i < p.clusters.length;) {
    const from = i;
    while (i < p.clusters.length && !p.clusters[i]?.space) i += 1;
    const to = i;
    while (i < p.clusters.length && p.clusters[i]?.space) i += 1;
    words.push({ from, to, trailing: i });
  }
  if (words.length === 0) return [[0, 0]];

  let lineStart = words[0]?.from ?? 0;
  let lineEnd = lineStart; // end of the last word's letters
  let used = 0; // width up to lineEnd
  let pendingSpaces = 0; // width of spaces after lineEnd
  for (const word of words) {
    let wordWidth = 0;
    for (let i = word.from; i < word.to; i += 1) wordWidth += clusterWidth(i);
    if (lineEnd > lineStart && used + pendingSpaces + wordWidth > width) {
      lines.push([lineStart, lineEnd]);
      lineStart = word.from;
      lineEnd = word.from;
      used = 0;
      pendingSpaces = 0;
    }
    if (wordWidth > width) {
      // A word longer than the box: break it between grapheme clusters.
      for (let i = word.from; i < word.to; i += 1) {
        const w = clusterWidth(i);
        if (lineEnd > lineStart && used + pendingSpaces + w > width) {
          lines.push([lineStart, lineEnd]);
          lineStart = i;
          lineEnd = i;
          used = 0;
          pendingSpaces = 0;
        }
        used += pendingSpaces + w;
        pendingSpaces = 0;
        lineEnd = i + 1;
      }
    } else {
      used += pendingSpaces + wordWidth;
      lineEnd = word.to;
    }
    pendingSpaces = 0;
    for (let i = word.to; i < word.trailing; i += 1) pendingSpaces += clusterWidth(i);
  }
  lines.push([lineStart, lineEnd]);
  return lines;
}

/** The clusters [from, to) of a paragraph in display order, bidi applied, mirrored where RTL. */
export function visualLine(p: Paragraph, from: number, to: number, suffix = ""): string {
  const first = p.clusters[from];
  const last = p.clusters[to - 1];
  if (first === undefined || last === undefined) return suffix;
  let text = p.text;
  let levels = p.levels;
  let clusters = p.clusters.slice(from, to);
  if (suffix !== "") {
    // The ellipsis ends the line in logical order, so it takes the line's direction.
    text = p.text.slice(0, last.end) + suffix;
    levels = bidi.getEmbeddingLevels(text, p.rtl ? "rtl" : "ltr");
    clusters = [...clusters, { start: last.end, end: text.length, space: false }];
  }
  const start = first.start;
  const end = (clusters[clusters.length - 1]?.end ?? start) - 1;
  const order = bidi.getReorderedIndices(text, levels, start, end);
  const position = new Map<number, number>();
  for (let i = start; i <= end; i += 1) position.set(order[i] ?? i, i);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, end);
  const placed = clusters.map((c) => {
    let at = Infinity;
    let s = "";
    for (let i = c.start; i < c.end; i += 1) {
      at = Math.min(at, position.get(i) ?? i);
      s += mirrored.get(i) ?? text[i];
    }
    return { at, s };
  });
  placed.sort((a, b) => a.at - b.at);
  return placed
    .map((c) => c.s)
    .join("")
    .replace(new RegExp(INVISIBLE.source, "gu"), "");
}

export function layoutText(text: string, options: LayoutOptions): TextLayout {
  const lineHeightFactor = options.lineHeight ?? LINE_HEIGHT;
  const cleaned = cleanText(text, options.supported).replace(/\s+$/u, "");
  const paragraphs = cleaned.split("\n").map(paragraph);
  const width = Math.max(options.boxWidth, 1);
  const maxFitting = options.boxHeight / lineHeightFactor;
  const maxSize = Math.max(Math.min(options.maxSize ?? MAX_SIZE, maxFitting), 1);
  const minSize = Math.min(options.minSize ?? MIN_SIZE, maxSize);

  const wrapAll = (size: number) =>
    paragraphs.flatMap((p) => wrap(p, size, width, options.measure).map((range) => ({ p, range })));
  const fits = (size: number) => {
    const lines = wrapAll(size);
    return lines.length * size * lineHeightFactor <= options.boxHeight + 1e-6 ? lines : null;
  };

  // The largest size (quarter-point steps) at which every line fits: fitting is monotonic in size.
  let size = minSize;
  let lines = fits(maxSize);
  if (lines !== null) {
    size = maxSize;
  } else {
    let lo = Math.ceil(minSize * 4);
    let hi = Math.floor(maxSize * 4) - 1;
    let best: ReturnType<typeof fits> = null;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const attempt = fits(mid / 4);
      if (attempt !== null) {
        best = attempt;
        size = mid / 4;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    lines = best;
  }

  let truncated = false;
  if (lines === null) {
    // Too much text even at the smallest size: keep the lines that fit, end with an ellipsis.
    size = minSize;
    const all = wrapAll(size);
    const keep = Math.max(1, Math.floor(options.boxHeight / (size * lineHeightFactor) + 1e-6));
    truncated = all.length > keep;
    lines = all.slice(0, keep);
  }

  const laidOut = lines.map(({ p, range }, index) => {
    const isLast = index === (lines?.length ?? 0) - 1;
    const from = range[0];
    let to = range[1];
    let visual = visualLine(p, from, to);
    if (truncated && isLast) {
      visual = visualLine(p, from, to, ELLIPSIS);
      while (to > from && options.measure(visual, size) > width) {
        to -= 1;
        while (to > from && p.clusters[to - 1]?.space) to -= 1;
        visual = visualLine(p, from, to, ELLIPSIS);
      }
    }
    return { visual, width: options.measure(visual, size), rtl: p.rtl };
  });
  return { size, lineHeight: size * lineHeightFactor, lines: laidOut };
}
