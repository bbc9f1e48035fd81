import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { automationStatus, type MappedError } from "./error-mapping";

/** Which body shape a path answers with: the automation lane has its own (document 3). */
export type EnvelopeStyle = "standard" | "automation";

export const envelopeStyleFor = (pathname: string): EnvelopeStyle =>
  pathname === "/v1/automation" || pathname.startsWith("/v1/automation/") ? "automation" : "standard";

export function writeSuccess(
  c: Context,
  data: unknown,
  status: number,
  style: EnvelopeStyle,
  message?: string,
) {
  // 204 No Content carries no body (content and media deletes answer it).
  if (status === 204) return c.body(null, 204);
  const requestId = c.get("requestId");
  const body =
    style === "automation"
      ? { success: true, message: message ?? "ok", data }
      : { ok: true, data, requestId };
  return c.json(body, status as ContentfulStatusCode);
}

export function writeError(c: Context, error: MappedError, style: EnvelopeStyle) {
  const requestId = c.get("requestId");
  if (style === "automation") {
    return c.json(
      { success: false, message: error.message },
      automationStatus(error.code, error.status) as ContentfulStatusCode,
    );
  }
  const body: Record<string, unknown> = { ok: false, code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  body.requestId = requestId;
  return c.json(body, error.status as ContentfulStatusCode);
}
