import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { automationStatus, type MappedError } from "./error-mapping";
import { signingErrorBody } from "./signing-body";
import { SerializedJson } from "./serialized-json";

/**
 * Which body shape a path answers with (document 3): the automation lane has its own; the public
 * waitlist answers its data bare (no envelope, no requestId) and, like the onboarding endpoints,
 * a schema failure with status 400 instead of 422 (document 1 error table); errors of both keep
 * the standard error envelope. The public signing page (/v1/public/sign/*) answers bare JSON or
 * PDF bytes and its own error body (rest/signing-body.ts).
 */
export type EnvelopeStyle = "standard" | "automation" | "public-bare" | "public-onboarding" | "signing";

export function envelopeStyleFor(pathname: string): EnvelopeStyle {
  if (pathname === "/v1/automation" || pathname.startsWith("/v1/automation/")) return "automation";
  if (pathname === "/v1/public/waitlist-leads") return "public-bare";
  if (pathname.startsWith("/v1/public/onboarding/")) return "public-onboarding";
  if (pathname === "/v1/public/sign" || pathname.startsWith("/v1/public/sign/")) return "signing";
  return "standard";
}

/** The status a code is answered with in this style (VALIDATION is 400 on the public endpoints). */
const statusIn = (style: EnvelopeStyle, error: MappedError): number =>
  error.code === "VALIDATION" && (style === "public-bare" || style === "public-onboarding")
    ? 400
    : error.status;

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
  if (data instanceof SerializedJson) return writeSerialized(c, data, status, style, requestId, message);
  if (style === "public-bare" || style === "signing")
    return c.json(data as object, status as ContentfulStatusCode);
  const body =
    style === "automation"
      ? { success: true, message: message ?? "ok", data }
      : { ok: true, data, requestId };
  return c.json(body, status as ContentfulStatusCode);
}

/**
 * The envelope around an answer serialized before: byte for byte the body c.json writes for the
 * same envelope with the data as an object (JSON.stringify keeps the keys in this order). The
 * kept bytes are not copied into a new buffer per answer (a 4 MB board at 100 answers/s made the
 * garbage collector a third of the server's time): the head, the kept bytes and the tail leave as
 * three writes of one body with its Content-Length.
 */
function writeSerialized(
  c: Context,
  data: SerializedJson,
  status: number,
  style: EnvelopeStyle,
  requestId: unknown,
  message: string | undefined,
) {
  const [head, tail] =
    style === "public-bare" || style === "signing"
      ? ["", ""]
      : style === "automation"
        ? [`{"success":true,"message":${JSON.stringify(message ?? "ok")},"data":`, "}"]
        : [
            '{"ok":true,"data":',
            requestId === undefined ? "}" : `,"requestId":${JSON.stringify(requestId)}}`,
          ];
  const parts = [Buffer.from(head), data.bytes, Buffer.from(tail)].filter((part) => part.byteLength > 0);
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return c.body(body, status as ContentfulStatusCode, {
    "Content-Type": "application/json",
    "Content-Length": String(length),
  });
}

export function writeError(c: Context, error: MappedError, style: EnvelopeStyle) {
  const requestId = c.get("requestId");
  if (style === "automation") {
    return c.json(
      { success: false, message: error.message },
      automationStatus(error.code, error.status) as ContentfulStatusCode,
    );
  }
  if (style === "signing") return c.json(signingErrorBody(error), error.status as ContentfulStatusCode);
  const body: Record<string, unknown> = { ok: false, code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  body.requestId = requestId;
  return c.json(body, statusIn(style, error) as ContentfulStatusCode);
}
