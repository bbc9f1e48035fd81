import type { AnyTRPCRouter } from "@trpc/server";
import type { RouteMeta } from "../trpc";
import { laneOfPath, type LaneName } from "../lanes/lane-of-path";

/** The lane routers of appRouter and the path lanes their procedures may serve. */
const LANES_OF_ROUTER: Record<string, readonly LaneName[]> = {
  web: ["web"],
  trainee: ["trainee"],
  automation: ["automation"],
  partner: ["partner"],
  admin: ["admin", "internal"],
  internal: ["internal"],
  public: ["public"],
  bearer: ["bearer"],
};

/** Refuses (at start) a procedure of a lane router whose path lies outside that lane's prefix. */
export function assertPathInLane(procedurePath: string, path: string): void {
  const allowed = LANES_OF_ROUTER[procedurePath.split(".")[0]!];
  if (!allowed) return;
  const lane = laneOfPath(path);
  if (!lane || !allowed.includes(lane)) {
    throw new Error(
      `route ${procedurePath} has path ${path}, outside its lane (${allowed.join("/")}); move it to the lane router of ${lane ?? "no lane"}`,
    );
  }
}

export interface RestRoute {
  method: string;
  /** OpenAPI path template, e.g. /v1/web/coaches/{id} */
  path: string;
  /** Dotted tRPC path of the procedure, e.g. web.studio.get */
  procedurePath: string;
  successStatus: number;
  meta: RouteMeta;
  /** The procedure's input parser (a zod object), for the OpenAPI document. */
  input?: unknown;
}

interface Node {
  statics: Map<string, Node>;
  param?: { name: string; node: Node };
  routes: Map<string, RestRoute>;
}

const newNode = (): Node => ({ statics: new Map(), routes: new Map() });

export interface RouteMatch {
  route: RestRoute;
  params: Record<string, string>;
}

/**
 * The REST route table, built once from the procedures' OpenAPI metadata. Static segments
 * win over parameters at every depth (so /content/taxonomy is never read as /content/{id}),
 * with backtracking when a static branch leads nowhere.
 */
export class RouteTable {
  private readonly root = newNode();
  readonly routes: RestRoute[] = [];

  static fromRouter(router: AnyTRPCRouter): RouteTable {
    const table = new RouteTable();
    const procedures = router._def.procedures as Record<
      string,
      { _def: { meta?: RouteMeta; inputs?: unknown[] } }
    >;
    for (const [procedurePath, procedure] of Object.entries(procedures)) {
      const meta = procedure._def.meta;
      const openapi = meta?.openapi;
      if (!openapi || openapi.enabled === false) continue;
      assertPathInLane(procedurePath, openapi.path);
      table.add({
        method: openapi.method,
        path: openapi.path,
        procedurePath,
        successStatus: meta.successStatus ?? 200,
        meta,
        input: procedure._def.inputs?.[0],
      });
    }
    return table;
  }

  add(route: RestRoute): void {
    let node = this.root;
    for (const segment of splitPath(route.path)) {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        const name = param[1]!;
        if (node.param && node.param.name !== name) {
          throw new Error(`conflicting parameter names at ${route.path}: {${node.param.name}} vs {${name}}`);
        }
        node.param ??= { name, node: newNode() };
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.routes.has(route.method)) throw new Error(`duplicate route ${route.method} ${route.path}`);
    node.routes.set(route.method, route);
    this.routes.push(route);
  }

  /** Matches a raw (still percent-encoded) pathname; parameters come back decoded. */
  match(method: string, pathname: string): RouteMatch | undefined {
    const segments = splitPath(pathname);
    const params: Record<string, string> = {};
    const route = this.walk(this.root, segments, 0, method, params);
    return route ? { route, params } : undefined;
  }

  /**
   * The methods routes of this table answer at a raw pathname (empty when no route has that
   * path): what an unknown method on a known path lists in its Allow header (RFC 9110 §15.5.6).
   */
  allowedMethods(pathname: string): string[] {
    const methods = new Set<string>();
    this.collect(this.root, splitPath(pathname), 0, methods);
    return [...methods].sort((a, b) => methodRank(a) - methodRank(b));
  }

  private collect(node: Node, segments: string[], i: number, methods: Set<string>): void {
    if (i === segments.length) {
      for (const method of node.routes.keys()) methods.add(method);
      return;
    }
    const segment = segments[i]!;
    const staticNode = node.statics.get(segment);
    if (staticNode) this.collect(staticNode, segments, i + 1, methods);
    if (node.param) {
      const value = safeDecode(segment);
      if (value !== undefined && value !== "") this.collect(node.param.node, segments, i + 1, methods);
    }
  }

  private walk(
    node: Node,
    segments: string[],
    i: number,
    method: string,
    params: Record<string, string>,
  ): RestRoute | undefined {
    if (i === segments.length) return node.routes.get(method);
    const segment = segments[i]!;
    const staticNode = node.statics.get(segment);
    if (staticNode) {
      const found = this.walk(staticNode, segments, i + 1, method, params);
      if (found) return found;
    }
    if (node.param) {
      const value = safeDecode(segment);
      if (value === undefined || value === "") return undefined;
      const found = this.walk(node.param.node, segments, i + 1, method, params);
      if (found) {
        params[node.param.name] = value;
        return found;
      }
    }
    return undefined;
  }
}

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const methodRank = (method: string) => {
  const rank = METHOD_ORDER.indexOf(method);
  return rank === -1 ? METHOD_ORDER.length : rank;
};

function splitPath(path: string): string[] {
  return path.split("/").filter((s) => s.length > 0);
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
