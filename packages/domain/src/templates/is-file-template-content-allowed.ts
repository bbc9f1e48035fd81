import { isRecord } from "./plan-values";

/**
 * Document 2 "File template rule": when pdfUrl is set the content must be an empty object or an
 * object whose only content is meta.workoutsPerWeek (a number). `{meta: {}}` carries nothing
 * beyond it either and is allowed; anything else (another key, a non-number, an array, null) is not.
 */
export function isFileTemplateContentAllowed(content: unknown): boolean {
  if (!isRecord(content)) return false;
  const keys = Object.keys(content);
  if (keys.length === 0) return true;
  if (keys.length !== 1 || keys[0] !== "meta") return false;
  const meta = content.meta;
  if (!isRecord(meta)) return false;
  const metaKeys = Object.keys(meta);
  if (metaKeys.length === 0) return true;
  return (
    metaKeys.length === 1 &&
    metaKeys[0] === "workoutsPerWeek" &&
    typeof meta.workoutsPerWeek === "number" &&
    Number.isFinite(meta.workoutsPerWeek)
  );
}
