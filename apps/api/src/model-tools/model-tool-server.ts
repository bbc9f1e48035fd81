import type { Context } from "hono";
import type { AnyTRPCRouter } from "@trpc/server";
import type * as McpServer from "@modelcontextprotocol/sdk/server/index.js";
import type * as McpTransport from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type * as McpTypes from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { NUL_MESSAGE } from "@studio/contracts";
import { AppError } from "@studio/domain";
import { serializeError } from "@studio/observability";
import type { RequestContext } from "../context";
import type { AppEnv } from "../hono-env";
import { laneError } from "../rest/lane-error";
import { automationStatus, mapError } from "../rest/error-mapping";
import type { RestRoute } from "../rest/route-table";
import { procedureRunner, type ProcedureDef } from "../rest/run-procedure";

/**
 * The model-tool endpoint (document 1 "Partner and automation lanes": "accepts the same key and
 * calls the automation lane on the caller's behalf"): a Model Context Protocol server over
 * Streamable HTTP, stateless (each POST carries its own JSON-RPC messages, answered as JSON).
 * The lane guard has proved the studio API key (the path is under /v1/automation). Its tools are
 * the automation lane's routes, generated from the route table: name, description and input
 * schema from each procedure's metadata and contract; a call runs that procedure (its guards, input
 * parser, domain call and output parser) with the caller's key, the actor marked as the model tool.
 */
export { MODEL_TOOL_METHODS, MODEL_TOOL_PATH } from "./model-tool-path";

interface ModelTool {
  tool: Tool;
  route: RestRoute;
  run: ReturnType<typeof procedureRunner>;
}

/** The tool name of an automation route: its procedure path without the lane (`trainees.create`). */
export const toolNameOf = (procedurePath: string) => procedurePath.replace(/^automation\./, "");

const objectSchema = (input: unknown): Tool["inputSchema"] => {
  if (!(input instanceof z.ZodType)) return { type: "object" };
  const schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete schema.$schema;
  return schema.type === "object" ? (schema as Tool["inputSchema"]) : { type: "object" };
};

/** The tools of the automation lane's routes (built once per app). */
export function modelToolsOf(router: AnyTRPCRouter, routes: readonly RestRoute[]): Map<string, ModelTool> {
  const procedures = router._def.procedures as Record<string, { _def: ProcedureDef }>;
  const tools = new Map<string, ModelTool>();
  for (const route of routes) {
    if (!route.procedurePath.startsWith("automation.")) continue;
    const openapi = route.meta.openapi!;
    const name = toolNameOf(route.procedurePath);
    const about = [openapi.summary, openapi.description].filter(Boolean).join(". ");
    tools.set(name, {
      route,
      run: procedureRunner(procedures[route.procedurePath]!._def),
      tool: {
        name,
        description: `${about ? `${about}. ` : ""}Calls ${route.method} ${route.path} of the automation lane (path parameters are arguments too).`,
        inputSchema: objectSchema(route.input),
      },
    });
  }
  return tools;
}

const text = (value: unknown): CallToolResult["content"] => [{ type: "text", text: JSON.stringify(value) }];

/** Whether a JSON-RPC message (or batch) holds NUL in its id or method; unparsable JSON is the transport's to refuse. */
function envelopeHasNul(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).some((message: unknown) => {
    if (typeof message !== "object" || message === null) return false;
    const { id, method } = message as { id?: unknown; method?: unknown };
    return [id, method].some((value) => typeof value === "string" && value.includes("\u0000"));
  });
}

/**
 * The MCP SDK (~0.3 s of module loading) is loaded at the first model-tool request, not at every
 * process start (issue 30, item 9: time to healthy).
 */
let mcpSdk: Promise<[typeof McpServer, typeof McpTransport, typeof McpTypes]> | undefined;
const loadMcpSdk = () =>
  (mcpSdk ??= Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]));

/**
 * The Hono handler of MODEL_TOOL_PATH. The tools are built at the first request (their input
 * schemas' JSON Schema takes 0.1-0.4 s), once per handler.
 */
export function modelToolHandler(buildTools: () => Map<string, ModelTool>) {
  let built: { tools: Map<string, ModelTool>; list: Tool[] } | undefined;
  const toolsAndList = () => {
    if (!built) {
      const tools = buildTools();
      built = { tools, list: [...tools.values()].map((t) => t.tool) };
    }
    return built;
  };
  return async (c: Context<AppEnv>): Promise<Response> => {
    const auth = c.get("auth");
    if (auth?.lane !== "automation") return laneError(c, "UNAUTHORIZED", "authentication required");
    // Every string of every lane refuses NUL (the documented pattern). Tool arguments meet the
    // contracts; the JSON-RPC envelope's own strings (id, method) reach none, so they are checked here.
    if (c.req.method === "POST" && envelopeHasNul(await c.req.raw.clone().text()))
      return laneError(c, "VALIDATION", `body: ${NUL_MESSAGE}`);
    const [
      { Server },
      { WebStandardStreamableHTTPServerTransport },
      { CallToolRequestSchema, ListToolsRequestSchema },
    ] = await loadMcpSdk();
    const { tools, list } = toolsAndList();
    const deps = c.get("deps");
    const requestId = c.get("requestId");
    const server = new Server(
      { name: "studio-automation", version: "1.0.0" },
      { capabilities: { tools: { listChanged: false } } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: list }));
    server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
      const found = tools.get(request.params.name);
      try {
        if (!found) throw new AppError("NOT_FOUND", `unknown tool ${request.params.name.slice(0, 100)}`);
        const ctx: RequestContext = {
          requestId,
          deps,
          db: deps.database.db,
          auth: { ...auth, via: "model_tool" },
        };
        const path = found.route.procedurePath;
        const args = request.params.arguments ?? {};
        const data = await found.run({ path, ctx, getRawInput: async () => args });
        const { automationMessage, automationMessageOf } = found.route.meta;
        const message = automationMessageOf ? automationMessageOf(data as never) : automationMessage;
        return { content: text({ success: true, message: message ?? "ok", data }) };
      } catch (error) {
        const mapped = mapError(error);
        if (mapped.unexpected)
          deps.logger.error("model tool call failed", { requestId, err: serializeError(error) });
        return {
          isError: true,
          content: text({
            success: false,
            message: mapped.message,
            status: automationStatus(mapped.code, mapped.status),
          }),
        };
      }
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      void server.close();
    }
  };
}
