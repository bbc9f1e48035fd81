import { IdParam, PreviewTokenSchema } from "@studio/contracts";
import { createClientPreviewToken } from "@studio/domain";
import { requireRole } from "../../trpc";

export const createClientPreviewTokenRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/clients/{id}/preview-token",
      tags: ["clients"],
      summary: "A 15-minute read-only trainee token to preview the app",
    },
  })
  .input(IdParam)
  .output(PreviewTokenSchema)
  .mutation(({ ctx, input }) =>
    createClientPreviewToken(ctx.db, ctx.scope, {
      id: input.id,
      secret: ctx.deps.config.sessionSigningSecret,
    }),
  );
