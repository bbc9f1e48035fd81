import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { createSchema } from "zod-openapi";
import type { AnyTRPCRouter } from "@trpc/server";
import { SERVICE_CLOCK_TOLERANCE_MS } from "@studio/auth";
import { laneOfPath } from "../lanes/lane-of-path";
import { envelopeStyleFor } from "../rest/envelope";
import type { RestRoute } from "../rest/route-table";
import type { RawRoute } from "../raw/raw-route";
import { ref, type Json } from "./component-ref";
import { dropUndocumentedInputs } from "./undocumented-inputs";
import { documentModelToolEndpoint } from "../model-tools/model-tool-doc";
import {
  SHARED_SCHEMAS,
  SIGNING_ERROR_SCHEMAS,
  SIGNING_RESPONSE_HEADERS,
  errorSchemaName,
  exampleBody,
  standardErrorSchema,
} from "./error-bodies";
import {
  CODE_ORDER,
  codeOf,
  errorCodesFor,
  hasAppAccessGuard,
  isEnumParameter,
  metaErrors,
  statusOf,
  whyCode,
  type ErrorKey,
} from "./error-derivation";
import { HEADERS, PARAMETERS } from "./parameters";
import { documentRawRoute } from "./raw-routes";
import {
  LANE_ORDER,
  LANES,
  PREFIX,
  SECURITY_SCHEMES,
  SIGNATURE_HOW,
  securityFor,
  type DocLane,
} from "./security";

export { errorCodesFor, type RouteErrorFacts } from "./error-derivation";

/*
 * The OpenAPI 3.1 document. trpc-to-openapi generates paths, parameters, bodies and the data
 * schemas from the procedures; this module then makes the document say what the wire carries:
 *
 * - security per lane (each lane accepts exactly one credential; the web lane also reads the
 *   user context headers, documented as parameters);
 * - the success body in the lane's envelope (data typed per operation) with the route's status;
 * - one response per error status the operation can answer, derived centrally from the lane,
 *   the method, the path parameters and the input (see `errorCodesFor`), each with the lane's
 *   error body and `code` as an enum of exactly the codes of that status;
 * - tags per domain, grouped by lane with `x-tagGroups`.
 *
 * A route whose handler can answer a status the rules cannot derive lists it in its meta,
 * in trpc-to-openapi's own field: `.meta({ openapi: { ..., errorResponses: { 404: "why" } } })`.
 *
 * The parts: security.ts (lanes, their credentials and security schemes), parameters.ts (lane
 * headers), error-derivation.ts (which codes at which statuses), error-bodies.ts (error schemas
 * and examples), raw-routes.ts (the non-JSON routes of apps/api/src/raw); this file assembles them.
 */

// ---------------------------------------------------------------------------------------------
// Tags.
// ---------------------------------------------------------------------------------------------

const DOMAIN_TITLES: Record<string, string> = {
  "api keys": "API keys",
  crm: "CRM",
  clients: "Trainees",
  trainee: "Account",
};

const domainTitle = (tag: string) => DOMAIN_TITLES[tag] ?? tag.charAt(0).toUpperCase() + tag.slice(1);

// ---------------------------------------------------------------------------------------------
// The document.
// ---------------------------------------------------------------------------------------------

const INFO_DESCRIPTION = `Backend of the coaching platform. A studio is the tenant; every read and write is scoped to one studio.

Access is divided into **lanes**: a path prefix with its own credential. Each operation lists its lane's credential under security, and the web lane's user context headers as parameters.

| Lane | Prefix | Credential |
|---|---|---|
${LANE_ORDER.filter((l) => l !== "other")
  .map((l) => `| ${LANES[l].group} | ${PREFIX[l]} | ${LANES[l].credential} |`)
  .join("\n")}

**Envelopes.** Success: \`{ok: true, data, requestId}\` with the operation's status. Error: \`{ok: false, code, message, details?, requestId}\`; each error response lists the codes it can carry. The automation lane answers \`{success, message, data}\` and errors \`{success: false, message}\` (validation and not-found are 400, creates are 200).

**Service signature** (web, internal, admin). ${SIGNATURE_HOW} A nonce is single-use; the timestamp must be within ${SERVICE_CLOCK_TOLERANCE_MS} ms of the server clock.`;

