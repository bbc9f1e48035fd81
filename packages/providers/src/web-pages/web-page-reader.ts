// Implements domain's WebPageReader port: every fetch goes through @studio/outbound's safeFetch
// and target checks. Why a page could not be read (domain's PageReadFailure):
// - refused: the URL fails the outbound target checks (it is never fetched, by anyone);
// - unreachable: the site could not be fetched or refused us (status other than 2xx, redirect,
//   timeout, too large, network failure): another reader may still get it;
// - no-text: the answer had no readable text (an empty shell page, an image, a PDF).
import type { PageRead, WebPageReader } from "@studio/domain";
import {
  checkTarget,
  describeRefusal,
  OutboundError,
  safeFetch,
  type Resolver,
  type SafeResponse,
  type Scheme,
} from "@studio/outbound";
import { htmlToText, tidyLines } from "./html-text";

export interface WebPageReaderOptions {
  /** Loopback targets are reachable (tests; WEBHOOK_ALLOW_LOOPBACK=1, refused in production). */
  allowLoopback?: boolean;
  /**
   * The second reader: a service that fetches and renders a page for us and answers its text
   * (Jina Reader's protocol: GET `<readerUrl><page URL>`). Unset: no second reader.
   */
  readerUrl?: string;
  /** Sent as `Authorization: Bearer` to the second reader when set. */
  readerApiKey?: string;
  /** Per fetch; default 10 s. */
  timeoutMs?: number;
  /** Per fetch; default 5 MiB. */
  maxBytes?: number;
  /** A page with fewer visible characters has no readable text. Default 50. */
  minTextChars?: number;
  resolve?: Resolver;
}

const PAGE_SCHEMES: readonly Scheme[] = ["http", "https"];
const USER_AGENT = "Mozilla/5.0 (compatible; StudioRecipeReader/1.0)";

/** The charset an HTML page declares in a meta tag (first 4 KiB), lower case. */
function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, 4096).toString("latin1");
  return /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(head)?.[1]?.toLowerCase() ?? null;
}

function decode(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

const looksLikeHtml = (text: string) => /<(!doctype\s+html|html|head|body)\b/i.test(text.slice(0, 2048));

/** The readable text of an answer, or null when its media type is not text. */
export function answerText(response: Pick<SafeResponse, "body" | "mediaType" | "charset">): string | null {
  const { mediaType, body } = response;
  const html = mediaType === "text/html" || mediaType === "application/xhtml+xml";
  if (html) return htmlToText(decode(body, response.charset ?? metaCharset(body)));
  if (mediaType && !mediaType.startsWith("text/")) return null;
  const text = decode(body, response.charset ?? (mediaType ? null : metaCharset(body)));
  return !mediaType && looksLikeHtml(text) ? htmlToText(text) : tidyLines(text);
}

const visibleLength = (text: string) => text.replace(/\s+/g, "").length;

/** Fetches pages for the recipe drafts (and any later feature that reads a link). */
export function createWebPageReader(options: WebPageReaderOptions = {}): WebPageReader {
  const minTextChars = options.minTextChars ?? 50;
  const policy = { schemes: PAGE_SCHEMES, allowLoopback: options.allowLoopback === true };

  const fetchText = async (
    target: string,
    headers: Record<string, string>,
    what: string,
  ): Promise<PageRead> => {
    let response: SafeResponse;
    try {
      response = await safeFetch(target, {
        ...policy,
        headers,
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxBytes,
        resolve: options.resolve,
      });
    } catch (err) {
      if (err instanceof OutboundError)
        return {
          ok: false,
          failure: err.kind === "refused" ? "refused" : "unreachable",
          message: err.message,
        };
      throw err;
    }
    if (response.status < 200 || response.status > 299)
      return { ok: false, failure: "unreachable", message: `${what} answered ${response.status}` };
    const text = answerText(response);
    if (text === null)
      return { ok: false, failure: "no-text", message: `${what} is not text (${response.mediaType})` };
    if (visibleLength(text) < minTextChars)
      return { ok: false, failure: "no-text", message: `${what} has no readable text` };
    return { ok: true, text };
  };

  return {
    read(url) {
      return fetchText(
        url,
        {
          accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
          "accept-language": "he,en;q=0.8",
          "user-agent": USER_AGENT,
        },
        "page",
      );
    },
    async readThroughReader(url) {
      if (!options.readerUrl) return null;
      // The reader fetches from its own network, yet it is never handed a URL we would refuse.
      const check = checkTarget(url, policy);
      if (!check.ok) return { ok: false, failure: "refused", message: describeRefusal(check.refusal) };
      return fetchText(
        `${options.readerUrl}${check.url.href}`,
        {
          accept: "text/plain,text/markdown;q=0.9,*/*;q=0.5",
          "user-agent": USER_AGENT,
          ...(options.readerApiKey ? { authorization: `Bearer ${options.readerApiKey}` } : {}),
        },
        "second reader",
      );
    },
  };
}
