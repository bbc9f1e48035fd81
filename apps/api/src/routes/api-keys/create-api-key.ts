import { ApiKeyCreateInput, ApiKeyCreatedSchema } from "@studio/contracts";
import { createApiKey } from "@studio/domain";
import { requireRole } from "../../trpc";

export const createApiKeyRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/studios/current/api-keys",
      tags: ["api keys"],
      summary: "Create a studio API key (shown once)",
    },
    successStatus: 201,
  })
  .input(ApiKeyCreateInput)
  .output(ApiKeyCreatedSchema)
  .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.scope, input));
