import type { AnyTRPCProcedure } from "@trpc/server";
import { router, type RouteMeta } from "../trpc";
import { webRouter } from "./web";

/**
 * The bearer lane's mounts (document 1 "Bearer lane": "the same routers are mounted on both
 * lanes"): each web router under /v1/web/<router> is served again under /v1/<router>. document 2's
 * client tracking views hang off the clients router, so they come with it. The WhatsApp router has
 * no coach operation (its one route, the provider's webhook, is the webhook lane's), so nothing is
 * mounted under /v1/whatsapp: the prefix keeps the lane's credential check and answers NOT_FOUND.
 */
export const BEARER_MOUNTS: readonly { bearer: string; web: string }[] = [
  { bearer: "/v1/studios", web: "/v1/web/studios" },
  { bearer: "/v1/clients", web: "/v1/web/clients" },
  { bearer: "/v1/whatsapp", web: "/v1/web/whatsapp" },
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The web path a bearer path mirrors (undefined outside the mounts). */
export const webPathOfBearerPath = (path: string): string | undefined => {
  const mount = BEARER_MOUNTS.find((m) => under(path, m.bearer));
  return mount ? mount.web + path.slice(mount.bearer.length) : undefined;
};

/**
 * The same procedure under another path: its definition (input and output parsers, guards,
 * resolver) is shared, only the route metadata's path differs. The REST adapter, the OpenAPI
 * document and the route map read a procedure's `_def`; the web procedures accept the bearer
 * lane's coach auth (`webProcedure`, `requireRole` in trpc.ts).
 */
function mountedAt(procedure: AnyTRPCProcedure, path: string): AnyTRPCProcedure {
  const def = procedure._def as { meta?: RouteMeta };
  const meta = def.meta!;
  const mounted = ((...args: unknown[]) =>
    (procedure as unknown as (...a: unknown[]) => unknown)(...args)) as unknown as {
    _def: unknown;
  };
  mounted._def = { ...procedure._def, meta: { ...meta, openapi: { ...meta.openapi!, path } } };
  return mounted as unknown as AnyTRPCProcedure;
}

const webProcedures = webRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;

/** /v1/studios, /v1/clients: the web lane's procedures of those routers, generated from their definitions. */
export const bearerRouter = router(
  Object.fromEntries(
    Object.entries(webProcedures).flatMap(([name, procedure]) => {
      const openapi = (procedure._def as { meta?: RouteMeta }).meta?.openapi;
      if (!openapi) return [];
      const mount = BEARER_MOUNTS.find((m) => under(openapi.path, m.web));
      if (!mount) return [];
      return [
        [
          name.replaceAll(".", "_"),
          mountedAt(procedure, mount.bearer + openapi.path.slice(mount.web.length)),
        ],
      ];
    }),
  ),
);
