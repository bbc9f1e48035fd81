import { router } from "./trpc";
import { automationRouter } from "./lanes/automation";
import { traineeRouter } from "./lanes/trainee";
import { webRouter } from "./lanes/web";

/** Every procedure, one sub-router per lane. Its type is what the web app imports. */
export const appRouter = router({
  web: webRouter,
  trainee: traineeRouter,
  automation: automationRouter,
});

export type AppRouter = typeof appRouter;
