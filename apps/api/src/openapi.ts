import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { createSchema } from "zod-openapi";
import type { AnyTRPCRouter } from "@trpc/server";
import { envelopeStyleFor } from "./rest/envelope";
import type { RestRoute } from "./rest/route-table";

type Json = Record<string, unknown>;

const errorRef = { $ref: "#/components/schemas/ErrorBody" };
const automationErrorRef = { $ref: "#/components/schemas/AutomationErrorBody" };

/**
 * The OpenAPI 3 document: trpc-to-openapi generates paths and schemas from the procedures;
 * we then wrap each success schema in the lane's envelope, move it to the route's real
 * status and describe the error bodies, so the document says what the wire carries.
 */
export function buildOpenApiDocument(
  router: AnyTRPCRouter,
  routes: RestRoute[],
  baseUrl: string,
): OpenAPIObject {
  const doc = generateOpenApiDocument(router, {
    title: "Studio platform API",
    version: "1.0.0",
    baseUrl,
    description:
      "Backend of the coaching platform. Each lane (path prefix) has its own credential; see docs/ARCHITECTURE.md.",
    securitySchemes: {
      serviceSignature: {
        type: "apiKey",
        in: "header",
        name: "x-service-signature",
        description: "HMAC service signature with x-service-id, x-service-timestamp, x-service-nonce",
      },
      traineeToken: { type: "http", scheme: "bearer", description: "trainee token" },
      apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
    },
  });
  const components = (doc.components ??= {});
  const schemas = (components.schemas ??= {}) as Json;
  schemas.ErrorBody = {
    type: "object",
    required: ["ok", "code", "message", "requestId"],
    properties: {
      ok: { const: false },
      code: {
        type: "string",
        enum: [
          "VALIDATION",
          "BAD_REQUEST",
          "UNAUTHORIZED",
          "FORBIDDEN",
          "APP_LOCKED",
          "NOT_FOUND",
          "CONFLICT",
          "RATE_LIMITED",
          "INTERNAL",
          "SERVICE_UNAVAILABLE",
        ],
      },
      message: { type: "string" },
      details: {},
      requestId: { type: "string" },
    },
  };
  schemas.AutomationErrorBody = {
    type: "object",
    required: ["success", "message"],
    properties: { success: { const: false }, message: { type: "string" } },
  };

  for (const route of routes) {
    const openapiPath = route.path;
    const operation = (doc.paths?.[openapiPath] as Json | undefined)?.[route.method.toLowerCase()] as
      Json | undefined;
    if (!operation) continue;
    const automation = envelopeStyleFor(openapiPath) === "automation";
    const responses = (operation.responses ?? {}) as Json;
    const ok = responses["200"] as
      { description?: string; content?: Record<string, { schema?: unknown }> } | undefined;
    const dataSchema = ok?.content?.["application/json"]?.schema ?? {};
    const wrapped = automation
      ? {
          type: "object",
          required: ["success", "message", "data"],
          properties: { success: { const: true }, message: { type: "string" }, data: dataSchema },
        }
      : {
          type: "object",
          required: ["ok", "data", "requestId"],
          properties: { ok: { const: true }, data: dataSchema, requestId: { type: "string" } },
        };
    if (route.method === "DELETE") documentDeleteBody(operation, route, schemas);
    const error = {
      description: "Error",
      content: { "application/json": { schema: automation ? automationErrorRef : errorRef } },
    };
    operation.responses = {
      [String(route.successStatus)]: {
        description: ok?.description ?? "Success",
        content: { "application/json": { schema: wrapped } },
      },
      default: error,
    };
  }
  return doc;
}

/**
 * trpc-to-openapi documents every DELETE input as query parameters, but our adapter reads a
 * DELETE's optional JSON body (e.g. the coach dismissal options). Move the non-path fields
 * of such routes into a requestBody.
 */
function documentDeleteBody(operation: Json, route: RestRoute, schemas: Json) {
  const input = route.input;
  if (!(input instanceof z.ZodObject)) return;
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const bodyKeys = Object.keys(input.shape).filter((k) => !pathParams.includes(k));
  if (bodyKeys.length === 0) return;
  const body = input.pick(Object.fromEntries(bodyKeys.map((k) => [k, true])) as Record<string, true>);
  const { schema, components } = createSchema(body, { io: "input" });
  Object.assign(schemas, components ?? {});
  operation.parameters = ((operation.parameters ?? []) as { in?: string; name?: string }[]).filter(
    (p) => !(p.in === "query" && p.name !== undefined && bodyKeys.includes(p.name)),
  );
  operation.requestBody = { required: false, content: { "application/json": { schema } } };
}
