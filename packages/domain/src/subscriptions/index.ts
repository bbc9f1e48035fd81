// Subscriptions (decisions.md "Subscriptions and forms"): the FIRST_PLAN hook; the module comes with the automation issue.
export {
  activateFirstPlanSubscriptions,
  type FirstPlanActivation,
} from "./activate-first-plan-subscriptions";
