import { z } from "zod";
import { HomeBannerSchema } from "@studio/contracts";
import { getHomeBanner } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getHomeBannerRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/studio/home-banner",
      tags: ["studio"],
      summary: "The studio's home banner (its library item and whether it is live)",
    },
  })
  .input(z.object({}))
  .output(HomeBannerSchema)
  .query(({ ctx }) => getHomeBanner(ctx.db, ctx.scope));
