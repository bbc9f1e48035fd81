import { router } from "../trpc";
import { accessAutomationRoutes } from "../routes/access";
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
  ...accessAutomationRoutes,
  ...subscriptionsAutomationRoutes,
  ...hooksAutomationRoutes,
  ...tasksAutomationRoutes,
  ...traineesAutomationRoutes,
  ...formsAutomationRoutes,
  ...programsAutomationRoutes,
  ...weightsAutomationRoutes,
  ...rpcAutomationRoutes,
});