export function buildOpenApiDocument(
  router: AnyTRPCRouter,
  routes: RestRoute[],
  baseUrl: string,
  rawRoutes: readonly RawRoute[] = [],
): OpenAPIObject {
  const doc = generateOpenApiDocument(router, {
    title: "Studio platform API",
    version: "1.0.0",
    baseUrl,
    description: INFO_DESCRIPTION,
    // Security is set per operation below; trpc-to-openapi would list every scheme as an alternative.
    securitySchemes: {},
  });
  const components = (doc.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  // trpc-to-openapi's generic error responses are replaced below; drop their schemas.
  for (const name of Object.keys(schemas)) if (name.startsWith("error.")) delete schemas[name];
  Object.assign(schemas, SHARED_SCHEMAS);

  const usedSchemes = new Set<string>();
  const usedParameters = new Set<string>();
  const usedHeaders = new Set<string>(["XRequestId"]);
  const tags = new Map<string, { lane: DocLane; domain: string }>();
  const requestIdHeader = { "x-request-id": ref("headers", "XRequestId") };

  const documentedRaw = rawRoutes.map((route) => documentRawRoute(doc, route, schemas));
  for (const route of [...routes, ...documentedRaw]) {
    const operation = (doc.paths?.[route.path] as Json | undefined)?.[route.method.toLowerCase()] as
      Json | undefined;
    if (!operation) continue;
    const lane: DocLane = laneOfPath(route.path.replace(/\{\w+\}/g, "x")) ?? "other";
    const style = envelopeStyleFor(route.path);

    // Credential and lane headers.
    const security = securityFor(lane, route.path);
    security.forEach((requirement) => Object.keys(requirement).forEach((s) => usedSchemes.add(s)));
    operation.security = security;
    if (LANES[lane].parameters.length) {
      LANES[lane].parameters.forEach((p) => usedParameters.add(p));
      operation.parameters = [
        ...((operation.parameters ?? []) as Json[]),
        ...LANES[lane].parameters.map((p) => ref("parameters", p)),
      ];
    }
    if (route.method === "DELETE") documentDeleteBody(operation, route, schemas);

    // Tags: the domain, qualified by the lane so x-tagGroups can group them.
    const domains = ((operation.tags ?? []) as string[]).length ? (operation.tags as string[]) : ["general"];
    operation.tags = domains.map((domain) => {
      const name = `${lane}/${domain}`;
      tags.set(name, { lane, domain });
      return name;
    });

    // Success in the lane's envelope.
    const responses = (operation.responses ?? {}) as Json;
    const ok = responses["200"] as
      { description?: string; content?: Record<string, { schema?: unknown }> } | undefined;
    const dataSchema = ok?.content?.["application/json"]?.schema ?? {};
    const wrapped =
      style === "public-bare"
        ? dataSchema
        : style === "automation"
          ? {
              type: "object",
              required: ["success", "message", "data"],
              properties: {
                success: { type: "boolean", const: true },
                message: {
                  type: "string",
                  ...(route.meta.automationMessage ? { examples: [route.meta.automationMessage] } : {}),
                },
                data: dataSchema,
              },
            }
          : {
              type: "object",
              required: ["ok", "data", "requestId"],
              properties: {
                ok: { type: "boolean", const: true },
                data: dataSchema,
                requestId: { type: "string", description: "The same value as the x-request-id header." },
              },
            };
    const signing = style === "signing";
    const out: Json = {
      [String(route.successStatus)]: signing
        ? {
            description: ok?.description ?? "Success",
            headers: { ...requestIdHeader, ...SIGNING_RESPONSE_HEADERS },
            content: ok?.content ?? {},
          }
        : route.successStatus === 204
          ? { description: "No Content", headers: requestIdHeader }
          : {
              description: ok?.description ?? "Success",
              headers: requestIdHeader,
              content: { "application/json": { schema: wrapped } },
            },
    };

    // Errors, one response per status.
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const meta = metaErrors(route);
    const keys = errorCodesFor({
      lane,
      method: route.method,
      path: route.path,
      hasInput: route.input instanceof z.ZodObject && Object.keys(route.input.shape).length > 0,
      hasIdParam: pathParams.some((name) => !isEnumParameter(operation, name, schemas)),
      appAccessGuard: lane === "trainee" && hasAppAccessGuard(router, route.procedurePath),
      extra: meta.codes,
    });
    const byStatus = new Map<number, ErrorKey[]>();
    for (const key of keys) {
      const status = statusOf(key, style, route.path);
      byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
    }
    for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
      const keysHere = byStatus.get(status)!;
      const codes = CODE_ORDER.filter((code) => keysHere.some((k) => codeOf(k) === code));
      const why = keysHere.map((k) => whyCode(k, lane, route.path));
      if (meta.notes.has(status)) why.push(`This operation: ${meta.notes.get(status)}`);
      const headers: Json = { ...requestIdHeader };
      if (status === 429) {
        headers["retry-after"] = ref("headers", "RetryAfter");
        usedHeaders.add("RetryAfter");
      }
      let schema: Json;
      if (style === "automation") {
        schema = ref("schemas", "AutomationErrorBody");
      } else if (signing) {
        Object.assign(headers, SIGNING_RESPONSE_HEADERS);
        Object.assign(schemas, { ...SIGNING_ERROR_SCHEMAS, ...schemas });
        schema = ref("schemas", status === 404 ? "SigningMissBody" : "SigningErrorBody");
      } else {
        const name = errorSchemaName(codes);
        schemas[name] ??= standardErrorSchema(codes);
        schema = ref("schemas", name);
      }
      const examples = Object.fromEntries(
        keysHere.map((k) => [
          k === "PAYLOAD_TOO_LARGE" ? "BAD_REQUEST" : k,
          { summary: codeOf(k), value: exampleBody(k, lane, style) },
        ]),
      );
      out[String(status)] = {
        description: why.join(" "),
        headers,
        content: { "application/json": { schema, examples } },
      };
    }
    operation.responses = out;
  }

  components.securitySchemes = Object.fromEntries(
    Object.entries(SECURITY_SCHEMES).filter(([name]) => usedSchemes.has(name)),
  );
  components.parameters = Object.fromEntries(
    Object.entries(PARAMETERS).filter(([name]) => usedParameters.has(name)),
  );
  components.headers = Object.fromEntries(Object.entries(HEADERS).filter(([name]) => usedHeaders.has(name)));

  const tagList = [...tags.entries()].sort(
    ([, a], [, b]) => LANE_ORDER.indexOf(a.lane) - LANE_ORDER.indexOf(b.lane),
  );
  (doc as unknown as Json).tags = tagList.map(([name, { lane, domain }]) => ({
    name,
    "x-displayName": domainTitle(domain),
    description: `${domainTitle(domain)} on the ${LANES[lane].group} lane (${PREFIX[lane] || "no lane"}). Credential: ${LANES[lane].credential}.`,
  }));
  (doc as unknown as Json)["x-tagGroups"] = LANE_ORDER.filter((lane) =>
    tagList.some(([, t]) => t.lane === lane),
  ).map((lane) => ({
    name: LANES[lane].group,
    tags: tagList.filter(([, t]) => t.lane === lane).map(([name]) => name),
  }));
  documentModelToolEndpoint(doc as unknown as Json);
  dropUndocumentedInputs(doc as unknown as Json);
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
