// The automation lane's operations (document 3 "Automation lane"): lane shaping (pages, data keys,
// audit entries) around the operations the coach app shares.
export { automationPage } from "./automation-page";
export { assignAutomationSubscription } from "./assign-automation-subscription";
export { registerAutomationHook } from "./register-automation-hook";
export { removeAutomationHook } from "./remove-automation-hook";
export { createAutomationTask } from "./create-automation-task";
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
export { listAutomationProgramTemplates } from "./list-automation-program-templates";
export { listAutomationPrograms } from "./list-automation-programs";
export { assignAutomationProgram } from "./assign-automation-program";
export { listAutomationWeights } from "./list-automation-weights";
export { logAutomationWeight } from "./log-automation-weight";
export { sendAutomationMessage } from "./send-automation-message";
export { listRpcProducts } from "./list-rpc-products";
export { listRpcCoaches } from "./list-rpc-coaches";
export { listRpcProgramTemplates } from "./list-rpc-program-templates";
export { listRpcTags } from "./list-rpc-tags";
