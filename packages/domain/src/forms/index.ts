// Forms (decisions.md "Supporting web routes" forms; docs/DECISIONS.md "Forms (web routes)").
export { createForm } from "./create-form";
export { getForm } from "./get-form";
export { listForms } from "./list-forms";
export { updateForm } from "./update-form";
export { assertStoredStudioPdf, checkForm, loadFormRow, toForm } from "./form-support";
export {
  assignForm,
  DEFAULT_APP_WEB_URL,
  SIGNING_TOKEN_BYTES,
  signingTokenHash,
  type AssignFormInput,
} from "./assign-form";
export { frozenSchemaOf, toFormAssignmentRecord, type FrozenFormSchema } from "./form-assignment-record";
