export * from "./logger";
export { serializeError, queryName, type SerializedError } from "./serialize-error";
export { capLine, isRedactedKey, sanitizeFields, MAX_LINE_BYTES } from "./redact";
export { capString, scrubText, safeString, MAX_FIELD_CHARS, REDACTED } from "./text";
export * from "./metrics";
export * from "./metrics-server";
export * from "./capturing-logger";
