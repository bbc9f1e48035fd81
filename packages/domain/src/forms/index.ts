// Forms (decisions.md "Supporting web routes" forms; docs/DECISIONS.md "Forms (web routes)").
export { createForm } from "./create-form";
export { getForm } from "./get-form";
export { listForms } from "./list-forms";
export { updateForm } from "./update-form";
export { assertStoredStudioPdf, checkForm, loadFormRow, toForm } from "./form-support";
