import type { MappedError } from "./error-mapping";

/**
 * Error bodies of the public signing page (document 3 "Document signing"): `{error, code,
 * details?}` with a Hebrew message for the visitor and `code` = details.reason when present,
 * else the error code; a miss (NOT_FOUND) is `{error}` only, the same bytes for every kind of
 * miss (malformed or unknown token, archived studio, deleted trainee, canceled document).
 */
export const SIGNING_MISS_MESSAGE = "הקישור אינו תקין או שאינו זמין עוד.";

/** Hebrew messages by reason or code (the English message stays in the logs' world). */
const MESSAGES: Record<string, string> = {
  ALREADY_SIGNED: "המסמך כבר נחתם.",
  LINK_CANCELED: "הקישור לחתימה בוטל.",
  UNKNOWN_FIELD: "נשלחו שדות שאינם חלק מהמסמך.",
  COACH_FIELD: "נשלחו שדות שממלא המאמן.",
  NOT_PNG_DATA_URL: "החתימה אינה תמונת PNG.",
  DATA_URL_TOO_LONG: "קובץ החתימה ארוך מדי.",
  PNG_TOO_LARGE: "קובץ החתימה גדול מדי.",
  PNG_TOO_WIDE: "ממדי החתימה גדולים מדי.",
  PNG_TOO_MANY_PIXELS: "ממדי החתימה גדולים מדי.",
  PNG_INVALID: "קובץ החתימה פגום.",
  VALIDATION: "חלק מהפרטים שמולאו אינם תקינים.",
  BAD_REQUEST: "הבקשה אינה תקינה.",
  PAYLOAD_TOO_LARGE: "הבקשה גדולה מדי.",
  UNAUTHORIZED: "אין הרשאה לבקשה זו.",
  FORBIDDEN: "הפעולה אינה מותרת.",
  APP_LOCKED: "הפעולה אינה מותרת.",
  CONFLICT: "לא ניתן להשלים את הפעולה.",
  RATE_LIMITED: "נשלחו יותר מדי בקשות. נסו שוב בעוד כמה דקות.",
  INTERNAL: "אירעה שגיאה. נסו שוב מאוחר יותר.",
  SERVICE_UNAVAILABLE: "השירות אינו זמין כרגע. נסו שוב מאוחר יותר.",
};

export function signingErrorBody(error: MappedError): Record<string, unknown> {
  if (error.code === "NOT_FOUND") return { error: SIGNING_MISS_MESSAGE };
  const reason = error.details?.reason;
  const code = typeof reason === "string" && reason !== "" ? reason : error.code;
  const key =
    error.code === "BAD_REQUEST" && error.message === "payload too large" ? "PAYLOAD_TOO_LARGE" : code;
  const body: Record<string, unknown> = {
    error: MESSAGES[key] ?? MESSAGES[error.code] ?? MESSAGES.INTERNAL,
    code,
  };
  if (error.details !== undefined) body.details = error.details;
  return body;
}
