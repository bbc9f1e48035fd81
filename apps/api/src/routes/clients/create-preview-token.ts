import { IdParam, PreviewTokenSchema } from "@studio/contracts";
import { createClientPreviewToken } from "@studio/domain";
import { headTraineeScopedProcedure } from "../../guards/coach-access";

export const createPreviewTokenRoute = headTraineeScopedProcedure
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
    createClientPreviewToken(ctx.deps.database.db, ctx.actor, {
      id: input.id,
      secret: ctx.deps.config.sessionSigningSecret,
      now: ctx.deps.now(),
    }),
  );
