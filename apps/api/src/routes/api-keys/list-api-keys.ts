import { z } from "zod";
import { ApiKeyListSchema } from "@studio/contracts";
import { listApiKeys } from "@studio/domain";
import { requireRole } from "../../trpc";

export const listApiKeysRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/studios/current/api-keys",
      tags: ["api keys"],
      summary: "List live API keys (without the key)",
    },
  })
  .input(z.object({}))
  .output(ApiKeyListSchema)
  .query(({ ctx }) => listApiKeys(ctx.db, ctx.scope));
