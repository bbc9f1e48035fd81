import { assignAutomationFormRoute } from "./assign-automation-form";
import { listAutomationFormResponsesRoute } from "./list-automation-form-responses";
import { listAutomationFormsRoute } from "./list-automation-forms";
import { listRpcFormFieldsRoute } from "./list-rpc-form-fields";
import { listRpcFormsRoute } from "./list-rpc-forms";
import { assignAutomationSubscriptionRoute } from "./assign-automation-subscription";
import { cancelAutomationSubscriptionRoute } from "./cancel-subscription";
import { freezeAutomationSubscriptionRoute } from "./freeze-subscription";
import { listAutomationProductsRoute } from "./list-products";
import { listAutomationSubscriptionsRoute } from "./list-live-subscriptions";
import { reactivateAutomationSubscriptionRoute } from "./reactivate-subscription";
import { listAutomationHooksRoute } from "./list-webhooks";
import { registerAutomationHookRoute } from "./register-automation-hook";
import { removeAutomationHookRoute } from "./remove-automation-hook";
import { createAutomationTaskRoute } from "./create-automation-task";
import { listAutomationTasksRoute } from "./list-tasks";
import { updateAutomationTaskRoute } from "./update-task";
import { createAutomationTraineeRoute } from "./create-automation-trainee";
import { searchAutomationTraineesRoute } from "./search-automation-trainees";
import { findAutomationTraineeByPhoneRoute } from "./find-automation-trainee-by-phone";
import { getAutomationTraineeRoute } from "./get-automation-trainee";
import { updateAutomationTraineeRoute } from "./update-automation-trainee";
import { deleteAutomationTraineeRoute } from "./delete-automation-trainee";
import { listAutomationProgramTemplatesRoute } from "./list-automation-program-templates";
import { listAutomationProgramsRoute } from "./list-automation-programs";
import { assignAutomationProgramRoute } from "./assign-automation-program";
import { listAutomationWeightsRoute } from "./list-automation-weights";
import { logAutomationWeightRoute } from "./log-automation-weight";
import { sendAutomationMessageRoute } from "./send-automation-message";
import { listRpcProductsRoute } from "./list-rpc-products";
import { listRpcCoachesRoute } from "./list-rpc-coaches";
import { listRpcProgramTemplatesRoute } from "./list-rpc-program-templates";
import { listRpcTagsRoute } from "./list-rpc-tags";

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

/**
 * /v1/automation/trainees (document 3 "POST /v1/automation/trainees", "search", "by-phone",
 * "GET, PATCH, DELETE /v1/automation/trainees/:id"). The route table matches static segments
 * before `{id}`, so /trainees/search and /trainees/by-phone/{phone} are never read as an id.
 */
export const traineesAutomationRoutes = {
  createTrainee: createAutomationTraineeRoute,
  searchTrainees: searchAutomationTraineesRoute,
  findTraineeByPhone: findAutomationTraineeByPhoneRoute,
  getTrainee: getAutomationTraineeRoute,
  updateTrainee: updateAutomationTraineeRoute,
  deleteTrainee: deleteAutomationTraineeRoute,
};

/** /v1/automation forms, form responses and their dropdowns (document 3 "Forms", "Dropdown sources"). */
export const formsAutomationRoutes = {
  listForms: listAutomationFormsRoute,
  assignForm: assignAutomationFormRoute,
  listFormResponses: listAutomationFormResponsesRoute,
  rpcForms: listRpcFormsRoute,
  rpcFormFields: listRpcFormFieldsRoute,
};

/** /v1/automation program templates and programs (document 3 "Programs"). */
export const programsAutomationRoutes = {
  listProgramTemplates: listAutomationProgramTemplatesRoute,
  listPrograms: listAutomationProgramsRoute,
  assignProgram: assignAutomationProgramRoute,
};

/** /v1/automation weights and message (document 3 "Weights, message, tasks"). */
export const weightsAutomationRoutes = {
  listWeights: listAutomationWeightsRoute,
  logWeight: logAutomationWeightRoute,
  sendMessage: sendAutomationMessageRoute,
};

/** /v1/automation/rpc dropdown sources (document 3 "Dropdown sources"; forms and form-fields are the forms module's). */
export const rpcAutomationRoutes = {
  rpcProducts: listRpcProductsRoute,
  rpcCoaches: listRpcCoachesRoute,
  rpcProgramTemplates: listRpcProgramTemplatesRoute,
  rpcTags: listRpcTagsRoute,
};
