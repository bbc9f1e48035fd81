// Forms (decisions.md "Supporting web routes" forms; docs/decisions/forms.md "Forms (web routes)").
export { createForm } from "./create-form";
export { getForm } from "./get-form";
export { listForms } from "./list-forms";
export { updateForm } from "./update-form";
export { loadFormRow, toForm } from "./form-record";
export { assertStoredStudioPdf, checkForm } from "./form-rules";
export {
  assignForm,
  DEFAULT_APP_WEB_URL,
  SIGNING_TOKEN_BYTES,
  signingTokenHash,
  type AssignFormInput,
} from "./assign-form";
export { frozenSchemaOf, toFormAssignmentRecord, type FrozenFormSchema } from "./form-assignment-record";
export { listTraineeForms, TRAINEE_FORMS_MAX } from "./list-trainee-forms";
export { getTraineeForm } from "./get-trainee-form";
export { submitTraineeForm } from "./submit-trainee-form";
export { completeFormAssignment, toFormResponseRecord } from "./complete-form-assignment";
export {
  MEASUREMENT_KEYS,
  MEASUREMENT_MAX_CM,
  validateAnswers,
  type AnswerValue,
  type MeasurementKey,
  type ValidatedAnswers,
} from "./validate-answers";
export { announceDeferredForms, type DeferredFormRun } from "./announce-deferred-forms";
export { recurringCheckIns, sendDueRecurringCheckIns, type RecurringCheckInRun } from "./recurring-check-ins";
