// The automation lane's operations (document 3 "Automation lane"): lane shaping (pages, data keys,
// audit entries) around the operations the coach app shares.
export { automationPage } from "./automation-page";
export { listAutomationProducts } from "./list-automation-products";
export { listAutomationSubscriptions } from "./list-automation-subscriptions";
export { assignAutomationSubscription } from "./assign-automation-subscription";
export { freezeAutomationSubscription } from "./freeze-automation-subscription";
export { reactivateAutomationSubscription } from "./reactivate-automation-subscription";
export { cancelAutomationSubscription } from "./cancel-automation-subscription";
export { registerAutomationHook } from "./register-automation-hook";
export { listAutomationHooks } from "./list-automation-hooks";
export { removeAutomationHook } from "./remove-automation-hook";
export { listAutomationTasks } from "./list-automation-tasks";
export { createAutomationTask } from "./create-automation-task";
export { updateAutomationTask } from "./update-automation-task";
export { createAutomationTrainee } from "./create-automation-trainee";
export { searchAutomationTrainees } from "./search-automation-trainees";
export { findAutomationTraineeByPhone } from "./find-automation-trainee-by-phone";
export { getAutomationTrainee } from "./get-automation-trainee";
export { updateAutomationTrainee } from "./update-automation-trainee";
export { deleteAutomationTrainee } from "./delete-automation-trainee";
export { listAutomationForms } from "./list-automation-forms";
export { assignAutomationForm } from "./assign-automation-form";
export { listAutomationFormResponses } from "./list-automation-form-responses";
export { listRpcForms } from "./list-rpc-forms";
export { listRpcFormFields } from "./list-rpc-form-fields";
