import { z } from "zod";
import { StudioSchema } from "@studio/contracts";
import { getCurrentStudio } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getCurrentStudioRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/studio",
      tags: ["studio"],
      summary: "The caller's current studio",
    },
  })
  .input(z.object({}))
  .output(StudioSchema)
  .query(({ ctx }) => getCurrentStudio(ctx.db, ctx.scope));
