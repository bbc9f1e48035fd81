import { router } from "./trpc";
import { automationRouter } from "./lanes/automation";
import { traineeRouter } from "./lanes/trainee";
import { webRouter } from "./lanes/web";
import { adminRouter } from "./lanes/admin";
import { publicRouter } from "./lanes/public";
import { webhookRouter } from "./lanes/webhook";
import { bearerRouter } from "./lanes/bearer";

/** Every procedure, one sub-router per lane. Its type is what the web app imports. */
export const appRouter = router({
  web: webRouter,
  trainee: traineeRouter,
  automation: automationRouter,
  admin: adminRouter,
  public: publicRouter,
  webhook: webhookRouter,
  bearer: bearerRouter,
});

export type AppRouter = typeof appRouter;
