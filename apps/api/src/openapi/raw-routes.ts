import type { OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { createSchema } from "zod-openapi";
import type { RestRoute } from "../rest/route-table";
import type { RawRoute } from "../raw/raw-route";
import type { RouteMeta } from "../trpc";
import type { Json } from "./component-ref";

/**
 * Adds a raw route's operation (apps/api/src/raw: a body that is not JSON) to the document as
 * trpc-to-openapi would have generated it (query parameters, the body's media type, the data
 * schema under 200), and answers it as a route, so the loop above adds its lane's security,
 * headers, envelope and errors like any other.
 */
export function documentRawRoute(doc: OpenAPIObject, route: RawRoute, schemas: Json): RestRoute {
  const parameters: Json[] = [];
  const addParameters = (object: z.ZodObject, where: "path" | "query") => {
    const created = createSchema(object, { io: "input" });
    Object.assign(schemas, created.components ?? {});
    const schema = created.schema as Json;
    const required = (schema.required ?? []) as string[];
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
      const { description, ...rest } = property as Json;
      parameters.push({
        in: where,
        name,
        required: where === "path" || required.includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  if (route.params) addParameters(route.params, "path");
  if (route.query) addParameters(route.query, "query");
  let requestBody: Json | undefined;
  if (route.requestBody) {
    let bodySchema: unknown = { type: "string", format: "binary" };
    if (route.requestBody.schema) {
      const created = createSchema(route.requestBody.schema, { io: "input" });
      Object.assign(schemas, created.components ?? {});
      bodySchema = created.schema;
    }
    requestBody = {
      required: true,
      description: route.requestBody.description,
      content: { [route.requestBody.contentType]: { schema: bodySchema } },
    };
  }
  let content: Json;
  if (route.responseMediaType && route.responseMediaType !== "application/json") {
    content = { [route.responseMediaType]: { schema: { type: "string", format: "binary" } } };
  } else {
    const output = createSchema(route.output, { io: "output" });
    Object.assign(schemas, output.components ?? {});
    content = { "application/json": { schema: output.schema } };
  }
  const method = route.method.toLowerCase();
  const paths = (doc.paths ??= {}) as Json;
  paths[route.path] = {
    ...((paths[route.path] as Json | undefined) ?? {}),
    [method]: {
      operationId: `raw-${route.domainFunction}`,
      summary: route.summary,
      tags: route.tags,
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: { "200": { description: "Successful response", content } },
    },
  };
  const meta = {
    openapi: { method: route.method, path: route.path, errorResponses: route.errorResponses },
    successStatus: route.successStatus,
  } as RouteMeta;
  // The fields the error rules read: the query and a JSON body's schema (a path token alone is
  // not input that can fail validation: a malformed one is a miss).
  const bodyInput =
    route.requestBody?.schema instanceof z.ZodObject ? (route.requestBody.schema as z.ZodObject) : undefined;
  const input = bodyInput ? (route.query ? bodyInput.extend(route.query.shape) : bodyInput) : route.query;
  return {
    method: route.method,
    path: route.path,
    procedurePath: `raw.${route.domainFunction}`,
    successStatus: route.successStatus,
    meta,
    input: input ?? z.object({}),
  };
}
