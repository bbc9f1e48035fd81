import { ApiKeyRevokedSchema, IdParam } from "@studio/contracts";
import { revokeApiKey } from "@studio/domain";
import { requireRole } from "../../trpc";

export const revokeApiKeyRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/studios/current/api-keys/{id}",
      tags: ["api keys"],
      summary: "Revoke an API key",
    },
  })
  .input(IdParam)
  .output(ApiKeyRevokedSchema)
  .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.scope, input));
