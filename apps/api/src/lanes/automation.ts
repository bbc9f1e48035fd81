import { router } from "../trpc";
import { validateAutomationRoute } from "../routes/automation/validate";

/** /v1/automation/*: studio API key; answers in the automation envelope. */
export const automationRouter = router({
  validate: validateAutomationRoute,
});
