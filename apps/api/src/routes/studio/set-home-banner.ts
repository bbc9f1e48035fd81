import { HomeBannerInput, HomeBannerSchema } from "@studio/contracts";
import { setHomeBanner } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const setHomeBannerRoute = webProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/web/studio/home-banner",
      tags: ["studio"],
      summary: "Set the studio's home banner: a library item (or null) and whether it is live",
      description:
        "A live banner's item opens for trainees by id even when unpublished (restricted items still need an unlock). " +
        "An item that is not the studio's answers VALIDATION content item not found.",
    },
  })
  .input(HomeBannerInput)
  .output(HomeBannerSchema)
  .mutation(({ ctx, input }) => setHomeBanner(ctx.db, ctx.scope, input));
