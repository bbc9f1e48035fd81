import { CrmBoardQuery, CrmBoardSchema } from "@studio/contracts";
import { getCrmBoard } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getCrmBoardRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/crm/board",
      tags: ["crm"],
      summary: "Lead board: statuses, filtered leads, kpis and counts",
    },
  })
  .input(CrmBoardQuery)
  .output(CrmBoardSchema)
  .query(({ ctx, input }) => getCrmBoard(ctx.db, ctx.scope, input));
