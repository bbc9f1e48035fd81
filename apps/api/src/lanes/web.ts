import { router } from "../trpc";
import { trackingWorkoutRoutes } from "../routes/tracking";
import { trackingNutritionRoutes } from "../routes/tracking";
import { calendarWebRoutes } from "../routes/calendar";
import { apiKeysWebRoutes } from "../routes/api-keys";
import { clientsWebRoutes } from "../routes/clients";
import { contentWebRoutes } from "../routes/content";
import { crmWebRoutes } from "../routes/crm";
import { foodsWebRoutes } from "../routes/foods";
import { formsWebRoutes } from "../routes/forms";
import { mediaWebRoutes } from "../routes/media";
import { notificationsWebRoutes } from "../routes/notifications";
import { plansWebRoutes } from "../routes/plans";
import { programsWebRoutes } from "../routes/programs";
import { recipesWebRoutes } from "../routes/recipes";
import { studioWebRoutes } from "../routes/studio";
import { tasksWebRoutes } from "../routes/tasks";
import { taskAutomationsWebRoutes } from "../routes/task-automations";
import { teamWebRoutes } from "../routes/team";
import { templatesWebRoutes } from "../routes/templates";
import { trackingCoachRoutes } from "../routes/tracking";
import { onboardingWebRoutes } from "../routes/onboarding";
import { paymentsWebRoutes } from "../routes/payments";

/** /v1/web/*: service signature + user context. One router per domain folder of routes/. */
export const webRouter = router({
  studio: studioWebRoutes,
  apiKeys: apiKeysWebRoutes,
  crm: crmWebRoutes,
  team: teamWebRoutes,
  clients: clientsWebRoutes,
  tasks: tasksWebRoutes,
  taskAutomations: taskAutomationsWebRoutes,
  notifications: notificationsWebRoutes,
  recipes: recipesWebRoutes,
  media: mediaWebRoutes,
  content: contentWebRoutes,
  programs: programsWebRoutes,
  templates: templatesWebRoutes,
  plans: plansWebRoutes,
  forms: formsWebRoutes,
  foods: foodsWebRoutes,
  tracking: trackingCoachRoutes,
  calendar: calendarWebRoutes,
  trackingNutrition: trackingNutritionRoutes,
  trackingWorkouts: trackingWorkoutRoutes,
  onboarding: onboardingWebRoutes,
  payments: paymentsWebRoutes,
});
