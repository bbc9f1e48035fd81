import { LeadNoteCreateInput, LeadNoteSchema } from "@studio/contracts";
import { addLeadNote } from "@studio/domain";
import { webProcedure } from "../../trpc";

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
  .mutation(({ ctx, input }) => addLeadNote(ctx.db, ctx.scope, input));
