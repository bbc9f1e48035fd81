import { validation } from "../errors";

const issue = (message: string) => ({ issues: [{ path: "media", message, code: "invalid_value" }] });
const refuse = (message: string) => validation(message, issue(message));

const BASE64 = /^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$/;
const WHITESPACE = /\s+/g;

/**
 * The base64 text of an inline `media` value: raw base64, or a data URL
 * (`data:<type>;base64,<base64>`), white space removed. A data URL that is not base64 is refused.
 * The data URL's own type is not read: the body's contentType says what the bytes are.
 */
export function inlineBase64(media: string): string {
  let text = media;
  if (/^data:/i.test(text)) {
    const comma = text.indexOf(",");
    const header = comma === -1 ? "" : text.slice(0, comma);
    if (!/;base64$/i.test(header)) throw refuse("media must be base64 (raw or a base64 data URL)");
    text = text.slice(comma + 1);
  }
  return WHITESPACE.test(text) ? text.replace(WHITESPACE, "") : text;
}

/** Whether the text is base64 (standard or URL alphabet, padding optional). */
export const isBase64 = (text: string): boolean => text.length % 4 !== 1 && BASE64.test(text);

/** Bytes the base64 text decodes to, computed from its length (nothing is decoded). */
export function decodedLength(base64: string): number {
  let padding = 0;
  while (padding < 2 && base64.charCodeAt(base64.length - 1 - padding) === 61 /* = */) padding += 1;
  return Math.floor(((base64.length - padding) * 3) / 4);
}

/** VALIDATION with one issue on `media`. */
export const refuseMedia = (message: string) => refuse(message);
