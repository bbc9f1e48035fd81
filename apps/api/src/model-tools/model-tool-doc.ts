import { NO_NUL_PATTERN } from "@studio/contracts";
import type { Json } from "../openapi/component-ref";
import { LANES } from "../openapi/security";
import { MODEL_TOOL_PATH } from "./model-tool-path";

const TAG = "automation/model tools";
/** Every lane string refuses NUL: the pattern boundedString states in contracts. */
const NUL_FREE = NO_NUL_PATTERN.source;

/**
 * The model-tool endpoint in the OpenAPI document: POST /v1/automation/mcp with the automation
 * lane's credential (the studio API key). Its body and answers are the Model Context Protocol's
 * JSON-RPC messages, not the lane's envelope (`x-model-context-protocol`).
 */
export function documentModelToolEndpoint(doc: Json): void {
  const paths = (doc.paths ??= {}) as Json;
  paths[MODEL_TOOL_PATH] = {
    post: {
      operationId: "automation.modelTools",
      summary: "Model-tool endpoint (Model Context Protocol over Streamable HTTP)",
      description:
        "An MCP server (stateless Streamable HTTP, JSON answers) whose tools are the automation lane's operations: " +
        "tools/list names each one (the lane's procedure name, e.g. createTrainee), with its description and the JSON " +
        "schema of its input (path parameters included); tools/call runs the operation for the key's studio with the " +
        "same checks, audit entries (actor type model_tool) and errors. A result's text content is the lane's answer " +
        "`{success, message, data}`; a refusal is an `isError` result `{success: false, message, status}`. Send " +
        "`Accept: application/json, text/event-stream`. GET and DELETE answer 405 (stateless: no server stream, no session).",
      tags: [TAG],
      security: LANES.automation.security,
      "x-model-context-protocol": true,
      requestBody: {
        required: true,
        description:
          "A JSON-RPC 2.0 message of the Model Context Protocol (initialize, tools/list, tools/call, …).",
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["jsonrpc", "method"],
              properties: {
                jsonrpc: { type: "string", const: "2.0" },
                id: { oneOf: [{ type: "string", maxLength: 200, pattern: NUL_FREE }, { type: "integer" }] },
                method: { type: "string", maxLength: 200, pattern: NUL_FREE },
                params: { type: "object" },
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "The JSON-RPC answer (a tool's failure is a result with isError, not an HTTP error).",
          content: { "application/json": { schema: { type: "object" } } },
        },
        "202": { description: "A notification or response accepted (no body)." },
        "401": {
          description:
            "Missing, malformed, unknown or revoked studio API key (the automation lane's answer).",
          content: { "application/json": { schema: { $ref: "#/components/schemas/AutomationErrorBody" } } },
        },
        "400": {
          description: "A JSON-RPC string (id, method) holding a NUL character.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/AutomationErrorBody" } } },
        },
        "406": { description: "The Accept header does not list application/json and text/event-stream." },
      },
    },
  };
  const tags = (doc.tags ??= []) as Json[];
  tags.push({
    name: TAG,
    "x-displayName": "Model tools",
    description: `The model-tool endpoint on the ${LANES.automation.group} lane. Credential: ${LANES.automation.credential}.`,
  });
  const group = ((doc["x-tagGroups"] ?? []) as { name: string; tags: string[] }[]).find(
    (g) => g.name === LANES.automation.group,
  );
  group?.tags.push(TAG);
}
