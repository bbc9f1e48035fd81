import { CrmBoardQuery, CrmBoardSchema, type CrmBoard } from "@studio/contracts";
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
  // The leads arrive as JSON text (PreSerializedJson); the procedure runner validates the rest
  // against CrmBoardSchema and the envelope writes the text as is (rest/pre-serialized.ts).
  .query(({ ctx, input }) => getCrmBoard(ctx.db, ctx.scope, input) as unknown as Promise<CrmBoard>);
