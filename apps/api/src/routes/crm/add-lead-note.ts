import { LeadNoteCreateInput, LeadNoteSchema } from "@studio/contracts";
import { addLeadNote } from "@studio/domain";
import { webProcedure } from "../../trpc";
import { crmCaller } from "./caller";

export const addLeadNoteRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/crm/leads/{id}/notes",
      tags: ["crm"],
      summary: "Add a note to a lead",
    },
    successStatus: 201,
  })
  .input(LeadNoteCreateInput)
  .output(LeadNoteSchema)
  .mutation(({ ctx, input }) => addLeadNote(ctx.deps.database.db, crmCaller(ctx), input));
