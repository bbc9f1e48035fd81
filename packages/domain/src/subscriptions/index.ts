// Subscriptions (decisions.md "Supporting web routes" plans, "Subscriptions and forms"; document 3 "Plans and subscriptions").
export {
  activateFirstPlanSubscriptions,
  type FirstPlanActivation,
} from "./activate-first-plan-subscriptions";
export { createPlan } from "./create-plan";
export { listPlans } from "./list-plans";
export { updatePlan } from "./update-plan";
export { listProducts } from "./list-products";
export { listLiveSubscriptions } from "./list-live-subscriptions";
export { assignSubscription } from "./assign-subscription";
export { freezeSubscription } from "./freeze-subscription";
export { reactivateSubscription } from "./reactivate-subscription";
export { cancelSubscription } from "./cancel-subscription";
export { coverageOfLiveSubscriptions } from "./subscription-coverage";
