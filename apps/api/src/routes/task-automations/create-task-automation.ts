import { TaskAutomationCreateInput, TaskAutomationSchema } from "@studio/contracts";
import { createTaskAutomation } from "@studio/domain";
import { requireRole } from "../../trpc";

export const createTaskAutomationRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/task-automations",
      tags: ["task automations"],
      summary: "Create a rule that creates tasks by itself (once per rule and subject)",
      description:
        "Triggers SUBSCRIPTION_ASSIGNED, SUBSCRIPTION_ENDING, SUBSCRIPTION_ENDED, CHECK_IN_OVERDUE with offsetDays; " +
        "the scheduler (and the subscription assignment itself, for a same-day rule) creates the tasks. " +
        "VALIDATION unknown team member selected, or coachIds empty for the COACHES rule.",
    },
    successStatus: 201,
  })
  .input(TaskAutomationCreateInput)
  .output(TaskAutomationSchema)
  .mutation(({ ctx, input }) => createTaskAutomation(ctx.db, ctx.scope, input));
