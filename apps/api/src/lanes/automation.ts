import { router } from "../trpc";
import { apiKeysAutomationRoutes } from "../routes/api-keys";
import {
  formsAutomationRoutes,
  hooksAutomationRoutes,
  programsAutomationRoutes,
  rpcAutomationRoutes,
  subscriptionsAutomationRoutes,
  tasksAutomationRoutes,
  traineesAutomationRoutes,
  weightsAutomationRoutes,
} from "../routes/automation";

/** /v1/automation/*: studio API key; answers in the automation envelope. */
export const automationRouter = router({
  ...apiKeysAutomationRoutes,
  ...subscriptionsAutomationRoutes,
  ...hooksAutomationRoutes,
  ...tasksAutomationRoutes,
  ...traineesAutomationRoutes,
  ...formsAutomationRoutes,
  ...programsAutomationRoutes,
  ...weightsAutomationRoutes,
  ...rpcAutomationRoutes,
});
