import { assignAutomationSubscriptionRoute } from "./assign-automation-subscription";
import { cancelAutomationSubscriptionRoute } from "./cancel-automation-subscription";
import { freezeAutomationSubscriptionRoute } from "./freeze-automation-subscription";
import { listAutomationProductsRoute } from "./list-automation-products";
import { listAutomationSubscriptionsRoute } from "./list-automation-subscriptions";
import { reactivateAutomationSubscriptionRoute } from "./reactivate-automation-subscription";

/** /v1/automation plans and subscriptions (document 3 "Plans and subscriptions"). */
export const subscriptionsAutomationRoutes = {
  listProducts: listAutomationProductsRoute,
  listSubscriptions: listAutomationSubscriptionsRoute,
  assignSubscription: assignAutomationSubscriptionRoute,
  freezeSubscription: freezeAutomationSubscriptionRoute,
  reactivateSubscription: reactivateAutomationSubscriptionRoute,
  cancelSubscription: cancelAutomationSubscriptionRoute,
};
