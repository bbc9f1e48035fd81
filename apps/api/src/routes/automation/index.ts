import { assignAutomationSubscriptionRoute } from "./assign-automation-subscription";
import { cancelAutomationSubscriptionRoute } from "./cancel-automation-subscription";
import { freezeAutomationSubscriptionRoute } from "./freeze-automation-subscription";
import { listAutomationProductsRoute } from "./list-automation-products";
import { listAutomationSubscriptionsRoute } from "./list-automation-subscriptions";
import { reactivateAutomationSubscriptionRoute } from "./reactivate-automation-subscription";
import { listAutomationHooksRoute } from "./list-automation-hooks";
import { registerAutomationHookRoute } from "./register-automation-hook";
import { removeAutomationHookRoute } from "./remove-automation-hook";
import { createAutomationTaskRoute } from "./create-automation-task";
import { listAutomationTasksRoute } from "./list-automation-tasks";
import { updateAutomationTaskRoute } from "./update-automation-task";

/** /v1/automation plans and subscriptions (document 3 "Plans and subscriptions"). */
export const subscriptionsAutomationRoutes = {
  listProducts: listAutomationProductsRoute,
  listSubscriptions: listAutomationSubscriptionsRoute,
  assignSubscription: assignAutomationSubscriptionRoute,
  freezeSubscription: freezeAutomationSubscriptionRoute,
  reactivateSubscription: reactivateAutomationSubscriptionRoute,
  cancelSubscription: cancelAutomationSubscriptionRoute,
};

/** /v1/automation/hooks (document 3 "Webhook registration"). */
export const hooksAutomationRoutes = {
  registerHook: registerAutomationHookRoute,
  listHooks: listAutomationHooksRoute,
  removeHook: removeAutomationHookRoute,
};

/** /v1/automation/tasks (document 3 "Weights, message, tasks"). */
export const tasksAutomationRoutes = {
  listTasks: listAutomationTasksRoute,
  createTask: createAutomationTaskRoute,
  updateTask: updateAutomationTaskRoute,
};
