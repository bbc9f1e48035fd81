import { router } from "../trpc";
import { accessAutomationRoutes } from "../routes/access";

/** /v1/automation/*: studio API key; answers in the automation envelope. */
export const automationRouter = router({
  ...accessAutomationRoutes,
});
